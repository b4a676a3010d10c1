/**
 * fauxqs's timer pass (`processTimers`) looks at every message in flight and every delayed
 * message, and fauxqs runs it before every receive and every 20 ms while a long poll waits. With
 * many messages in flight each receive therefore cost time in proportion to them: receiving
 * 100,000 messages without deleting them took 5.9 s where 2 s would do, and a long poll over
 * 100,000 messages in flight kept a quarter of a core busy. The layer keeps, per queue, a time
 * before which no visibility timeout and no delay can end, and skips the pass until then.
 *
 * The time is a lower bound, never later than any deadline the queue holds, so no message becomes
 * visible later than it would have: every place that sets a deadline lowers it. Those places are
 * an in-flight entry added (fauxqs's receives and the layer's FIFO receives, through the queue's
 * in-flight Map, which notes each entry), ChangeMessageVisibility (which moves an entry's deadline),
 * and a delayed enqueue (SendMessage with a delay, a move task, a dead-letter move). After a pass
 * that ran, the time is the earliest deadline left.
 */
import type { FauxqsInflight, FauxqsMessage, FauxqsQueue } from './fauxqs-internals';

/** Per queue: before this epoch millisecond, the timer pass has nothing to do. */
const dueAt = new WeakMap<object, number>();

/** Lowers `queue`'s due time to `at`, a deadline just set (unknown stays unknown: the next pass runs). */
function noteDeadline(queue: object, at: number): void {
  const known = dueAt.get(queue);
  if (known !== undefined && at < known) dueAt.set(queue, at);
}

/** The earliest visibility deadline or delay end `queue` holds (a delay with no end counts as now). */
function earliestDeadline(queue: FauxqsQueue): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const entry of queue.inflightMessages.values()) earliest = Math.min(earliest, entry.visibilityDeadline);
  const delayed = queue.isFifo() ? [...queue.fifoDelayed.values()].flat() : queue.delayedMessages;
  for (const message of delayed) earliest = Math.min(earliest, message.delayUntil ?? Number.NEGATIVE_INFINITY);
  return earliest;
}

/** A queue's in-flight Map that lowers the queue's due time for every entry set in it. */
class DeadlineNotingMap extends Map<string, FauxqsInflight> {
  #queue: object | undefined;

  /** Starts noting for `queue` (after the entries fauxqs had are copied in). */
  noteFor(queue: object): this {
    this.#queue = queue;
    return this;
  }

  override set(receiptHandle: string, entry: FauxqsInflight): this {
    super.set(receiptHandle, entry);
    if (this.#queue !== undefined) noteDeadline(this.#queue, entry.visibilityDeadline);
    return this;
  }
}

/** fauxqs's `processTimers()`, as the layer wraps it. */
type ProcessTimers = (this: FauxqsQueue) => void;

/** Wraps the timer pass so that it runs only once something in the queue may be due. */
export function runTimersWhenDue(original: ProcessTimers): ProcessTimers {
  return function processTimers(this: FauxqsQueue): void {
    const known = dueAt.get(this);
    if (known !== undefined && Date.now() < known) return;
    original.call(this);
    dueAt.set(this, earliestDeadline(this));
  };
}

/** fauxqs's `changeVisibility(receiptHandle, timeoutSeconds)`, as the layer wraps it. */
type ChangeVisibility = (this: FauxqsQueue, receiptHandle: string, timeoutSeconds: number) => void;

/** Wraps ChangeMessageVisibility so that the entry's new deadline lowers the queue's due time. */
export function noteVisibilityChanges(original: ChangeVisibility): ChangeVisibility {
  return function changeVisibility(this: FauxqsQueue, receiptHandle, timeoutSeconds): void {
    original.call(this, receiptHandle, timeoutSeconds);
    const entry = this.inflightMessages.get(receiptHandle);
    if (entry !== undefined) noteDeadline(this, entry.visibilityDeadline);
  };
}

/** fauxqs's `enqueue(message)`, as the layer wraps it. */
type Enqueue = (this: FauxqsQueue, message: FauxqsMessage) => void;

/** Wraps enqueue so that a delayed message's end lowers the queue's due time. */
export function noteDelays(original: Enqueue): Enqueue {
  return function enqueue(this: FauxqsQueue, message: FauxqsMessage): void {
    original.call(this, message);
    if (message.delayUntil !== undefined) noteDeadline(this, message.delayUntil);
  };
}

/**
 * Gives `queue` an in-flight Map that notes every deadline set in it, with the entries it had. The
 * layer calls it on each queue fauxqs makes (sqs-fidelity-layer.ts).
 */
export function noteDeadlinesOf(queue: FauxqsQueue): void {
  // Built empty, then filled: Map's constructor would call set() before the class's own field exists.
  const noting = new DeadlineNotingMap().noteFor(queue);
  for (const [receiptHandle, entry] of queue.inflightMessages) noting.set(receiptHandle, entry);
  (queue as { inflightMessages: Map<string, FauxqsInflight> }).inflightMessages = noting;
}
