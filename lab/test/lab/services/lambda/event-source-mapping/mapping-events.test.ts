/**
 * The mapping's typed events, step by step, and the counters its one counting subscriber keeps
 * from them. The queue is an in-memory stand-in for SQS (no network): what it answers is what
 * each test is about. The rules themselves are checked against the SQS emulator in
 * test/conformance/lambda-esm.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { sqsCallsOf } from '#lab/services/sqs/sqs-calls';
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import type { LabLogRecord } from '#lab/bus/lab-log-record';
import {
  EventSourceMapping,
  type EventSourceMappingProperties,
} from '#lab/services/lambda/event-source-mapping/event-source-mapping';
import type { Invocable, InvocationResult } from '#lab/services/lambda/runtime/local-function';
import { waitFor } from '#lab/test/helpers/wait-for';

/** One event of a mapping, as its subscribers receive it. */
type MappingEvent = Parameters<Parameters<EventSourceMapping['subscribe']>[0]>[0];

/**
 * An in-memory queue: once opened, receives take what is waiting (each message once); deletes
 * always succeed.
 */
class MemoryQueue {
  private readonly waiting: Message[] = [];
  private sent = 0;
  private opened = false;

  constructor(private readonly visibilityTimeoutSeconds = 30) {}

  /** The client the mapping calls. */
  readonly sqs = { send: (command: unknown, options?: { abortSignal?: AbortSignal }) => this.answer(command, options) };

  /** Puts messages with these bodies; returns their ids. */
  put(...bodies: object[]): string[] {
    return bodies.map((body) => {
      this.sent += 1;
      const id = `message-${this.sent}`;
      this.waiting.push({
        MessageId: id,
        ReceiptHandle: `receipt-${id}`,
        Body: JSON.stringify(body),
        MD5OfBody: 'md5',
      });
      return id;
    });
  }

  /** Lets receives take messages (the test subscribes first, so that it sees every step). */
  open(): void {
    this.opened = true;
  }

  private async answer(command: unknown, options?: { abortSignal?: AbortSignal }): Promise<unknown> {
    if (command instanceof GetQueueAttributesCommand)
      return { Attributes: { VisibilityTimeout: String(this.visibilityTimeoutSeconds) } };
    if (command instanceof ReceiveMessageCommand) {
      // A short long poll: an empty queue answers after 20 ms (or throws when the mapping stops).
      if (!this.opened || this.waiting.length === 0) {
        await sleep(20, undefined, { signal: options?.abortSignal });
        return { Messages: [] };
      }
      return { Messages: this.waiting.splice(0, command.input.MaxNumberOfMessages ?? 1) };
    }
    if (command instanceof DeleteMessageBatchCommand)
      return { Successful: (command.input.Entries ?? []).map((entry) => ({ Id: entry.Id })), Failed: [] };
    throw new Error(`the memory queue does not answer ${String(command)}`);
  }
}

/** A function that answers each event with `answer`. */
const stub = (answer: (event: SQSEvent) => InvocationResult): Invocable => ({
  ref: { stackName: 'EventsStack', functionId: 'Worker', functionName: 'EventsStack-Worker' },
  timeoutSeconds: 1,
  invoke: async (event) => answer(event as SQSEvent),
});
const succeed = (payload: unknown = null): InvocationResult => ({
  status: 'success',
  requestId: 'r-ok',
  payload,
  durationMs: 1,
});
const fail = (): InvocationResult => ({
  status: 'error',
  requestId: 'r-error',
  error: { errorType: 'Error', errorMessage: 'boom', trace: [] },
  durationMs: 1,
});

/** Starts a mapping on `queue`, opens it, collects the mapping's events until `until` holds, then stops it. */
async function eventsOf(
  queue: MemoryQueue,
  options: {
    readonly fn: Invocable;
    readonly properties: EventSourceMappingProperties;
    readonly pollers?: number;
    readonly reservedConcurrency?: number;
    readonly logs?: LabBus;
  },
  until: (mapping: EventSourceMapping) => boolean,
) {
  const mapping = await EventSourceMapping.create({
    sqs: sqsCallsOf(queue.sqs as unknown as SQSClient),
    queue: {
      name: 'events-queue',
      url: 'http://127.0.0.1:1/000000000000/events-queue',
      arn: 'arn:aws:sqs:us-east-1:000000000000:events-queue',
    },
    fn: options.fn,
    properties: options.properties,
    batchFormation: { mode: 'full' },
    waitTimeSeconds: 1,
    ...(options.pollers === undefined ? {} : { pollers: options.pollers }),
    ...(options.reservedConcurrency === undefined
      ? {}
      : { function: { reservedConcurrency: options.reservedConcurrency } }),
    ...(options.logs === undefined ? {} : { logs: options.logs }),
  });
  const events: MappingEvent[] = [];
  const unsubscribe = mapping.subscribe((event) => events.push(event));
  queue.open();
  try {
    await waitFor(() => until(mapping), 3000, 'the batch to settle');
  } finally {
    await mapping.stop(1000);
    unsubscribe();
  }
  // Empty receives come and go with the pollers' timing; the rest is the batch's story.
  return { events: events.filter((event) => !(event.type === 'received' && event.messageCount === 0)), mapping };
}

const settledAndFinished = (mapping: EventSourceMapping) =>
  mapping.counters.messagesReceived > 0 && mapping.counters.inFlightBatches === 0;

describe('EventSourceMapping events', () => {
  it('reports a batch the function fails, step by step, and counts it', async () => {
    const queue = new MemoryQueue();
    const ids = queue.put({ id: 1 }, { id: 2 }, { id: 3 });
    const { events, mapping } = await eventsOf(
      queue,
      { fn: stub(fail), properties: { BatchSize: 10 }, pollers: 1 },
      settledAndFinished,
    );

    expect(events).toEqual([
      { type: 'received', messageCount: 3 },
      { type: 'batch-started' },
      { type: 'invoked', messageIds: ids },
      { type: 'invocation-ended', requestId: 'r-error', status: 'error' },
      {
        type: 'settled',
        requestId: 'r-error',
        messageIds: ids,
        deletedMessageIds: [],
        outcome: 'failure',
        reason: 'function-error',
      },
      { type: 'batch-finished' },
    ]);
    expect(mapping.counters).toMatchObject({
      messagesReceived: 3,
      invocations: 1,
      functionErrors: 1,
      successes: 0,
      messagesDeleted: 0,
      inFlightBatches: 0,
    });
    expect(mapping.counters.receiveCalls).toBe(mapping.counters.emptyReceives + 1);
  });

  it('deletes what no filter matches before invoking, then only what the partial response does not list', async () => {
    const queue = new MemoryQueue();
    const [kept, dropped, listed] = queue.put({ keep: true }, { keep: false }, { keep: true });
    const { events, mapping } = await eventsOf(
      queue,
      {
        fn: stub(() => succeed({ batchItemFailures: [{ itemIdentifier: listed }] })),
        properties: {
          BatchSize: 10,
          FunctionResponseTypes: ['ReportBatchItemFailures'],
          FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ body: { keep: [true] } }) }] },
        },
        pollers: 1,
      },
      settledAndFinished,
    );

    expect(events).toEqual([
      { type: 'received', messageCount: 3 },
      { type: 'batch-started' },
      { type: 'filtered-out', messageIds: [dropped] },
      { type: 'deleted', messageIds: [dropped] },
      { type: 'invoked', messageIds: [kept, listed] },
      { type: 'invocation-ended', requestId: 'r-ok', status: 'success' },
      { type: 'deleted', messageIds: [kept] },
      {
        type: 'settled',
        requestId: 'r-ok',
        messageIds: [kept, listed],
        deletedMessageIds: [kept],
        outcome: 'partial',
        reason: 'batch-item-failures',
      },
      { type: 'batch-finished' },
    ]);
    expect(mapping.counters).toMatchObject({ filteredOut: 1, messagesDeleted: 2, partialBatches: 1, successes: 1 });
  });

  it('without ReportBatchItemFailures reports the ignored list, and the lab note says so in the function’s stream', async () => {
    const queue = new MemoryQueue();
    const logs = new LabBus();
    const notes = logs.collect(
      (record: LabLogRecord) => record.kind === 'function' && record.logStreamName === 'lab-notes',
    );
    const ids = queue.put({ id: 1 }, { id: 2 });
    const { events, mapping } = await eventsOf(
      queue,
      {
        fn: stub(() => succeed({ batchItemFailures: [{ itemIdentifier: ids[1] }] })),
        properties: { BatchSize: 10 },
        pollers: 1,
        logs,
      },
      settledAndFinished,
    );
    notes.stop();

    expect(events).toContainEqual({
      type: 'batch-item-failures-ignored',
      requestId: 'r-ok',
      messageIds: ids,
      ignoredItemIdentifiers: [ids[1]],
    });
    expect(mapping.counters).toMatchObject({ ignoredBatchItemFailures: 1, messagesDeleted: 2 });
    expect(notes.records).toHaveLength(1);
    expect(notes.records[0]).toMatchObject({
      requestId: 'r-ok',
      parsed: { event: 'lab-note', ignoredItemIdentifiers: [ids[1]] },
    });
  });

  // Lambda guide, "Configuring scaling behavior for SQS event source mappings": a failed
  // invocation backs the pollers off, except with ReportBatchItemFailures ("Lambda doesn't scale
  // down message polling when function invocations fail").
  it.each([
    [{ BatchSize: 10 }, [{ type: 'scaled', concurrency: 4 }]],
    [{ BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'] }, []],
  ] as const)('scales down after a function error with %j: %j', async (properties, scaled) => {
    const queue = new MemoryQueue();
    queue.put({ id: 1 });
    const { events } = await eventsOf(queue, { fn: stub(fail), properties }, settledAndFinished);

    expect(events.filter((event) => event.type === 'scaled')).toEqual(scaled);
    // Every subscriber sees the scaling after the failure that caused it.
    expect(events.map((event) => event.type)).toEqual([
      'received',
      'batch-started',
      'invoked',
      'invocation-ended',
      ...scaled.map((event) => event.type),
      'settled',
      'batch-finished',
    ]);
  });

  it('retries a throttled batch until its visibility timeout runs out, then gives it back to the queue', async () => {
    const queue = new MemoryQueue(1);
    const ids = queue.put({ id: 1 });
    const { events, mapping } = await eventsOf(
      queue,
      { fn: stub(() => succeed()), properties: { BatchSize: 10 }, pollers: 1, reservedConcurrency: 0 },
      settledAndFinished,
    );

    expect(events.filter((event) => event.type !== 'throttled')).toEqual([
      { type: 'received', messageCount: 1 },
      { type: 'batch-started' },
      {
        type: 'settled',
        requestId: 'throttled',
        messageIds: ids,
        deletedMessageIds: [],
        outcome: 'failure',
        reason: 'throttled',
      },
      { type: 'batch-finished' },
    ]);
    // Attempts after 100, 200 and 400 ms fit in the 1 s visibility timeout (fewer on a slow machine).
    const attempts = events.filter((event) => event.type === 'throttled').length;
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(mapping.counters).toMatchObject({ throttles: attempts, throttledBatches: 1, invocations: 0 });
  });
});
