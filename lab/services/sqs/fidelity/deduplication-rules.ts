/**
 * FIFO deduplication on the layer's clock. SQS delivers one message per deduplication id sent
 * within 5 minutes (the id given, or the SHA-256 of the body with content-based
 * deduplication), keeps tracking the id after the message is deleted, and forgets it after the
 * 5-minute interval (SQS developer guide, "Amazon SQS FIFO queue key terms";
 * `test_sqs.py::test_deduplication_interval`, `#test_fifo_deduplication_arrives_once_after_delete`).
 * With `DeduplicationScope=messageGroup` the same id in another group is a new message
 * (`test_sqs.snapshot.json#test_sqs_fifo_message_group_scope_no_throughput_setting`).
 *
 * fauxqs 2.4.1 keeps its own cache with a 5-minute lifetime on the real clock and one scope,
 * the queue. The layer keeps the book on its clock (so a test moves past the interval instead
 * of waiting 5 minutes) and, before each send, writes fauxqs's cache entry to its own verdict:
 * the original message for a duplicate (fauxqs then answers with the original MessageId and
 * SequenceNumber, as SQS does), no entry for a new message (fauxqs stores it). Limit: two
 * entries of one SendMessageBatch with the same id in different groups of a messageGroup-scoped
 * queue share fauxqs's one entry, so the second is treated as a duplicate.
 */
import { createHash } from 'node:crypto';
import type { FauxqsQueue } from './fauxqs-internals';

/** The deduplication interval: 5 minutes. */
export const DEDUPLICATION_INTERVAL_MS = 5 * 60 * 1000;

/** The message a deduplication id stands for while its interval lasts. */
interface DeduplicationRecord {
  readonly messageId: string;
  readonly sequenceNumber: string | undefined;
  readonly sentAtMs: number;
}

/**
 * The deduplication ids of every FIFO queue of one server, by queue then scope key. Keyed by
 * fauxqs's queue object, so a queue deleted and created again under its name starts empty.
 */
export class DeduplicationBook {
  readonly #queues = new WeakMap<FauxqsQueue, Map<string, DeduplicationRecord>>();

  /** The record for `key` in `queue` while its interval lasts at `nowMs`. */
  find(queue: FauxqsQueue, key: string, nowMs: number): DeduplicationRecord | undefined {
    const records = this.#queues.get(queue);
    const record = records?.get(key);
    if (record === undefined) return undefined;
    if (nowMs - record.sentAtMs < DEDUPLICATION_INTERVAL_MS) return record;
    records?.delete(key);
    return undefined;
  }

  record(queue: FauxqsQueue, key: string, record: DeduplicationRecord): void {
    let records = this.#queues.get(queue);
    if (records === undefined) {
      records = new Map();
      this.#queues.set(queue, records);
    }
    records.set(key, record);
  }

  /** Forgets every id of a queue (PurgeQueue). */
  clear(queue: FauxqsQueue): void {
    this.#queues.delete(queue);
  }
}

/** One send, as far as deduplication is concerned. */
interface FifoSend {
  /** The id fauxqs keys its cache with. */
  readonly deduplicationId: string;
  /** The key of the layer's book: the id, within the group for a messageGroup scope. */
  readonly key: string;
}

/** The deduplication id and scope key of a send to a FIFO queue, or undefined when it has none. */
function fifoSendOf(queue: FauxqsQueue, entry: Record<string, unknown>): FifoSend | undefined {
  const given = entry.MessageDeduplicationId;
  const body = entry.MessageBody;
  let deduplicationId: string | undefined;
  if (typeof given === 'string' && given !== '') deduplicationId = given;
  else if (queue.attributes.ContentBasedDeduplication === 'true' && typeof body === 'string') {
    deduplicationId = createHash('sha256').update(body).digest('hex');
  }
  if (deduplicationId === undefined) return undefined;
  const group = typeof entry.MessageGroupId === 'string' ? entry.MessageGroupId : '';
  const key = queue.attributes.DeduplicationScope === 'messageGroup' ? `${group}\n${deduplicationId}` : deduplicationId;
  return { deduplicationId, key };
}

/** The layer's verdicts on the sends of one request. */
export interface PreparedSends {
  /** True for a send SQS deduplicates (a message of the same id was sent within the interval). */
  isDuplicate(index: number): boolean;
  /** Records the new messages, given each send's result in the order of the entries. */
  record(results: readonly ({ MessageId?: unknown; SequenceNumber?: unknown } | undefined)[]): void;
}

/** Sets fauxqs's cache for the sends about to reach it, from the book at `nowMs`. */
export function prepareDeduplication(
  book: DeduplicationBook,
  queue: FauxqsQueue,
  entries: readonly Record<string, unknown>[],
  nowMs: number,
): PreparedSends {
  if (!queue.isFifo()) return { isDuplicate: () => false, record: () => undefined };
  const sends = entries.map((entry) => fifoSendOf(queue, entry));
  const duplicates = sends.map((send) => (send === undefined ? undefined : book.find(queue, send.key, nowMs)));
  sends.forEach((send, index) => {
    if (send === undefined) return;
    const original = duplicates[index];
    if (original === undefined) queue.deduplicationCache.delete(send.deduplicationId);
    else {
      queue.deduplicationCache.set(send.deduplicationId, {
        messageId: original.messageId,
        sequenceNumber: original.sequenceNumber,
      });
    }
  });
  const recorded = new Set<number>();
  return {
    // After `record`: a FIFO send that recorded nothing was a duplicate, also of an earlier
    // entry of the same batch.
    isDuplicate: (index) => duplicates[index] !== undefined || (sends[index] !== undefined && !recorded.has(index)),
    record(results) {
      sends.forEach((send, index) => {
        const result = results[index];
        if (send === undefined || duplicates[index] !== undefined || typeof result?.MessageId !== 'string') return;
        if (book.find(queue, send.key, nowMs) !== undefined) return;
        const sequenceNumber = typeof result.SequenceNumber === 'string' ? result.SequenceNumber : undefined;
        book.record(queue, send.key, { messageId: result.MessageId, sequenceNumber, sentAtMs: nowMs });
        recorded.add(index);
      });
    },
  };
}
