/**
 * The gate inside each execution environment: one SDK call, however many HTTP attempts the
 * SDK's retries make (the same `amz-sdk-invocation-id`), is counted once, authorized once and
 * given one fault, which every attempt then gets.
 */
import { describe, expect, it } from 'vitest';
import { type AwsFaultRule, FaultPlan } from '#lab/interceptors/aws-call-faults';
import { AwsCallGate } from '#lab/interceptors/aws-call-gate';
import { readWireCall, sdkAttemptOf } from '#lab/interceptors/aws-wire-call';

const SITE = 'VisibilityDupStack/Worker';

function headers(values: Record<string, string>): (name: string) => string | null {
  return (name) => values[name.toLowerCase()] ?? null;
}

function attempt(invocationId: string, n: number, max = 3) {
  return sdkAttemptOf(
    headers({ 'amz-sdk-invocation-id': invocationId, 'amz-sdk-request': `attempt=${n}; max=${max}` }),
  );
}

const UPDATE = readWireCall(
  'DynamoDB_20120810.UpdateItem',
  JSON.stringify({ TableName: 't', UpdateExpression: 'SET #s = :c ADD #e :one' }),
);

function gateWith(rules: readonly AwsFaultRule[], denied?: { name: string; message: string; httpStatusCode: number }) {
  const calls: { call: string; faultRule: number | undefined }[] = [];
  let authorizations = 0;
  const crashes: string[] = [];
  const gate = new AwsCallGate({
    site: SITE,
    plan: new FaultPlan(rules, 1, `${SITE}#1`),
    onCall: (call, fault) => calls.push({ call: call.call, faultRule: fault?.rule }),
    crash: (call) => {
      crashes.push(call.call);
      throw new Error('crashed');
    },
    authorize: async () => {
      authorizations += 1;
      return denied;
    },
  });
  return { gate, calls, crashes, authorizations: () => authorizations };
}

describe('readWireCall and sdkAttemptOf', () => {
  it('reads the service, the operation and the input of a JSON-protocol request', () => {
    expect(readWireCall('AmazonSQS.SendMessage', '{"QueueUrl":"q","MessageBody":"b"}')).toEqual({
      service: 'SQS',
      operation: 'SendMessage',
      call: 'SQS.SendMessage',
      input: { QueueUrl: 'q', MessageBody: 'b' },
    });
    expect(UPDATE).toMatchObject({ service: 'DynamoDB', operation: 'UpdateItem', input: { TableName: 't' } });
    expect(readWireCall('Logs_20140328.PutLogEvents', '{}')?.call).toBe('CloudWatch Logs.PutLogEvents');
    expect(readWireCall(null, '{}')).toBeUndefined();
  });

  it("reads the SDK's attempt headers, and a first attempt when they are absent", () => {
    expect(attempt('abc', 2, 4)).toEqual({ invocationId: 'abc', attempt: 2, maxAttempts: 4 });
    expect(sdkAttemptOf(headers({}))).toEqual({ invocationId: undefined, attempt: 1, maxAttempts: undefined });
  });
});

describe('AwsCallGate', () => {
  it('counts and authorizes a call once, and lets every attempt through', async () => {
    const { gate, calls, authorizations } = gateWith([]);
    if (UPDATE === undefined) throw new Error('unreadable call');

    const verdicts = [
      await gate.admit(UPDATE, attempt('one', 1)),
      await gate.admit(UPDATE, attempt('one', 2)),
      await gate.admit(UPDATE, attempt('two', 1)),
    ];

    expect(verdicts.map((verdict) => verdict.kind)).toEqual(['pass', 'pass', 'pass']);
    expect(calls).toEqual([
      { call: 'DynamoDB.UpdateItem', faultRule: undefined },
      { call: 'DynamoDB.UpdateItem', faultRule: undefined },
    ]);
    expect(authorizations()).toBe(2);
  });

  it("answers every attempt of a faulted call with the rule's error, and counts the fault once", async () => {
    const throttle: AwsFaultRule = {
      service: 'DynamoDB',
      operation: 'UpdateItem',
      probability: 1,
      error: { name: 'ProvisionedThroughputExceededException', message: 'injected' },
      match: { path: 'UpdateExpression', contains: 'ADD' },
    };
    const { gate, calls } = gateWith([throttle]);
    if (UPDATE === undefined) throw new Error('unreadable call');

    const verdicts = await Promise.all([1, 2, 3, 4].map((n) => gate.admit(UPDATE, attempt('throttled', n, 4))));

    expect(calls).toEqual([{ call: 'DynamoDB.UpdateItem', faultRule: 0 }]);
    for (const verdict of verdicts) {
      expect(verdict.kind).toBe('respond');
      if (verdict.kind !== 'respond') continue;
      expect(verdict.response.status).toBe(400);
      expect(JSON.parse(verdict.response.body)).toEqual({
        __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
        message: 'injected',
      });
    }
  });

  it('denies every attempt of a call IAM refused, before any fault', async () => {
    const denied = { name: 'AccessDenied', message: 'User: … is not authorized', httpStatusCode: 403 };
    const { gate, crashes } = gateWith([{ service: '*', operation: '*', probability: 1, crash: true }], denied);
    const send = readWireCall('AmazonSQS.SendMessage', '{"QueueUrl":"q"}');
    if (send === undefined) throw new Error('unreadable call');

    const first = await gate.admit(send, attempt('denied', 1));
    const second = await gate.admit(send, attempt('denied', 2));

    expect(crashes).toEqual([]);
    for (const verdict of [first, second]) {
      expect(verdict).toMatchObject({
        kind: 'respond',
        response: { status: 403, headers: { 'x-amzn-query-error': 'AccessDenied;Sender' } },
      });
    }
  });

  it('waits a delay once, on the first attempt, then lets the call through', async () => {
    const { gate } = gateWith([{ service: 'SQS', operation: '*', probability: 1, delayMs: 120 }]);
    const send = readWireCall('AmazonSQS.SendMessage', '{}');
    if (send === undefined) throw new Error('unreadable call');

    const started = performance.now();
    const first = await gate.admit(send, attempt('slow', 1));
    const afterFirst = performance.now();
    const second = await gate.admit(send, attempt('slow', 2));
    const afterSecond = performance.now();

    expect([first.kind, second.kind]).toEqual(['pass', 'pass']);
    expect(afterFirst - started).toBeGreaterThanOrEqual(110);
    expect(afterSecond - afterFirst).toBeLessThan(100);
  });

  it('crashes at a crash rule before the request leaves', async () => {
    const { gate, crashes } = gateWith([{ service: 'SQS', operation: 'DeleteMessage', probability: 1, crash: true }]);
    const remove = readWireCall('AmazonSQS.DeleteMessage', '{}');
    if (remove === undefined) throw new Error('unreadable call');

    await expect(gate.admit(remove, attempt('fatal', 1))).rejects.toThrow('crashed');
    expect(crashes).toEqual(['SQS.DeleteMessage']);
  });
});
