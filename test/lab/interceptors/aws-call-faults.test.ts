import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetQueueAttributesCommand, ListQueuesCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AwsCallsOptions, type AwsFaultRule, FaultPlan, FaultRuleError } from '#lab/interceptors/aws-call-faults';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { type Emulators, startEmulators } from '#lab/emulators/emulators';
import type { StackTopology } from '#lib/topology';

/** One stack whose Worker is the aws-caller fixture, invoked directly (no mapping). */
function callerTopology(): StackTopology {
  return {
    stackName: 'VisibilityDupStack',
    apiFunctionId: 'Producer',
    mainQueueId: 'Queue',
    queues: [{ id: 'Queue', visibilityTimeoutSeconds: 5, retentionSeconds: 3600 }],
    tables: [{ id: 'Table', partitionKey: 'id', timeToLiveAttribute: 'expiresAt' }],
    functions: [
      { id: 'Producer', entry: 'test/lab/fixtures/api.ts', timeoutSeconds: 2, memoryMb: 128, environment: {} },
      {
        id: 'Worker',
        entry: 'test/lab/fixtures/aws-caller.ts',
        // A throttled call fails on every attempt; the SDK's retries wait up to 1 + 2 + 4 s between
        // DynamoDB's four attempts (its throttling backoff) before the handler sees the error.
        timeoutSeconds: 12,
        memoryMb: 128,
        environment: { QUEUE_URL: { queueUrl: 'Queue' }, TABLE_NAME: { tableName: 'Table' } },
      },
    ],
    mappings: [],
  };
}

const THROTTLE_COMPLETION: AwsFaultRule = {
  service: 'DynamoDB',
  operation: 'UpdateItem',
  probability: 1,
  error: { name: 'ProvisionedThroughputExceededException', message: 'injected: slow down' },
  match: { path: 'UpdateExpression', contains: 'ADD' },
};

const COIN_FLIP: AwsFaultRule = {
  service: 'SQS',
  operation: 'GetQueueAttributes',
  probability: 0.5,
  error: { name: 'ServiceUnavailable', message: 'injected' },
};

describe('the AWS call interceptor (lab.awsCallCounts and fault rules)', () => {
  let emulators: Emulators;
  const labs: Lab[] = [];
  const open = async (awsCalls?: AwsCallsOptions) => {
    const lab = await startTutorialLab({
      stacks: [callerTopology()],
      emulators,
      awsCalls,
      // This fixture calls what its role is not granted (no mapping, no producer grant): the
      // interceptor's counting and faults are the point here; IAM has its own test.
      enforceIam: false,
    });
    labs.push(lab);
    return lab;
  };
  const invoke = (lab: Lab, plan: object) => lab.stack('VisibilityDupStack').invoke('Worker', plan);

  beforeAll(async () => {
    emulators = await startEmulators();
  });

  afterAll(async () => {
    await Promise.all(labs.map((lab) => lab.stop()));
    await emulators?.stop();
  });

  it('counts every call a function makes by Service.Operation, and the lab clients under "lab"', async () => {
    const lab = await open();
    const labBefore = lab.awsCallCounts().lab ?? {};

    const result = await invoke(lab, { getAttributes: 3, updates: ['ADD', 'SET'] });
    await lab.clients.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: lab.stack('VisibilityDupStack').queueUrl, AttributeNames: ['All'] }),
    );

    expect(result).toMatchObject({ status: 'success', payload: { outcomes: ['ok', 'ok', 'ok', 'ok', 'ok'] } });
    expect(lab.awsCallCounts()['VisibilityDupStack/Worker']).toEqual({
      'SQS.GetQueueAttributes': 3,
      'DynamoDB.UpdateItem': 2,
    });
    expect(labBefore).toMatchObject({ 'SQS.CreateQueue': 1, 'DynamoDB.CreateTable': 1 });
    expect(lab.awsCallCounts().lab?.['SQS.GetQueueAttributes']).toBe((labBefore['SQS.GetQueueAttributes'] ?? 0) + 1);
    expect(lab.awsCallFaults()).toEqual({});
  });

  it("fails only the calls a rule matches, with the service's own exception class inside the handler", async () => {
    const lab = await open({ faults: [THROTTLE_COMPLETION] });

    const result = await invoke(lab, { updates: ['SET', 'ADD', 'SET'] });

    expect(result).toMatchObject({
      status: 'success',
      payload: { outcomes: ['ok', 'ProvisionedThroughputExceededException', 'ok'], throttledIsModeled: true },
    });
    expect(lab.awsCallCounts()['VisibilityDupStack/Worker']).toEqual({ 'DynamoDB.UpdateItem': 3 });
    expect(lab.awsCallFaults()).toEqual({ 'VisibilityDupStack/Worker': { 'DynamoDB.UpdateItem': 1 } });
  });

  it('replays a seeded plan identically in a fresh lab, and another seed differs', async () => {
    const outcomesWith = async (seed: number): Promise<unknown> => {
      const lab = await open({ faults: [COIN_FLIP], seed });
      const result = await invoke(lab, { getAttributes: 24 });
      return result.status === 'success' ? (result.payload as { outcomes: string[] }).outcomes : result;
    };

    const [first, replay, other] = [await outcomesWith(7), await outcomesWith(7), await outcomesWith(8)];

    expect(replay).toEqual(first);
    expect(other).not.toEqual(first);
    expect(first).toContain('ok');
    expect(first).toContain('ServiceUnavailable');
  });

  it('crashes the environment at a crash rule: the invocation fails and nothing after that call runs', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'sqs-lab-crash-'));
    const marker = join(directory, 'calls');
    const lab = await open({
      faults: [
        {
          service: 'DynamoDB',
          operation: 'UpdateItem',
          probability: 1,
          crash: true,
          match: { path: 'UpdateExpression', contains: 'ADD' },
        },
      ],
    });

    const crashed = await invoke(lab, { getAttributes: 2, updates: ['ADD', 'SET'], marker });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await invoke(lab, { getAttributes: 1 });
    const written = readFileSync(marker, 'utf8').trim().split('\n');
    rmSync(directory, { recursive: true, force: true });

    expect(crashed).toMatchObject({
      status: 'error',
      error: { errorType: 'Runtime.ExitError', errorMessage: 'Runtime exited with error: signal: killed' },
    });
    expect(written).toEqual(['1', '2']);
    expect(again.status).toBe('success');
    expect(lab.stack('VisibilityDupStack').functions.Worker?.coldStarts).toBe(2);
  });

  it("delays a call by a rule's delayMs and then lets it through", async () => {
    const lab = await open({
      faults: [{ service: 'SQS', operation: 'GetQueueAttributes', probability: 1, delayMs: 300 }],
    });

    const result = await invoke(lab, { getAttributes: 2 });

    expect(result).toMatchObject({ status: 'success', payload: { outcomes: ['ok', 'ok'] } });
    expect(result.durationMs).toBeGreaterThanOrEqual(600);
  });

  it("faults the lab's own clients for rules that say where: ['lab'], and leaves the functions alone", async () => {
    const rule = {
      service: 'SQS',
      probability: 1,
      where: ['lab'],
      error: { name: 'QueueDoesNotExist', message: 'injected' },
    };
    // Provisioning reads queue attributes, so the lab-side rule names an operation only the test calls.
    const lab = await open({
      faults: [
        { ...rule, operation: 'ListQueues' },
        { ...rule, operation: 'GetQueueAttributes', where: ['VisibilityDupStack/Producer'] },
      ],
    });

    // Settled at once, so the injected rejection is never left unhandled while the worker runs.
    const fromLab = lab.clients.sqs.send(new ListQueuesCommand({})).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    const fromWorker = await invoke(lab, { getAttributes: 1 });

    expect(await fromLab).toMatchObject({ name: 'QueueDoesNotExist', message: 'injected' });
    expect(fromWorker).toMatchObject({ status: 'success', payload: { outcomes: ['ok'] } });
    expect(lab.awsCallFaults()).toEqual({ lab: { 'SQS.ListQueues': 1 } });
  });

  it('refuses a rule that cannot work before starting anything', async () => {
    await expect(
      open({ faults: [{ service: 'SQS', operation: 'ReceiveMessageCommand', probability: 1, delayMs: 1 }] }),
    ).rejects.toBeInstanceOf(FaultRuleError);
    await expect(
      open({ faults: [{ service: 'SQS', operation: 'ReceiveMessage', probability: 2, delayMs: 1 }] }),
    ).rejects.toThrow(/probability must be between 0 and 1/);
  });
});

describe('FaultPlan', () => {
  it('applies a rule to functions by default and to the lab clients only when asked', () => {
    const rule: AwsFaultRule = { service: '*', operation: '*', probability: 1, delayMs: 1 };
    const plan = new FaultPlan([rule, { ...rule, where: ['lab'] }], 1, 'test');

    expect(plan.decide('VisibilityDupStack/Worker', 'SQS', 'DeleteMessage', {})?.rule).toBe(0);
    expect(plan.decide('lab', 'SQS', 'DeleteMessage', {})?.rule).toBe(1);
  });

  it('tells a claim from a completion by the command input', () => {
    const plan = new FaultPlan(
      [
        {
          service: 'DynamoDB',
          operation: 'UpdateItem',
          probability: 1,
          delayMs: 1,
          match: [
            { path: 'ConditionExpression', contains: 'attribute_not_exists' },
            { path: 'UpdateExpression', notContains: 'ADD' },
          ],
        },
      ],
      1,
      'test',
    );

    expect(
      plan.decide('S/F', 'DynamoDB', 'UpdateItem', {
        ConditionExpression: 'attribute_not_exists(#s)',
        UpdateExpression: 'SET #s = :p',
      }),
    ).toBeDefined();
    expect(
      plan.decide('S/F', 'DynamoDB', 'UpdateItem', {
        ConditionExpression: '#owner = :o',
        UpdateExpression: 'SET #s = :c ADD #e :one',
      }),
    ).toBeUndefined();
  });
});
