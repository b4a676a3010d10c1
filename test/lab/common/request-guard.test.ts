/**
 * No web page and no other machine can drive the lab: every server the lab opens (console,
 * deploy endpoint, API Gateway stage, SQS, DynamoDB, CloudWatch Logs) listens on loopback only
 * and answers, through one guard, the requests a page the learner visits could send (a form
 * post, a no-cors fetch, a DNS-rebinding read, a preflight) and bad input of every kind, as the
 * table below states; the lab's memory stays flat under half-gigabyte bodies, and a normal job
 * still runs afterwards. All traffic goes to 127.0.0.1.
 */
import { ListQueuesCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabLogRecord } from '#lab/bus/lab-log-record';
import { CONSOLE_MAX_REQUEST_BYTES, type LabConsole, startConsole } from '#lab/console/console-server';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { MAX_PAYLOAD_BYTES } from '#lab/services/apigateway/apigateway-api';
import { DEPLOY_MAX_REQUEST_BYTES, startDeployEndpoint } from '#lab/services/cloudformation/cdk-client/deploy-endpoint';
import { DYNAMODB_MAX_REQUEST_BYTES } from '#lab/services/dynamodb/errors';
import { LOGS_MAX_REQUEST_BYTES } from '#lab/services/logs/logs-api';
import { SQS_MAX_REQUEST_BYTES } from '#lab/services/sqs/errors';
import { listeningSockets } from '#test/helpers/listening-sockets';
import { GATEWAY_MAX_REQUEST_BYTES } from '#lab/gateway/lab-gateway';
import { halfOpenRequest, type RawAnswer, type RawRequest, rawRequest } from '#test/helpers/raw-http';
import { functionEvents } from '#lab/test/helpers/bus-records';
import { waitFor } from '#lab/test/helpers/wait-for';
import { LabBus } from '#lab/bus/lab-bus';
import { printLogs } from '#lab/terminal/print-logs';

type ServerName = 'console' | 'deploy' | 'api' | 'sqs' | 'dynamodb' | 'logs' | 'endpoint';

/** One row of the table: a request to one server and the answer it must get. */
interface GuardCase {
  readonly name: string;
  readonly server: ServerName;
  readonly path?: string;
  readonly request: RawRequest;
  readonly status: number;
  /** Checked against the parsed JSON body, or the text when it is not JSON. */
  readonly body?: (body: unknown) => void;
}

const EVIL = 'http://evil.example';
const JSON_TYPE = { 'content-type': 'application/json' };
const SQS = (action: string) => ({
  'content-type': 'application/x-amz-json-1.0',
  'x-amz-target': `AmazonSQS.${action}`,
});
const DYNAMODB = (action: string) => ({
  'content-type': 'application/x-amz-json-1.0',
  'x-amz-target': `DynamoDB_20120810.${action}`,
});
const LOGS = (action: string) => ({
  'content-type': 'application/x-amz-json-1.1',
  'x-amz-target': `Logs_20140328.${action}`,
});
const INVALID_UTF8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]);
const awsType = (type: string) => (body: unknown) => expect((body as { __type?: string }).__type).toBe(type);
const consoleError = (text: string) => (body: unknown) => expect((body as { error?: string }).error).toBe(text);

/** The requests the probes sent, and the bad input every port must refuse cleanly. */
const CASES: readonly GuardCase[] = [
  // Console: cross-site writes, DNS rebinding, type, size, framing.
  {
    name: 'a cross-site text/plain enqueue (a form post, a no-cors fetch)',
    server: 'console',
    path: 'api/enqueue',
    request: {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: EVIL },
      body: '{"stack":"VisibilityDupStack","body":{"id":"guard-evil","sleep":0}}',
    },
    status: 403,
    body: consoleError('the console does not answer pages of other origins'),
  },
  {
    name: 'a cross-site redrive',
    server: 'console',
    path: 'api/redrive',
    request: { method: 'POST', headers: { ...JSON_TYPE, origin: EVIL }, body: '{"stack":"VisibilityDupStack"}' },
    status: 403,
  },
  {
    name: 'a cross-site experiment run',
    server: 'console',
    path: 'api/experiments/heartbeat',
    request: { method: 'POST', headers: { 'content-type': 'text/plain', origin: EVIL } },
    status: 403,
  },
  {
    name: 'a write marked Sec-Fetch-Site: cross-site, without Origin',
    server: 'console',
    path: 'api/enqueue',
    request: { method: 'POST', headers: { ...JSON_TYPE, 'sec-fetch-site': 'cross-site' }, body: '{}' },
    status: 403,
    body: consoleError('the console refuses writes sent by another site'),
  },
  {
    name: 'a frame load by another local site',
    server: 'console',
    request: { headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'iframe' } },
    status: 403,
  },
  {
    name: 'a DNS-rebinding read of the state',
    server: 'console',
    path: 'api/state',
    request: { headers: { host: 'rebind.evil.example' } },
    status: 403,
    body: consoleError('the console answers only localhost and 127.0.0.1 with its own port (a DNS-rebinding guard)'),
  },
  {
    name: 'a loopback Host with another port',
    server: 'console',
    path: 'api/state',
    request: { headers: { host: 'localhost:1' } },
    status: 403,
  },
  {
    name: 'a same-origin text/plain enqueue',
    server: 'console',
    path: 'api/enqueue',
    request: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' },
    status: 415,
  },
  {
    name: `a body over ${CONSOLE_MAX_REQUEST_BYTES} bytes`,
    server: 'console',
    path: 'api/enqueue',
    request: { method: 'POST', headers: JSON_TYPE, streamBytes: 50_000_000 },
    status: 413,
  },
  {
    name: 'malformed JSON',
    server: 'console',
    path: 'api/enqueue',
    request: { method: 'POST', headers: JSON_TYPE, body: '{"stack":' },
    status: 400,
  },
  {
    name: 'invalid UTF-8',
    server: 'console',
    path: 'api/enqueue',
    request: { method: 'POST', headers: JSON_TYPE, body: INVALID_UTF8 },
    status: 400,
  },
  { name: 'an unknown route', server: 'console', path: 'api/nothing', request: {}, status: 404 },
  // Deploy endpoint.
  {
    name: 'a cross-site text/plain deploy',
    server: 'deploy',
    request: { method: 'POST', headers: { 'content-type': 'text/plain', origin: EVIL }, body: '{"context":{}}' },
    status: 403,
  },
  {
    name: 'a deploy through a rebound host name',
    server: 'deploy',
    request: { method: 'POST', headers: { ...JSON_TYPE, host: 'rebind.evil.example' }, body: '{}' },
    status: 403,
  },
  {
    name: 'a text/plain deploy without Origin',
    server: 'deploy',
    request: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' },
    status: 415,
  },
  {
    name: `a 500 MB deploy body (the limit is ${DEPLOY_MAX_REQUEST_BYTES} bytes)`,
    server: 'deploy',
    request: { method: 'POST', headers: JSON_TYPE, streamBytes: 500_000_000 },
    status: 413,
  },
  {
    name: 'a malformed deploy body',
    server: 'deploy',
    request: { method: 'POST', headers: JSON_TYPE, body: '{"context":' },
    status: 400,
  },
  {
    name: 'a context of the wrong type',
    server: 'deploy',
    request: { method: 'POST', headers: JSON_TYPE, body: '{"context":{"batchSize":1}}' },
    status: 400,
  },
  // API Gateway stage.
  {
    name: 'a cross-site enqueue',
    server: 'api',
    path: 'enqueue',
    request: { method: 'POST', headers: { 'content-type': 'text/plain', origin: EVIL }, body: '{"id":"x"}' },
    status: 403,
  },
  {
    name: 'an enqueue through a rebound host name',
    server: 'api',
    path: 'enqueue',
    request: { method: 'POST', headers: { ...JSON_TYPE, host: 'rebind.evil.example' }, body: '{"id":"x"}' },
    status: 403,
  },
  {
    name: 'a body over the 10 MB payload limit',
    server: 'api',
    path: 'enqueue',
    request: { method: 'POST', headers: JSON_TYPE, streamBytes: MAX_PAYLOAD_BYTES + 1 },
    status: 413,
    body: (body) => expect(body).toEqual({ message: 'Request Too Long' }),
  },
  {
    name: 'malformed JSON (the producer answers 400)',
    server: 'api',
    path: 'enqueue',
    request: { method: 'POST', headers: JSON_TYPE, body: '{"id":' },
    status: 400,
  },
  {
    name: 'an unknown route',
    server: 'api',
    path: 'nowhere',
    request: { method: 'POST', headers: JSON_TYPE, body: '{}' },
    status: 403,
    body: (body) => expect(body).toEqual({ message: 'Missing Authentication Token' }),
  },
  // SQS (fauxqs behind the lab's server).
  {
    name: 'a DNS-rebinding ListQueues',
    server: 'sqs',
    request: { method: 'POST', headers: { ...SQS('ListQueues'), host: 'rebind.evil.example' }, body: '{}' },
    status: 403,
    body: awsType('com.amazonaws.sqs#AccessDenied'),
  },
  {
    // An older SDK speaks SQS's query protocol and expects its XML errors; it reads a JSON one as
    // nothing ("reading '#text'"). AWS's shape: `<ErrorResponse><Error><Type>Sender</Type><Code>`
    // (LocalStack's aws.validated SQS query snapshots).
    name: 'a DNS-rebinding ListQueues in the query protocol, answered in its XML',
    server: 'sqs',
    request: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'rebind.evil.example' },
      body: 'Action=ListQueues&Version=2012-11-05',
    },
    status: 403,
    body: (body) =>
      expect(body).toMatch(
        /^<\?xml version="1\.0"\?><ErrorResponse><Error><Type>Sender<\/Type><Code>AccessDenied<\/Code><Message>The lab&#39;s SQS answers only loopback host names/,
      ),
  },
  {
    // A browser always puts a port other than 80 in Host; an older SDK may leave it out.
    name: 'a loopback Host without a port, as an older SDK sends it',
    server: 'sqs',
    request: { method: 'POST', headers: { ...SQS('ListQueues'), host: '127.0.0.1' }, body: '{}' },
    status: 200,
  },
  {
    name: 'a cross-site SendMessage',
    server: 'sqs',
    request: { method: 'POST', headers: { 'content-type': 'text/plain', origin: EVIL }, body: '{}' },
    status: 403,
  },
  {
    name: 'a preflight from a foreign origin',
    server: 'sqs',
    request: {
      method: 'OPTIONS',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-amz-target',
      },
    },
    status: 403,
  },
  {
    name: 'malformed JSON (was a 500)',
    server: 'sqs',
    request: { method: 'POST', headers: SQS('ListQueues'), body: '{"QueueNamePrefix":' },
    status: 400,
    body: awsType('com.amazon.coral.service#SerializationException'),
  },
  {
    name: `a body over ${SQS_MAX_REQUEST_BYTES} bytes`,
    server: 'sqs',
    request: { method: 'POST', headers: SQS('SendMessage'), streamBytes: 500_000_000 },
    status: 413,
    body: (body) => expect(body).toBe(`HTTP content length exceeded ${SQS_MAX_REQUEST_BYTES} bytes.`),
  },
  {
    name: 'a chunked body over the limit',
    server: 'sqs',
    request: { method: 'POST', headers: SQS('SendMessage'), streamBytes: 20_000_000, chunked: true },
    status: 413,
  },
  {
    name: 'invalid UTF-8',
    server: 'sqs',
    request: { method: 'POST', headers: SQS('ListQueues'), body: INVALID_UTF8 },
    status: 400,
    body: awsType('com.amazon.coral.service#SerializationException'),
  },
  {
    name: 'an unknown action',
    server: 'sqs',
    request: { method: 'POST', headers: SQS('DoSomething'), body: '{}' },
    status: 400,
  },
  // DynamoDB (dynalite behind the lab's server).
  {
    name: 'a preflight from a foreign origin (dynalite granted *)',
    server: 'dynamodb',
    request: {
      method: 'OPTIONS',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-amz-target',
      },
    },
    status: 403,
  },
  {
    name: 'a cross-site PutItem',
    server: 'dynamodb',
    request: { method: 'POST', headers: { ...DYNAMODB('PutItem'), origin: EVIL }, body: '{}' },
    status: 403,
    body: awsType('com.amazon.coral.service#AccessDeniedException'),
  },
  {
    name: 'a DNS-rebinding Scan',
    server: 'dynamodb',
    request: { method: 'POST', headers: { ...DYNAMODB('ListTables'), host: 'rebind.evil.example' }, body: '{}' },
    status: 403,
  },
  {
    name: `a body over ${DYNAMODB_MAX_REQUEST_BYTES} bytes`,
    server: 'dynamodb',
    request: { method: 'POST', headers: DYNAMODB('PutItem'), streamBytes: 500_000_000 },
    status: 413,
    body: awsType('com.amazon.coral.service#RequestEntityTooLarge'),
  },
  {
    name: 'malformed JSON',
    server: 'dynamodb',
    request: { method: 'POST', headers: DYNAMODB('ListTables'), body: '{"Limit":' },
    status: 400,
    body: awsType('com.amazon.coral.service#SerializationException'),
  },
  // CloudWatch Logs.
  {
    name: 'a DNS-rebinding FilterLogEvents',
    server: 'logs',
    request: { method: 'POST', headers: { ...LOGS('DescribeLogGroups'), host: 'rebind.evil.example' }, body: '{}' },
    status: 403,
    body: awsType('AccessDeniedException'),
  },
  {
    name: `a body over ${LOGS_MAX_REQUEST_BYTES} bytes (was a dropped connection)`,
    server: 'logs',
    request: { method: 'POST', headers: LOGS('FilterLogEvents'), streamBytes: 500_000_000 },
    status: 413,
    body: awsType('RequestEntityTooLarge'),
  },
  {
    name: 'a chunked body over the limit',
    server: 'logs',
    request: { method: 'POST', headers: LOGS('FilterLogEvents'), streamBytes: 3_000_000, chunked: true },
    status: 413,
  },
  {
    name: 'a parameter of the wrong type (was a 500)',
    server: 'logs',
    request: { method: 'POST', headers: LOGS('FilterLogEvents'), body: '{"logGroupName":{"a":1}}' },
    status: 400,
    body: awsType('SerializationException'),
  },
  {
    name: 'malformed JSON',
    server: 'logs',
    request: { method: 'POST', headers: LOGS('FilterLogEvents'), body: '{"logGroupName":' },
    status: 400,
    body: awsType('SerializationException'),
  },
  {
    name: 'invalid UTF-8',
    server: 'logs',
    request: { method: 'POST', headers: LOGS('DescribeLogGroups'), body: INVALID_UTF8 },
    status: 400,
    body: awsType('SerializationException'),
  },
  {
    name: 'an unknown action',
    server: 'logs',
    request: { method: 'POST', headers: LOGS('TagResource'), body: '{}' },
    status: 400,
    body: awsType('UnknownOperationException'),
  },
  // The one AWS endpoint (LocalLab.EndpointUrl): the same guard, and what it passes on still answers as the service.
  {
    name: 'a DNS-rebinding call through the one endpoint',
    server: 'endpoint',
    request: { method: 'POST', headers: { ...SQS('ListQueues'), host: 'rebind.evil.example' }, body: '{}' },
    status: 403,
    body: awsType('AccessDeniedException'),
  },
  {
    name: 'a cross-site form post to the one endpoint',
    server: 'endpoint',
    request: {
      method: 'POST',
      headers: { ...SQS('SendMessage'), 'content-type': 'text/plain', origin: EVIL, 'sec-fetch-site': 'cross-site' },
      body: '{"QueueUrl":"x","MessageBody":"guard-evil"}',
    },
    status: 403,
  },
  {
    name: `a body over ${GATEWAY_MAX_REQUEST_BYTES} bytes to the one endpoint`,
    server: 'endpoint',
    request: { method: 'POST', headers: SQS('SendMessage'), streamBytes: 500_000_000 },
    status: 413,
    body: awsType('RequestEntityTooLarge'),
  },
  {
    name: 'a DNS-rebinding CloudFormation query to the one endpoint, answered in query XML',
    server: 'endpoint',
    request: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'rebind.evil.example' },
      body: 'Action=ListStacks&Version=2010-05-15',
    },
    status: 403,
    body: (body) => expect(body).toMatch(/<ErrorResponse><Error><Type>Sender<\/Type><Code>AccessDenied<\/Code>/),
  },
  {
    name: 'a DNS-rebinding S3 request to the one endpoint, answered in S3 XML',
    server: 'endpoint',
    path: 'bucket/key',
    request: {
      headers: {
        host: 'rebind.evil.example',
        authorization:
          'AWS4-HMAC-SHA256 Credential=LAB/20261128/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=0',
      },
    },
    status: 403,
    body: (body) => expect(body).toMatch(/<Error><Code>AccessDenied<\/Code><Message>The lab/),
  },
  {
    name: 'malformed JSON passed on to SQS through the one endpoint',
    server: 'endpoint',
    request: { method: 'POST', headers: SQS('ListQueues'), body: '{"QueueNamePrefix":' },
    status: 400,
  },
];

function parsed(answer: RawAnswer): unknown {
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    return answer.body;
  }
}

describe('the lab against web pages, other machines and bad input', () => {
  let lab: Lab;
  let labConsole: LabConsole;
  let deploys = 0;
  let deployUrl: string;
  const printed: string[] = [];
  let records: LabLogRecord[];
  const urls = {} as Record<ServerName, string>;

  beforeAll(async () => {
    const bus = new LabBus();
    printLogs(bus, (text) => printed.push(text));
    lab = await startTutorialLab({ stacks: ['VisibilityDupStack'], bus });
    records = lab.logs.collect().records;
    labConsole = await startConsole(lab);
    const endpoint = await startDeployEndpoint(async () => {
      deploys += 1;
      return [];
    });
    deployUrl = endpoint.url;
    const local = lab.outputs().LocalLab;
    Object.assign(urls, {
      console: labConsole.url,
      deploy: endpoint.url,
      api: lab.stack('VisibilityDupStack').apiEndpoint,
      sqs: `${local?.SqsEndpointUrl}/`,
      dynamodb: `${local?.DynamoDbEndpointUrl}/`,
      logs: `${local?.LogsEndpointUrl}/`,
      endpoint: `${local?.EndpointUrl}/`,
    });
    stopEndpoint = () => endpoint.stop();
  });
  let stopEndpoint: () => Promise<void> = async () => undefined;

  afterAll(async () => {
    await stopEndpoint();
    await labConsole?.stop();
    await lab?.stop();
  });

  it('listens on loopback addresses only, every socket of it read from the kernel', () => {
    const sockets = listeningSockets();
    const ports = Object.values(urls).map((url) => Number(new URL(url).port));
    // Every server of the table is among them, and nothing listens beyond loopback.
    expect(sockets.map((socket) => socket.port)).toEqual(expect.arrayContaining(ports));
    for (const socket of sockets) expect(['127.0.0.1', '::1']).toContain(socket.address);
  });

  it.each(CASES.map((testCase) => [`${testCase.server}: ${testCase.name}`, testCase] as const))(
    '%s',
    async (_name, testCase) => {
      const answer = await rawRequest(new URL(testCase.path ?? '', urls[testCase.server]).href, testCase.request);
      expect(answer.status).toBe(testCase.status);
      // Never a stack trace, never a grant to every origin.
      expect(answer.body).not.toMatch(/\n\s+at /);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      testCase.body?.(parsed(answer));
    },
  );

  it('did not deploy, enqueue or run anything for the refused requests', () => {
    expect(deploys).toBe(0);
    expect(records.filter((record) => record.kind === 'function' && record.line.includes('guard-evil'))).toEqual([]);
  });

  it("grants CORS to the console's own origin by name, never to every origin", async () => {
    const origin = new URL(labConsole.url).origin;
    for (const server of ['sqs', 'dynamodb'] as const) {
      const preflight = await rawRequest(urls[server], {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-amz-target' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    }
    const list = await rawRequest(urls.dynamodb, {
      method: 'POST',
      headers: {
        ...DYNAMODB('ListTables'),
        origin,
        'x-amz-date': '20260101T000000Z',
        authorization:
          'AWS4-HMAC-SHA256 Credential=a/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=x',
      },
      body: '{}',
    });
    expect(list.status).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(origin);
  });

  it('keeps its memory within 50 MB of its baseline through half-gigabyte bodies on every port', async () => {
    const baseline = process.memoryUsage().rss;
    for (const server of Object.keys(urls) as ServerName[]) {
      const answer = await rawRequest(urls[server], { method: 'POST', headers: JSON_TYPE, streamBytes: 500_000_000 });
      expect(answer.status, server).toBe(413);
    }
    // Four 450 MB bodies at once, to the deploy endpoint (a cross-site page could send them).
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => rawRequest(deployUrl, { method: 'POST', headers: JSON_TYPE, streamBytes: 450_000_000 })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 413]);
    expect(process.memoryUsage().rss - baseline).toBeLessThan(50 * 1024 * 1024);
  });

  it('prints what a request sends, never the control characters that would drive the terminal', async () => {
    const field = '\u001b]0;pwned\u0007\n12:00:00.000  VisibilityDupStack/Worker  INFO   Completed forged';
    const answer = await rawRequest(`${urls.api}enqueue`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ id: 'guard-term', sleep: 0, [field]: 1 }),
    });
    expect(answer.status).toBe(400);
    const warning = await waitFor(
      () => printed.find((text) => text.includes('unknown field')),
      5000,
      'the producer to print its warning',
    );
    expect(warning).toContain('\\x1B]0;pwned\\x07\\n12:00:00.000');
    expect(warning.slice(0, -1)).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
  });

  it('bounds half-open connections (408), and serves a normal job meanwhile and afterwards', async () => {
    const halfOpen = (['console', 'sqs', 'dynamodb', 'logs'] as const).map((server) => halfOpenRequest(urls[server]));
    try {
      const { QueueUrls = [] } = await lab.clients.sqs.send(new ListQueuesCommand({}));
      expect(QueueUrls.length).toBeGreaterThan(0);
      const answer = await fetch(`${urls.api}enqueue`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ id: 'guard-after', sleep: 0 }),
      });
      expect(answer.status).toBe(202);
      await waitFor(
        () => functionEvents(records, 'completed').find((record) => record.parsed?.id === 'guard-after'),
        15_000,
        'the job to complete',
      );
      // Each server closes its half-open connection with a 408 once the headers timeout passes.
      const closed = await Promise.all(halfOpen.map((connection) => connection.closed));
      for (const text of closed) expect(text).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      for (const connection of halfOpen) connection.socket.destroy();
    }
  }, 40_000);

  it('throttles the stage as its template says (burst 10, 1 request/s), before the producer runs', async () => {
    const answers: number[] = [];
    for (let sent = 0; sent < 15 && !answers.includes(429); sent += 1) {
      const answer = await rawRequest(`${urls.api}enqueue`, { method: 'POST', headers: JSON_TYPE, body: '{"id":' });
      answers.push(answer.status);
      if (answer.status === 429) expect(parsed(answer)).toEqual({ message: 'Too Many Requests' });
    }
    expect(answers).toContain(429);
    // The burst's 10 tokens, and at most a couple refilled at 1 per second while they were spent.
    expect(answers.indexOf(429)).toBeGreaterThanOrEqual(10);
    expect(answers.indexOf(429)).toBeLessThanOrEqual(12);
  });
});
