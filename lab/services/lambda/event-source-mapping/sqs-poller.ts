/**
 * The mapping's side of the queue, as LocalStack's `pollers/sqs_poller.py` is: long-polled
 * receives that form a batch (with a batching window, several of them), the deletes that settle
 * it, and the queue's visibility timeout as it has reached Lambda. Every call is reported as a
 * {@link MappingEvent}.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Message } from '@aws-sdk/client-sqs';
import type { ReceiveSizer } from './batch-formation';
import type { MappingEventListener } from './mapping-events';
import { MAX_INVOCATION_PAYLOAD_BYTES } from './payload-limit';
import type { PropagatedAttributeReader } from '../../sqs/attribute-propagation';
import type { SqsCalls } from '../../sqs/sqs-calls';

/** The queue a mapping reads. */
export interface MappedQueue {
  readonly name: string;
  readonly url: string;
  readonly arn: string;
}

/** Lambda's long-poll wait. */
export const LAMBDA_WAIT_TIME_SECONDS = 20;

/** Most entries SQS takes in one DeleteMessageBatch call. */
const DELETE_BATCH_ENTRIES = 10;

/** Where a queue's attributes are read, and how a change reaches Lambda (default: at once). */
export interface QueueSource {
  readonly sqs: SqsCalls;
  readonly queue: MappedQueue;
  readonly seenByLambda?: PropagatedAttributeReader;
}

/** The queue's VisibilityTimeout as it has reached Lambda: SQS's value now, or an older one still propagating. */
export async function readVisibilityTimeout(source: QueueSource): Promise<number> {
  const { sqs, queue, seenByLambda } = source;
  const attributes = await sqs.getQueueAttributes({ QueueUrl: queue.url, AttributeNames: ['VisibilityTimeout'] });
  const current = attributes.Attributes?.VisibilityTimeout;
  return Number(seenByLambda === undefined ? current : await seenByLambda(queue.url, 'VisibilityTimeout', current));
}

/** How one batch is gathered. */
export interface BatchShape {
  readonly batchSize: number;
  readonly batchingWindowSeconds: number;
}

/** What a poller needs. */
export interface SqsPollerOptions extends QueueSource {
  /** Sizes each receive (the lab's batch formation). */
  readonly sizer: ReceiveSizer;
  /** Long-poll wait of a batch's first receive, 1 to 20 s. */
  readonly waitTimeSeconds: number;
  readonly emit: MappingEventListener;
}

/** Receives batches from the mapped queue and deletes what the mapping settles. */
export class SqsPoller {
  constructor(private readonly options: SqsPollerOptions) {}

  /** {@link readVisibilityTimeout} of the mapped queue. */
  visibilityTimeout(): Promise<number> {
    return readVisibilityTimeout(this.options);
  }

  /**
   * One batch: a receive sized by the batch formation and, with a batching window, more
   * receives until the batch is full, the window has passed or the payload limit is reached.
   * Undefined when the first receive failed.
   */
  async receiveBatch(shape: BatchShape, signal: AbortSignal): Promise<Message[] | undefined> {
    const { batchSize, batchingWindowSeconds } = shape;
    const { sizer } = this.options;
    const first = await this.receive(sizer.next(batchSize), this.options.waitTimeSeconds, signal);
    if (first === undefined || first.length === 0 || batchingWindowSeconds === 0) return first;
    const batch = [...first];
    const closes = Date.now() + batchingWindowSeconds * 1000;
    let bytes = batch.reduce((sum, message) => sum + Buffer.byteLength(message.Body ?? '', 'utf8'), 0);
    while (batch.length < batchSize && Date.now() < closes && bytes < MAX_INVOCATION_PAYLOAD_BYTES && !signal.aborted) {
      const wait = Math.min(20, Math.floor((closes - Date.now()) / 1000));
      const more = await this.receive(sizer.next(batchSize - batch.length), wait, signal);
      if (more === undefined) break;
      if (more.length === 0 && wait === 0) await sleep(50, undefined, { signal }).catch(() => undefined);
      batch.push(...more);
      bytes += more.reduce((sum, message) => sum + Buffer.byteLength(message.Body ?? '', 'utf8'), 0);
    }
    return batch;
  }

  /** Deletes records in DeleteMessageBatch calls of at most 10; returns the deleted message ids. */
  async deleteMessages(records: readonly { messageId: string; receiptHandle: string }[]): Promise<string[]> {
    const deleted: string[] = [];
    for (let start = 0; start < records.length; start += DELETE_BATCH_ENTRIES) {
      const chunk = records.slice(start, start + DELETE_BATCH_ENTRIES);
      let failed: number;
      try {
        const response = await this.options.sqs.deleteMessageBatch({
          QueueUrl: this.options.queue.url,
          Entries: chunk.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
        });
        for (const entry of response.Successful ?? []) {
          const record = chunk[Number(entry.Id)];
          if (record !== undefined) deleted.push(record.messageId);
        }
        failed = response.Failed?.length ?? 0;
      } catch {
        failed = chunk.length;
      }
      if (failed > 0) this.options.emit({ type: 'delete-failed', messageCount: failed });
    }
    if (deleted.length > 0) this.options.emit({ type: 'deleted', messageIds: deleted });
    return deleted;
  }

  private async receive(count: number, waitTimeSeconds: number, signal: AbortSignal): Promise<Message[] | undefined> {
    let messages: Message[];
    try {
      const received = await this.options.sqs.receiveMessage(
        {
          QueueUrl: this.options.queue.url,
          MaxNumberOfMessages: count,
          WaitTimeSeconds: waitTimeSeconds,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        },
        signal,
      );
      messages = received.Messages ?? [];
    } catch {
      if (!signal.aborted) this.options.emit({ type: 'receive-failed' });
      return undefined;
    }
    this.options.emit({ type: 'received', messageCount: messages.length });
    return messages;
  }
}
