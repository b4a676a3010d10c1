import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabLogRecord, PlatformLogRecord } from '#lab/bus/lab-log-record';
import type { Lab } from '#lab/lab';
import { startTutorialLab, tutorialApp } from '#experiments/tutorial-app';
import { fixtureTopology } from '#test/helpers/fixture-topology';
import { functionEvents, mappingRecords } from '#lab/test/helpers/bus-records';
import { messagesInQueue, receiveAll, sendBodies } from '#lab/test/helpers/queue-messages';
import { waitFor } from '#lab/test/helpers/wait-for';

/**
 * Lambda's SQS event source mapping rules, checked as outcomes on the emulator. Two fixture
 * stacks: `BatchPartialStack` with ReportBatchItemFailures, `VisibilityDupStack` without.
 * Queues: visibility timeout 1 s, maxReceiveCount 2; worker timeout 1 s; one poller each and
 * full batch formation, so messages sent together arrive in one batch.
 */
describe('EventSourceMapping (lab, fixture worker)', () => {
  let lab: Lab;
  let records: LabLogRecord[];
  let stopCollecting: () => void;
  const markers = mkdtempSync(join(tmpdir(), 'sqs-lab-markers-'));

  beforeAll(async () => {
    lab = await startTutorialLab({
      stacks: [
        fixtureTopology({ stackName: 'BatchPartialStack', reportBatchItemFailures: true }),
        fixtureTopology({ stackName: 'VisibilityDupStack', reportBatchItemFailures: false }),
      ],
      pollers: 1,
      batchFormation: { mode: 'full' },
    });
    const collector = lab.logs.collect();
    records = collector.records;
    stopCollecting = collector.stop;
  });

  afterAll(async () => {
    stopCollecting?.();
    await lab?.stop();
    rmSync(markers, { recursive: true, force: true });
  });

  const batchesWith = (messageId: string) =>
    mappingRecords(records).filter((batch) => batch.messageIds.includes(messageId));
  const deliveries = (messageId: string) =>
    functionEvents(records, 'start').filter((line) => line.parsed?.messageId === messageId);

  it('builds the SQS event as Lambda does', async () => {
    const stack = lab.stack('BatchPartialStack');
    const [messageId] = await sendBodies(lab.clients.sqs, stack.queueUrl, [{ id: 'echo-1', echo: true }]);
    const echo = await waitFor(
      () => functionEvents(records, 'echo').find((line) => line.parsed?.id === 'echo-1')?.parsed,
      5000,
      'the echo line',
    );
    const queue = stack.queues.Queue;
    expect(echo.record).toEqual({
      messageId,
      receiptHandle: expect.any(String),
      body: JSON.stringify({ id: 'echo-1', echo: true }),
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: expect.stringMatching(/^\d{13}$/),
        SenderId: expect.any(String),
        ApproximateFirstReceiveTimestamp: expect.stringMatching(/^\d{13}$/),
      },
      messageAttributes: {},
      md5OfBody: expect.stringMatching(/^[0-9a-f]{32}$/),
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queue?.name}`,
      awsRegion: 'us-east-1',
    });
    expect(echo.context).toMatchObject({
      // CloudFormation's generated name: <stack>-<logical id>-<random>.
      functionName: expect.stringMatching(/^BatchPartialStack-Worker[0-9A-F]{8}-[a-z0-9]+$/),
      functionVersion: '$LATEST',
      invokedFunctionArn: expect.stringMatching(
        /^arn:aws:lambda:us-east-1:000000000000:function:BatchPartialStack-Worker[0-9A-F]{8}-[a-z0-9]+$/,
      ),
      memoryLimitInMB: '128',
      awsRequestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // Lambda sets no timeout variable: the handler asks the context how long it has left.
    expect((echo.env as Record<string, unknown>).AWS_LAMBDA_FUNCTION_TIMEOUT).toBeUndefined();
    expect((echo.context as { remainingMs: number }).remainingMs).toBeLessThanOrEqual(1000);
    expect(echo.env).toMatchObject({
      AWS_LAMBDA_FUNCTION_NAME: expect.stringMatching(/^BatchPartialStack-Worker[0-9A-F]{8}-/),
      AWS_ENDPOINT_URL_SQS: lab.endpoints.sqsEndpoint,
      AWS_ENDPOINT_URL_DYNAMODB: lab.endpoints.dynamodbEndpoint,
      AWS_REGION: 'us-east-1',
      MODE: 'fixture',
    });
  });

  it('deletes the whole batch when the function succeeds', async () => {
    const stack = lab.stack('BatchPartialStack');
    const ids = await sendBodies(lab.clients.sqs, stack.queueUrl, [{ id: 'ok-1' }, { id: 'ok-2' }, { id: 'ok-3' }]);
    const batch = await waitFor(() => batchesWith(ids[0] ?? '')[0], 5000, 'the batch');

    expect(batch.messageIds).toEqual(ids);
    expect(batch.deletedMessageIds).toEqual(ids);
    expect(batch.outcome).toBe('success');
    expect(await messagesInQueue(lab.clients.sqs, stack.queueUrl)).toBe(0);
  });

  it('with ReportBatchItemFailures deletes only the records not listed; the listed one comes back', async () => {
    const stack = lab.stack('BatchPartialStack');
    const [ok1, failed, ok2] = await sendBodies(lab.clients.sqs, stack.queueUrl, [
      { id: 'partial-ok-1' },
      { id: 'partial-fail', fail: true },
      { id: 'partial-ok-2' },
    ]);
    const batch = await waitFor(() => batchesWith(failed ?? '')[0], 5000, 'the batch');

    expect(batch.outcome).toBe('partial');
    expect(batch.reason).toBe('batch-item-failures');
    expect(batch.deletedMessageIds).toEqual([ok1, ok2]);
    const second = await waitFor(
      () => deliveries(failed ?? '').find((line) => line.parsed?.receiveCount === '2'),
      5000,
      'the second delivery of the failed record',
    );
    expect(second).toBeDefined();
    expect(deliveries(ok1 ?? '')).toHaveLength(1);
    expect(deliveries(ok2 ?? '')).toHaveLength(1);
  });

  it.each([
    ['an identifier not in the batch', { batchItemFailures: [{ itemIdentifier: 'not-in-this-batch' }] }],
    ['an empty identifier', { batchItemFailures: [{ itemIdentifier: '' }] }],
    ['a null identifier', { batchItemFailures: [{ itemIdentifier: null }] }],
    ['a wrong key', { batchItemFailures: [{ id: 'x' }] }],
    ['batchItemFailures not a list', { batchItemFailures: 'all of them' }],
  ])('fails the whole batch (deletes nothing) on %s', async (_case, respond) => {
    const stack = lab.stack('BatchPartialStack');
    const [messageId] = await sendBodies(lab.clients.sqs, stack.queueUrl, [{ id: 'invalid', respond }]);
    const batch = await waitFor(() => batchesWith(messageId ?? '')[0], 5000, 'the batch');

    expect(batch.outcome).toBe('failure');
    expect(batch.reason).toBe('invalid-response');
    expect(batch.deletedMessageIds).toEqual([]);
  });

  it('deletes nothing when the function throws; the message comes back with ApproximateReceiveCount 2', async () => {
    const stack = lab.stack('BatchPartialStack');
    const [messageId] = await sendBodies(lab.clients.sqs, stack.queueUrl, [{ id: 'thrower', throw: true }]);
    const batch = await waitFor(() => batchesWith(messageId ?? '')[0], 5000, 'the batch');

    expect(batch).toMatchObject({ outcome: 'failure', reason: 'function-error', deletedMessageIds: [] });
    await waitFor(
      () => deliveries(messageId ?? '').find((line) => line.parsed?.receiveCount === '2'),
      5000,
      'the second delivery',
    );
  });

  it('ends an invocation at the function timeout: the handler writes nothing afterwards and nothing is deleted', async () => {
    const stack = lab.stack('BatchPartialStack');
    const lateMarker = join(markers, 'late');
    const controlMarker = join(markers, 'control');
    const [slow] = await sendBodies(lab.clients.sqs, stack.queueUrl, [
      { id: 'slow', sleepMs: 1500, marker: lateMarker },
    ]);
    const batch = await waitFor(() => batchesWith(slow ?? '')[0], 5000, 'the timed-out batch');
    const startedAt = deliveries(slow ?? '')[0]?.time ?? Date.now();

    expect(batch).toMatchObject({ outcome: 'failure', reason: 'timeout', deletedMessageIds: [] });
    const report = records.find(
      (record): record is PlatformLogRecord =>
        record.kind === 'platform' && record.parsed.type === 'platform.report' && record.requestId === batch.requestId,
    );
    expect(report?.parsed.record).toMatchObject({ status: 'timeout', errorType: 'Sandbox.Timedout' });
    // Past the moment the handler would have written (1.5 s after its start).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + 2000 - Date.now())));
    expect(existsSync(lateMarker)).toBe(false);
    expect(functionEvents(records, 'done').filter((line) => line.parsed?.messageId === slow)).toEqual([]);

    // The same write within the timeout happens: the marker check itself works.
    const [fast] = await sendBodies(lab.clients.sqs, stack.queueUrl, [
      { id: 'fast', sleepMs: 10, marker: controlMarker },
    ]);
    await waitFor(() => batchesWith(fast ?? '')[0], 5000, 'the control batch');
    expect(existsSync(controlMarker)).toBe(true);
  });

  it('redrives a message to the DLQ after maxReceiveCount (2) failed receives', async () => {
    const stack = lab.stack('BatchPartialStack');
    const [messageId] = await sendBodies(lab.clients.sqs, stack.queueUrl, [{ id: 'to-dlq', throw: true }]);
    const inDlq = await waitFor(
      async () =>
        (await receiveAll(lab.clients.sqs, stack.dlqUrl ?? '')).find((message) => message.MessageId === messageId),
      8000,
      'the message in the DLQ',
    );

    expect(JSON.parse(inDlq.Body ?? '{}')).toMatchObject({ id: 'to-dlq' });
    expect(deliveries(messageId ?? '').map((line) => line.parsed?.receiveCount)).toEqual(['1', '2']);
  });

  it('without ReportBatchItemFailures deletes the whole batch on any successful return, listed failures included', async () => {
    const stack = lab.stack('VisibilityDupStack');
    const ids = await sendBodies(lab.clients.sqs, stack.queueUrl, [
      { id: 'plain-ok' },
      { id: 'plain-listed', fail: true },
    ]);
    const batch = await waitFor(() => batchesWith(ids[0] ?? '')[0], 5000, 'the batch');

    expect(batch).toMatchObject({ outcome: 'success', deletedMessageIds: ids });
    expect(await messagesInQueue(lab.clients.sqs, stack.queueUrl)).toBe(0);
  });

  it('counts receives, invocations, failures and deletes', () => {
    const counters = lab.counters()['BatchPartialStack/Worker'];

    expect(counters).toMatchObject({
      successes: expect.any(Number),
      functionErrors: expect.any(Number),
      timeouts: expect.any(Number),
      invalidResponses: expect.any(Number),
      inFlightBatches: expect.any(Number),
    });
    expect(counters?.invocations).toBeGreaterThanOrEqual(10);
    expect(counters?.timeouts).toBeGreaterThanOrEqual(1);
    expect(counters?.invalidResponses).toBeGreaterThanOrEqual(5);
    expect(counters?.partialBatches).toBeGreaterThanOrEqual(1);
    expect(counters?.messagesDeleted).toBeGreaterThanOrEqual(6);
  });

  it('deletes a message no filter matches without invoking the function, after an update adds FilterCriteria', async () => {
    // Lambda guide, "Using event filtering with an Amazon SQS event source": a message that does not
    // satisfy the filter criteria is removed from the queue; the function never sees it.
    const filtered = fixtureTopology({ stackName: 'VisibilityDupStack', reportBatchItemFailures: false });
    const [deployed] = await lab
      .deploy({
        app: tutorialApp({
          stacks: [
            fixtureTopology({ stackName: 'BatchPartialStack', reportBatchItemFailures: true }),
            {
              ...filtered,
              mappings: filtered.mappings.map((mapping) => ({
                ...mapping,
                filterPatterns: [{ body: { id: [{ prefix: 'keep-' }] } }],
              })),
            },
          ],
        }),
      })
      .then((stacks) => stacks.filter((stack) => stack.stackName === 'VisibilityDupStack'));
    expect(deployed?.status).toBe('UPDATE_COMPLETE');
    const stack = lab.stack('VisibilityDupStack');
    const before = lab.counters()['VisibilityDupStack/Worker']?.filteredOut ?? 0;
    const [kept, dropped] = await sendBodies(lab.clients.sqs, stack.queueUrl, [{ id: 'keep-1' }, { id: 'drop-1' }]);
    await waitFor(() => (deliveries(kept ?? '').length > 0 ? true : undefined), 5000, 'keep-1 to reach the worker');
    await waitFor(
      async () => ((await messagesInQueue(lab.clients.sqs, stack.queueUrl)) === 0 ? true : undefined),
      5000,
      'the queue to empty',
    );
    expect(deliveries(dropped ?? '')).toEqual([]);
    expect(lab.counters()['VisibilityDupStack/Worker']?.filteredOut).toBe(before + 1);
  });
});
