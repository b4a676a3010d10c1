/**
 * A Python function's AWS calls pass the same gate as a Node.js function's: counted, authorized
 * by the lab's IAM and given the fault plan's faults (#32: "Python handlers get the same ... IAM
 * on every call, and fault injection as Node handlers"), and its network calls stay on this
 * machine. The function is CDK-free inline Python (CloudFormation's `ZipFile` → index.py) calling
 * the SQS emulator with the machine's boto3.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateQueueCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import {
  acquireLocalhostDns,
  createSqsClient,
  type Emulators,
  localhostDnsModuleUrl,
  startEmulators,
} from '#lab/emulators/emulators';
import type { AwsFaultRule } from '#lab/interceptors/aws-call-faults';
import { AwsCallLedger } from '#lab/interceptors/aws-call-ledger';
import type { ResourceProvider } from '#lab/services/cloudformation/resource-provider';
import { LambdaService } from '#lab/services/lambda/lambda-service';
import { lambdaFunctionProvider } from '#lab/services/lambda/resource-providers/lambda-function-provider';
import { bundleRuntimeWorker } from '#lab/services/lambda/runtime/bundle';
import { codeFromS3 } from '#lab/services/lambda/runtime/code-from-s3';

/** Sends one message, or opens a web page, and reports what boto3 or urllib raised. */
const SOURCE = [
  'import boto3, http.client, os, urllib.parse, urllib.request',
  'sqs = boto3.client("sqs")',
  'def status(address, headers):',
  '    connection = http.client.HTTPConnection(address)',
  '    connection.request("GET", "/", headers=headers)',
  '    return connection.getresponse().status',
  'def handler(event, context):',
  '    if event["op"] == "guards":',
  '        relay = urllib.parse.urlsplit(os.environ["AWS_ENDPOINT_URL_SQS"]).netloc',
  '        api = os.environ["AWS_LAMBDA_RUNTIME_API"]',
  '        return {"relayHost": status(relay, {"Host": "evil.example"}),',
  '                "relayOrigin": status(relay, {"Origin": "https://evil.example"}),',
  '                "apiHost": status(api, {"Host": "evil.example"}),',
  '                "apiOrigin": status(api, {"Origin": "https://evil.example"})}',
  '    try:',
  '        if event["op"] == "send":',
  '            return {"messageId": sqs.send_message(QueueUrl=event["queue"], MessageBody="hello")["MessageId"]}',
  '        urllib.request.urlopen(event["url"], timeout=2)',
  '        return {"opened": True}',
  '    except Exception as error:',
  '        code = getattr(error, "response", {}).get("Error", {}).get("Code")',
  '        return {"raised": type(error).__name__, "code": code, "message": str(error)}',
].join('\n');

const THROTTLED: AwsFaultRule = {
  service: 'SQS',
  operation: 'SendMessage',
  probability: 1,
  error: { name: 'RequestThrottled', message: 'injected: slow down' },
};

describe('a Python function’s AWS calls: counted, authorized and faulted as a Node.js function’s', () => {
  const logs = new LabBus();
  let emulators: Emulators;
  let sqs: SQSClient;
  let lambda: LambdaService;
  let provider: ResourceProvider;
  let releaseDns: () => void;
  let queueUrl: string;
  const ledger = new AwsCallLedger();
  const authorized: string[] = [];
  const cacheDir = mkdtempSync(join(tmpdir(), 'sqs-lab-py-calls-'));

  beforeAll(async () => {
    releaseDns = acquireLocalhostDns();
    emulators = await startEmulators();
    sqs = createSqsClient(emulators);
    lambda = new LambdaService({ sqs, logs });
    queueUrl = (await sqs.send(new CreateQueueCommand({ QueueName: 'python-calls' }))).QueueUrl ?? '';
    provider = lambdaFunctionProvider({
      lambda,
      code: codeFromS3({ objectBytes: () => undefined, cacheDir }),
      runtimePath: await bundleRuntimeWorker(),
      localhostDnsModuleUrl: localhostDnsModuleUrl(),
      endpoints: { sqsEndpoint: emulators.sqsEndpoint, dynamodbEndpoint: emulators.dynamodbEndpoint },
      runtimeOptions: ({ functionName }) => ({
        logs,
        awsCalls: { ledger, ...(functionName === 'PyFaulted' ? { faults: [THROTTLED] } : {}) },
        authorize: async (call) => {
          authorized.push(`${functionName} ${call.service}.${call.operation}`);
          return functionName === 'PyDenied'
            ? {
                name: 'AccessDenied',
                message: `User: arn:aws:sts::000000000000:assumed-role/R/${functionName} is not authorized to perform: sqs:sendmessage on resource: arn:aws:sqs:us-east-1:000000000000:python-calls because no identity-based policy allows the sqs:sendmessage action`,
                httpStatusCode: 403,
              }
            : undefined;
        },
      }),
    });
    for (const name of ['PyAllowed', 'PyDenied', 'PyFaulted'])
      await provider.create({
        stackName: 'PyStack',
        logicalId: `${name}0A1B2C3D`,
        resourceType: 'AWS::Lambda::Function',
        properties: {
          FunctionName: name,
          Code: { ZipFile: SOURCE },
          Handler: 'index.handler',
          Runtime: 'python3.13',
          Role: 'arn:aws:iam::000000000000:role/R',
          Timeout: 10,
          // One attempt: the injected throttle reaches the handler without botocore's backoff.
          Environment: { Variables: { AWS_MAX_ATTEMPTS: '1' } },
        },
      });
  }, 60_000);

  afterAll(async () => {
    await lambda?.stop();
    await emulators?.stop();
    releaseDns?.();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const invoke = async (name: string, event: object) => {
    const result = await lambda.get(name).fn.invoke(event);
    expect(result.status).toBe('success');
    return (result as { payload: Record<string, unknown> }).payload;
  };

  it('sends through the gate: the call is counted and authorized, and the message is on the queue', async () => {
    const sent = await invoke('PyAllowed', { op: 'send', queue: queueUrl });
    expect(sent.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ledger.counts()['PyStack/PyAllowed']).toEqual({ 'SQS.SendMessage': 1 });
    expect(authorized).toContain('PyAllowed SQS.SendMessage');
    const received = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 1 }));
    expect(received.Messages?.map((message) => message.MessageId)).toEqual([sent.messageId]);
  });

  it('a call IAM denies never reaches the queue: boto3 raises ClientError with the denial', async () => {
    const denied = await invoke('PyDenied', { op: 'send', queue: queueUrl });
    expect(denied).toMatchObject({ raised: 'ClientError', code: 'AccessDenied' });
    expect(String(denied.message)).toContain('is not authorized to perform: sqs:sendmessage');
    const received = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 0 }));
    expect(received.Messages ?? []).toEqual([]);
  });

  it('a fault rule fails the call as it fails a Node.js function’s: counted once as a call and once as a fault', async () => {
    const faulted = await invoke('PyFaulted', { op: 'send', queue: queueUrl });
    // RequestThrottled is one of SQS's modeled errors: botocore raises its own ClientError subclass.
    expect(faulted).toMatchObject({ raised: 'RequestThrottled', code: 'RequestThrottled' });
    expect(String(faulted.message)).toContain('injected: slow down');
    expect(ledger.counts()['PyStack/PyFaulted']).toEqual({ 'SQS.SendMessage': 1 });
    expect(ledger.faults()['PyStack/PyFaulted']).toEqual({ 'SQS.SendMessage': 1 });
  });

  it('its relay and runtime API answer only the function: another Host or any Origin is 403 (a web page’s request)', async () => {
    expect(await invoke('PyAllowed', { op: 'guards' })).toEqual({
      relayHost: 403,
      relayOrigin: 403,
      apiHost: 403,
      apiOrigin: 403,
    });
  });

  it('a request off this machine is refused before any lookup, as a Node.js function’s is (loopback-only.ts)', async () => {
    // Refused inside the Python process before DNS: nothing leaves loopback.
    const web = await invoke('PyAllowed', { op: 'web', url: 'http://example.com/' });
    expect(web).toMatchObject({ raised: 'URLError' });
    expect(String(web.message)).toContain("the lab keeps a function's network calls on this machine: example.com");
    const address = await invoke('PyAllowed', { op: 'web', url: 'http://192.0.2.1/' });
    expect(String(address.message)).toContain('192.0.2.1 is not the lab');
  });
});
