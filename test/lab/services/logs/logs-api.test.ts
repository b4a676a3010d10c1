import {
  CloudWatchLogsClient,
  DescribeLogGroupsCommand,
  DescribeLogStreamsCommand,
  FilterLogEventsCommand,
  type FilteredLogEvent,
  GetLogEventsCommand,
  GetQueryResultsCommand,
  ResourceNotFoundException,
  StartQueryCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionLogRecord, LabLogRecord } from '#lab/bus/lab-log-record';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { InvalidParameterError } from '#lab/services/logs/errors';
import { compileFilterPattern } from '#lab/services/logs/filter-pattern';
import { prettyText } from '#lab/terminal/pretty-text';
import { fixtureTopology } from '#test/helpers/fixture-topology';
import { functionEvents } from '#lab/test/helpers/bus-records';
import { sendBodies } from '#lab/test/helpers/queue-messages';
import { waitFor } from '#lab/test/helpers/wait-for';

describe('compileFilterPattern (CloudWatch Logs filter pattern syntax)', () => {
  const line = JSON.stringify({
    level: 'INFO',
    event: 'start',
    id: 'msg-1',
    receiveCount: 2,
    ok: true,
    nested: { a: 'x' },
  });

  it.each([
    ['', true],
    ['start', true],
    ['"event":"start"', true],
    ['start msg-2', false],
    ['?msg-2 ?msg-1', true],
    ['start -msg-1', false],
    ['{ $.event = "start" }', true],
    ['{ $.event = start }', true],
    ['{ $.event = "st*" }', true],
    ['{ $.event != "start" }', false],
    ['{ $.event = * }', true],
    ['{ $.missing = * }', false],
    ['{ $.receiveCount > 1 }', true],
    ['{ $.receiveCount >= 3 }', false],
    ['{ $.receiveCount = 2 }', true],
    ['{ $.nested.a = "x" && $.ok IS TRUE }', true],
    ['{ ($.event = "end" || $.id = "msg-1") && $.missing NOT EXISTS }', true],
  ])('%j matches the line: %s', (pattern, expected) => {
    expect(compileFilterPattern(pattern)(line)).toBe(expected);
  });

  it('matches no plain-text line with a JSON pattern, and refuses a broken pattern', () => {
    expect(compileFilterPattern('{ $.event = * }')('START RequestId: x')).toBe(false);
    expect(() => compileFilterPattern('{ $.event = ')).toThrow(InvalidParameterError);
  });
});

describe('prettyText (how npm run lab prints a line)', () => {
  const base = { stackName: 'VisibilityDupStack', functionId: 'Worker', functionName: 'VisibilityDupStack-Worker' };
  const time = Date.parse('2026-11-23T07:18:44.123Z');

  it('shows time, function, level and message', () => {
    const record: LabLogRecord = {
      kind: 'function',
      ...base,
      requestId: 'r',
      logStreamName: 's',
      stream: 'stdout',
      line: '{"level":"INFO","message":"Start msg-1 sleep 8"}',
      parsed: { level: 'INFO', message: 'Start msg-1 sleep 8' },
      time,
    };
    expect(prettyText(record)).toBe('07:18:44.123  VisibilityDupStack/Worker    INFO   Start msg-1 sleep 8');
  });

  it('shows an error message as its type and text, and a REPORT in a few words', () => {
    const error: LabLogRecord = {
      kind: 'function',
      ...base,
      requestId: 'r',
      logStreamName: 's',
      stream: 'stdout',
      line: '',
      parsed: { level: 'ERROR', message: { errorType: 'TypeError', errorMessage: 'bad', stackTrace: [] } },
      time,
    };
    const report: LabLogRecord = {
      kind: 'platform',
      ...base,
      requestId: 'r',
      logStreamName: 's',
      line: '',
      parsed: {
        time: '',
        type: 'platform.report',
        record: {
          metrics: { durationMs: 8012.5, billedDurationMs: 8013, memorySizeMB: 256, maxMemoryUsedMB: 80 },
          status: 'success',
        },
      },
      time,
    };
    expect(prettyText(error)).toBe('07:18:44.123  VisibilityDupStack/Worker    ERROR  TypeError: bad');
    expect(prettyText(report)).toBe(
      '07:18:44.123  VisibilityDupStack/Worker    REPORT 8012.50 ms · billed 8013 ms · memory 80 of 256 MB',
    );
  });
});

describe("the lab's CloudWatch Logs endpoint (SDK client)", () => {
  let lab: Lab;
  let records: LabLogRecord[];
  let client: CloudWatchLogsClient;
  // The stack's own AWS::Logs::LogGroup, named by CloudFormation (the WorkerLogGroup output).
  let group: string;
  let producerGroup: string;

  beforeAll(async () => {
    lab = await startTutorialLab({ stacks: [fixtureTopology()] });
    records = lab.logs.collect().records;
    group = lab.outputs().BatchPartialStack?.WorkerLogGroup ?? '';
    producerGroup = lab.outputs().BatchPartialStack?.ProducerLogGroup ?? '';
    client = new CloudWatchLogsClient({ region: LAB_REGION, endpoint: lab.logsEndpoint, credentials: LAB_CREDENTIALS });
  });

  afterAll(async () => {
    client?.destroy();
    await lab?.stop();
  });

  async function allEvents(input: { filterPattern?: string; startTime?: number; limit?: number }) {
    const events: FilteredLogEvent[] = [];
    let nextToken: string | undefined;
    let pages = 0;
    do {
      const page = await client.send(
        new FilterLogEventsCommand({ logGroupName: group, interleaved: true, nextToken, ...input }),
      );
      events.push(...(page.events ?? []));
      nextToken = page.nextToken;
      pages += 1;
    } while (nextToken !== undefined);
    return { events, pages };
  }

  it('is bound to 127.0.0.1 and lists the log groups the stack created, as CloudFormation named them', async () => {
    const { logGroups } = await client.send(new DescribeLogGroupsCommand({ logGroupNamePrefix: 'BatchPartialStack-' }));

    expect(lab.logsEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(logGroups?.map((entry) => entry.logGroupName).sort()).toEqual([producerGroup, group].sort());
    expect(producerGroup).toMatch(/^BatchPartialStack-ProducerLogs[0-9A-F]{8}-[A-Z0-9]{8}$/);
    expect(logGroups?.find((entry) => entry.logGroupName === group)?.arn).toBe(
      `arn:aws:logs:us-east-1:000000000000:log-group:${group}:*`,
    );
  });

  it("holds the worker's lines in its environment's stream; FilterLogEvents reads, filters and pages them", async () => {
    const before = Date.now();
    await sendBodies(lab.clients.sqs, lab.stack('BatchPartialStack').queueUrl, [{ id: 'cw-1' }, { id: 'cw-2' }]);
    await waitFor(() => functionEvents(records, 'done').length >= 2, 5000, 'two done lines');
    await waitFor(
      () => records.filter((r) => r.kind === 'platform' && r.parsed.type === 'platform.report').length >= 1,
      2000,
      'a report',
    );

    const everything = await allEvents({ startTime: before });
    const starts = await allEvents({ startTime: before, filterPattern: '{ $.event = "start" }' });
    const paged = await allEvents({ startTime: before, limit: 1 });
    const plain = await allEvents({ startTime: before, filterPattern: 'cw-2' });
    const late = await allEvents({ startTime: Date.now() + 60_000 });

    const workerLines = records.filter(
      (r): r is FunctionLogRecord => r.kind === 'function' && r.functionId === 'Worker',
    );
    expect(everything.events.filter((e) => !e.message?.startsWith('{"time"')).map((e) => e.message)).toEqual(
      workerLines.map((r) => r.line),
    );
    expect(everything.events.map((e) => e.logStreamName)).toContain(workerLines[0]?.logStreamName);
    expect(everything.events.some((e) => e.message?.includes('"type":"platform.report"'))).toBe(true);
    const times = everything.events.map((e) => e.timestamp ?? 0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(starts.events.map((e) => JSON.parse(e.message ?? '{}').id)).toEqual(['cw-1', 'cw-2']);
    expect(paged.events.map((e) => e.eventId)).toEqual(everything.events.map((e) => e.eventId));
    expect(paged.pages).toBeGreaterThan(1);
    expect(plain.events.every((e) => e.message?.includes('cw-2'))).toBe(true);
    expect(plain.events.length).toBeGreaterThan(0);
    expect(late.events).toEqual([]);
  });

  it('describes the streams and reads one with GetLogEvents, the forward token staying put at the end', async () => {
    // Every invocation so far has reported (an AWS-like split may have made two), so nothing new arrives.
    const platform = (type: string) => records.filter((r) => r.kind === 'platform' && r.parsed.type === type).length;
    const deleted = (): number => Object.values(lab.counters()).reduce((sum, c) => sum + c.messagesDeleted, 0);
    await waitFor(
      () => deleted() >= 2 && platform('platform.report') >= platform('platform.start'),
      5000,
      'both messages deleted and every invocation reported',
    );
    const { logStreams } = await client.send(new DescribeLogStreamsCommand({ logGroupName: group }));
    const stream = logStreams?.[0]?.logStreamName ?? '';

    const head = await client.send(
      new GetLogEventsCommand({ logGroupName: group, logStreamName: stream, startFromHead: true }),
    );
    const after = await client.send(
      new GetLogEventsCommand({ logGroupName: group, logStreamName: stream, nextToken: head.nextForwardToken }),
    );

    expect(stream).toMatch(/^\d{4}\/\d{2}\/\d{2}\/\[\$LATEST\][0-9a-f]{32}$/);
    expect(head.events?.length).toBeGreaterThan(0);
    expect(head.events?.[0]?.message).toContain('"type":"platform.initStart"');
    expect(after.events).toEqual([]);
    expect(after.nextForwardToken).toBe(head.nextForwardToken);
  });

  it("runs a Logs Insights query over the worker's own lines and REPORT records (StartQuery, GetQueryResults)", async () => {
    const now = Math.ceil(Date.now() / 1000);
    const run = async (queryString: string) => {
      const { queryId } = await client.send(
        new StartQueryCommand({ logGroupName: group, queryString, startTime: now - 600, endTime: now }),
      );
      const { results = [], status } = await client.send(new GetQueryResultsCommand({ queryId }));
      expect(status).toBe('Complete');
      return results.map((row) => Object.fromEntries(row.map((field) => [field.field, field.value])));
    };

    expect(await run('filter event = "start" | fields id | sort id asc')).toMatchObject([
      { id: 'cw-1' },
      { id: 'cw-2' },
    ]);
    const reports = records.filter(
      (r) => r.kind === 'platform' && r.functionId === 'Worker' && r.parsed.type === 'platform.report',
    ).length;
    const [durations] = await run(
      'filter type = "platform.report" | stats count(*) as invocations, pct(record.metrics.durationMs, 99) as p99',
    );
    expect(Number(durations?.invocations)).toBe(reports);
    expect(Number(durations?.p99)).toBeGreaterThan(0);
  });

  it('answers ResourceNotFoundException for a group that does not exist', async () => {
    const failure = await client
      .send(new FilterLogEventsCommand({ logGroupName: '/aws/lambda/nope' }))
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ResourceNotFoundException);
    expect((failure as Error).message).toBe('The specified log group does not exist.');
  });
});
