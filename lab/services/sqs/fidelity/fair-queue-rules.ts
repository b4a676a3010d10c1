/**
 * Fair queues (SQS, July 2025): a standard queue takes `MessageGroupId` on SendMessage and
 * SendMessageBatch as the tenant the message belongs to, checks it as a FIFO queue does (1 to
 * 128 alphanumeric or punctuation characters, send-rules.ts), lets messages with and without
 * one share the queue, and returns it as the `MessageGroupId` system attribute on receive
 * (SendMessage API reference, MessageGroupId; developer guide, "Amazon SQS fair queues";
 * `test_sqs.snapshot.json#test_fair_queue_with_message_group_id`, recorded against AWS).
 *
 * fauxqs 2.4.1 drops the id on a standard queue. The layer writes it onto each message as
 * fauxqs stores it, in the field where fauxqs keeps a FIFO message's group, so the receive, a
 * move to the dead-letter queue and a move task carry it; fauxqs reads that field on a
 * standard queue only to release a FIFO group lock that standard queues never take. It must
 * happen inside the store, not after the send returns: a receive already waiting (a long
 * poll, as Lambda's pollers wait) takes the message before the send's reply is read.
 *
 * What a fair queue does with the tenant, delivering quiet tenants' messages first once one
 * tenant holds a disproportionate share of the messages in flight, is not emulated: the lab's
 * standard queue delivers in its one list's order (`sqs.fair.noisy-tenant-priority` in
 * lab/docs/fidelity.md).
 */
import type { FauxqsMessage, FauxqsQueue } from './fauxqs-internals';

/** fauxqs's `SqsQueue.enqueue`, as the layer wraps it. */
type Enqueue = (this: FauxqsQueue, message: FauxqsMessage) => void;

/** The send fauxqs is storing right now (set only during its synchronous handler). */
let sending: { readonly queue: FauxqsQueue; readonly entries: Record<string, unknown>[] } | undefined;

/**
 * Runs fauxqs's SendMessage or SendMessageBatch handler (`send`) so that each message it stores
 * on a standard queue keeps its entry's `MessageGroupId`. fauxqs's send handlers store every
 * message synchronously, before `send`'s promise is even returned.
 */
export function sendKeepingTenants<T>(
  queue: FauxqsQueue,
  entries: readonly Record<string, unknown>[],
  send: () => T,
): T {
  if (queue.isFifo() || !entries.some((entry) => typeof entry.MessageGroupId === 'string')) return send();
  sending = { queue, entries: [...entries] };
  try {
    return send();
  } finally {
    sending = undefined;
  }
}

/**
 * Wraps fauxqs's `enqueue` to tag the messages of a {@link sendKeepingTenants} send. fauxqs
 * stores a batch's entries in order and skips the ones it refuses, so each stored message
 * belongs to the first entry left with its body.
 */
export function keepFairQueueTenants(original: Enqueue): Enqueue {
  return function enqueue(this: FauxqsQueue, message: FauxqsMessage): void {
    if (sending?.queue === this) {
      const index = sending.entries.findIndex((entry) => entry.MessageBody === message.body);
      const entry = index < 0 ? undefined : sending.entries.splice(0, index + 1).at(-1);
      if (typeof entry?.MessageGroupId === 'string') message.messageGroupId = entry.MessageGroupId;
    }
    original.call(this, message);
  };
}
