/**
 * Which receipt handle belongs to which receive. SQS tells three kinds of stale handle apart
 * and fauxqs does not: a string it never issued (ReceiptHandleIsInvalid), the handle of a
 * message since deleted or received again (InvalidParameterValue for a visibility change),
 * and the latest handle of a message whose timeout ended (still the message's handle). The
 * book records every handle a ReceiveMessage returned, so the layer can answer each kind.
 *
 * Only a message's latest handle, until the message is deleted, keeps the message itself; a
 * handle retired by a new receive or by the delete keeps only its queue, so a long run does
 * not hold every message it ever delivered. The most recent {@link RETIRED_HANDLES_KEPT}
 * retired handles are kept; an older one answers as a handle never issued. (AWS's handles
 * carry their own history and never run out; the lab's memory must stay flat.)
 */
import type { FauxqsMessage } from './fauxqs-internals';

/** One receive of one message. */
export interface IssuedHandle {
  readonly queueArn: string;
  readonly message: FauxqsMessage;
  /** On the layer's clock: the 12-hour visibility ceiling counts from here. */
  readonly receivedAtMs: number;
}

/** Retired handles the book remembers (about 100 bytes each), oldest forgotten first. */
export const RETIRED_HANDLES_KEPT = 10_000;

/**
 * What a retired handle's lookup returns: no queue holds this object, it is never a message's
 * latest handle, so the rules answer it as the handle of a message received again or deleted.
 */
const RETIRED_MESSAGE: FauxqsMessage = Object.freeze({
  messageId: '',
  body: '',
  md5OfBody: '',
  messageAttributes: {},
  sentTimestamp: 0,
  approximateReceiveCount: 0,
}) as FauxqsMessage;

/** Every handle a lab queue issued, the latest handle of each message, and the deleted messages. */
export class ReceiptHandleBook {
  /** Each message's latest handle, while the message has not been deleted. */
  readonly #live = new Map<string, IssuedHandle>();
  /** Handle → queue ARN, oldest first. */
  readonly #retired = new Map<string, string>();
  readonly #latest = new WeakMap<FauxqsMessage, string>();
  readonly #deleted = new WeakSet<FauxqsMessage>();

  constructor(private readonly retiredKept: number = RETIRED_HANDLES_KEPT) {}

  /** Records a handle a receive returned; it supersedes the message's earlier handles. */
  issue(handle: string, issued: IssuedHandle): void {
    const previous = this.#latest.get(issued.message);
    if (previous !== undefined) this.#retire(previous);
    this.#live.set(handle, issued);
    this.#latest.set(issued.message, handle);
  }

  lookup(handle: string): IssuedHandle | undefined {
    const live = this.#live.get(handle);
    if (live !== undefined) return live;
    const queueArn = this.#retired.get(handle);
    return queueArn === undefined ? undefined : { queueArn, message: RETIRED_MESSAGE, receivedAtMs: 0 };
  }

  /** True when `handle` is not the message's latest (the message was received again). */
  isSuperseded(handle: string, issued: IssuedHandle): boolean {
    return this.#latest.get(issued.message) !== handle;
  }

  markDeleted(message: FauxqsMessage): void {
    this.#deleted.add(message);
    const handle = this.#latest.get(message);
    if (handle !== undefined) this.#retire(handle);
  }

  isDeleted(message: FauxqsMessage): boolean {
    return this.#deleted.has(message);
  }

  /** Handles that still hold their message (for tests and the memory bench's reasoning). */
  get liveCount(): number {
    return this.#live.size;
  }

  #retire(handle: string): void {
    const issued = this.#live.get(handle);
    if (issued === undefined) return;
    this.#live.delete(handle);
    this.#retired.set(handle, issued.queueArn);
    if (this.#retired.size > this.retiredKept) {
      const oldest = this.#retired.keys().next();
      if (oldest.done !== true) this.#retired.delete(oldest.value);
    }
  }
}
