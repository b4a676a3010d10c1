/**
 * A local stand-in for Lambda's SQS event source mapping, keeping its rules: several
 * concurrent pollers long-poll the queue; each batch (up to the batch size) becomes one
 * synchronous invocation with the event Lambda would build; the batch is then deleted, in
 * part or not at all, as {@link settleBatch} decides. Creating a mapping is refused, as
 * Lambda refuses it, when the queue's visibility timeout is shorter than the function timeout.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { settleBatch } from './batch-response';
import { LAB_REGION } from '../../../common/local-aws';
import type { Invocable, InvocationResult } from '../runtime/local-function';
import type { LabLogs } from '../../logs/lab-logs';
import { toSqsEvent } from './sqs-event';

/** Lambda's answer to a mapping it will not create (`InvalidParameterValueException`). */
export class InvalidParameterValueError extends Error {
  override readonly name = 'InvalidParameterValueException';
}

/** The queue a mapping reads. */
export interface MappedQueue {
  readonly name: string;
  readonly url: string;
  readonly arn: string;
}

export interface EventSourceMappingOptions {
  readonly sqs: SQSClient;
  readonly queue: MappedQueue;
  readonly fn: Invocable;
  /** Records per invocation, 1 to 10 (no batching window). */
  readonly batchSize: number;
  readonly reportBatchItemFailures: boolean;
  /** Concurrent pollers, each running one invocation at a time. Lambda starts with 5. */
  readonly pollers?: number;
  /** Long-poll wait, 1 to 20 s. Lambda waits 20 s. */
  readonly waitTimeSeconds?: number;
  /** Where batch outcomes are published (`kind: 'mapping'`). */
  readonly logs?: LabLogs;
}

/** What a mapping has done so far; for tests, the tour and benchmarks. */
export interface MappingCounters {
  /** ReceiveMessage calls that returned (with or without messages). */
  receiveCalls: number;
  emptyReceives: number;
  receiveErrors: number;
  messagesReceived: number;
  invocations: number;
  /** Invocations that returned normally (the batch may still have been partly kept). */
  successes: number;
  functionErrors: number;
  timeouts: number;
  invalidResponses: number;
  /** Batches of which only some messages were deleted. */
  partialBatches: number;
  messagesDeleted: number;
  deleteErrors: number;
  /** Batches received and not yet settled (invocation running or deletes under way). */
  inFlightBatches: number;
}

/** Lambda's default number of concurrent pollers for an SQS mapping. */
export const DEFAULT_POLLERS = 5;

/** Largest batch size without a batching window (standard queues). */
const MAX_BATCH_SIZE_WITHOUT_WINDOW = 10;

/**
 * Checks a mapping as Lambda's CreateEventSourceMapping does, reading the queue's current
 * visibility timeout from SQS; throws {@link InvalidParameterValueError} when it would be refused.
 */
export async function validateEventSourceMapping(options: EventSourceMappingOptions): Promise<void> {
  const { batchSize } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new InvalidParameterValueError(`BatchSize must be an integer of at least 1, got ${batchSize}`);
  }
  if (batchSize > MAX_BATCH_SIZE_WITHOUT_WINDOW) {
    throw new InvalidParameterValueError(
      'Maximum batch window in seconds must be greater than 0 if maximum batch size is greater than 10',
    );
  }
  const pollers = options.pollers ?? DEFAULT_POLLERS;
  if (!Number.isInteger(pollers) || pollers < 1) {
    throw new InvalidParameterValueError(`pollers must be a positive integer, got ${pollers}`);
  }
  const wait = options.waitTimeSeconds ?? 20;
  if (!Number.isInteger(wait) || wait < 1 || wait > 20) {
    throw new InvalidParameterValueError(`waitTimeSeconds must be an integer from 1 to 20, got ${wait}`);
  }
  const attributes = await options.sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: options.queue.url, AttributeNames: ['VisibilityTimeout'] }),
  );
  const visibilityTimeout = Number(attributes.Attributes?.VisibilityTimeout);
  const functionTimeout = options.fn.timeoutSeconds;
  if (!(visibilityTimeout >= functionTimeout)) {
    throw new InvalidParameterValueError(
      `Queue visibility timeout: ${visibilityTimeout} seconds is less than Function timeout: ${functionTimeout} seconds`,
    );
  }
}

/** Counters at zero: a new mapping's, or the start of a sum. */
export function emptyMappingCounters(): MappingCounters {
  return {
    receiveCalls: 0,
    emptyReceives: 0,
    receiveErrors: 0,
    messagesReceived: 0,
    invocations: 0,
    successes: 0,
    functionErrors: 0,
    timeouts: 0,
    invalidResponses: 0,
    partialBatches: 0,
    messagesDeleted: 0,
    deleteErrors: 0,
    inFlightBatches: 0,
  };
}

/** A running mapping. Create it with {@link EventSourceMapping.create}; end it with `stop()`. */
export class EventSourceMapping {
  private readonly counts: MappingCounters = emptyMappingCounters();
  private readonly abort = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private stopping: Promise<void> | undefined;

  private constructor(private readonly options: EventSourceMappingOptions) {}

  /** Validates the mapping like Lambda, then starts its pollers. */
  static async create(options: EventSourceMappingOptions): Promise<EventSourceMapping> {
    await validateEventSourceMapping(options);
    const mapping = new EventSourceMapping(options);
    for (let index = 0; index < (options.pollers ?? DEFAULT_POLLERS); index += 1) {
      mapping.loops.push(mapping.poll());
    }
    return mapping;
  }

  /** A snapshot of the counters. */
  get counters(): Readonly<MappingCounters> {
    return { ...this.counts };
  }

  get queue(): MappedQueue {
    return this.options.queue;
  }

  /** The function the mapping invokes. */
  get functionRef(): Invocable['ref'] {
    return this.options.fn.ref;
  }

  /**
   * Aborts the long polls at once and waits for the invocations in flight to finish and
   * delete their messages, for at most `timeoutMs` (default: the function timeout plus 2 s).
   */
  stop(timeoutMs = this.options.fn.timeoutSeconds * 1000 + 2000): Promise<void> {
    this.stopping ??= (async () => {
      this.abort.abort();
      const deadline = new AbortController();
      await Promise.race([
        Promise.allSettled(this.loops),
        sleep(timeoutMs, undefined, { signal: deadline.signal }).catch(() => undefined),
      ]);
      deadline.abort();
    })();
    return this.stopping;
  }

  private async poll(): Promise<void> {
    const { sqs, queue, batchSize } = this.options;
    const signal = this.abort.signal;
    while (!signal.aborted) {
      let messages: Message[];
      try {
        const received = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queue.url,
            MaxNumberOfMessages: batchSize,
            WaitTimeSeconds: this.options.waitTimeSeconds ?? 20,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: signal },
        );
        messages = received.Messages ?? [];
      } catch {
        if (signal.aborted) return;
        this.counts.receiveErrors += 1;
        await sleep(1000, undefined, { signal }).catch(() => undefined);
        continue;
      }
      this.counts.receiveCalls += 1;
      if (messages.length === 0) {
        this.counts.emptyReceives += 1;
        continue;
      }
      this.counts.messagesReceived += messages.length;
      this.counts.inFlightBatches += 1;
      // A batch received just before stop() is still processed: stop waits for it.
      try {
        await this.process(messages);
      } catch {
        // Only a malformed ReceiveMessage answer gets here; the messages reappear after their timeout.
        this.counts.receiveErrors += 1;
      } finally {
        this.counts.inFlightBatches -= 1;
      }
    }
  }

  private async process(messages: Message[]): Promise<void> {
    const { fn, queue, reportBatchItemFailures } = this.options;
    const event = toSqsEvent(messages, { arn: queue.arn, region: LAB_REGION });
    const messageIds = event.Records.map((record) => record.messageId);
    this.counts.invocations += 1;
    let result: InvocationResult;
    try {
      result = await fn.invoke(event);
    } catch (error) {
      // The function was stopped under us: nothing is deleted, as after a failed invocation.
      result = {
        status: 'error',
        requestId: 'none',
        error: { errorType: error instanceof Error ? error.name : 'Error', errorMessage: String(error), trace: [] },
        durationMs: 0,
      };
    }
    const settlement = settleBatch(messageIds, result, reportBatchItemFailures);
    if (result.status === 'success') this.counts.successes += 1;
    if (result.status === 'error') this.counts.functionErrors += 1;
    if (result.status === 'timeout') this.counts.timeouts += 1;
    if (settlement.reason === 'invalid-response') this.counts.invalidResponses += 1;
    if (settlement.outcome === 'partial') this.counts.partialBatches += 1;
    const toDelete = new Set(settlement.deleteMessageIds);
    const deleted = await this.delete(event.Records.filter((record) => toDelete.has(record.messageId)));
    this.options.logs?.publish({
      kind: 'mapping',
      ...fn.ref,
      queueName: queue.name,
      requestId: result.requestId,
      messageIds,
      deletedMessageIds: deleted,
      outcome: settlement.outcome,
      reason: settlement.reason,
      time: Date.now(),
    });
  }

  /** Deletes records in DeleteMessageBatch calls of at most 10; returns the deleted message ids. */
  private async delete(records: readonly { messageId: string; receiptHandle: string }[]): Promise<string[]> {
    const deleted: string[] = [];
    for (let start = 0; start < records.length; start += 10) {
      const chunk = records.slice(start, start + 10);
      try {
        const response = await this.options.sqs.send(
          new DeleteMessageBatchCommand({
            QueueUrl: this.options.queue.url,
            Entries: chunk.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
          }),
        );
        for (const entry of response.Successful ?? []) {
          const record = chunk[Number(entry.Id)];
          if (record !== undefined) deleted.push(record.messageId);
        }
        this.counts.deleteErrors += response.Failed?.length ?? 0;
      } catch {
        this.counts.deleteErrors += chunk.length;
      }
    }
    this.counts.messagesDeleted += deleted.length;
    return deleted;
  }
}
