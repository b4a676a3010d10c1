/**
 * Which receipt handle belongs to which receive. SQS tells three kinds of stale handle apart
 * and fauxqs does not: a string it never issued (ReceiptHandleIsInvalid), the handle of a
 * message since deleted (InvalidParameterValue for a visibility change), and an earlier
 * handle of a message received again, which SQS still accepts for a visibility change
 * (`test_sqs.py::test_terminate_visibility_timeout_after_receive`, aws.validated). The book
 * records every handle a ReceiveMessage returned, so the layer can answer each kind.
 *
 * Only a message's latest handle, until the message is deleted, keeps the message itself; a
 * handle retired by a new receive or by the delete keeps its queue and its message's id, and
 * finds the message through the latest handle while the message lives, so a long run does
 * not hold every message it ever delivered. The most recent {@link RETIRED_HANDLES_KEPT}
 * retired handles are kept; an older one answers as a handle never issued. (AWS's handles
 * carry their own history and never run out; the lab's memory must stay flat.)
 */
import { putRecent } from '../../../common/recent-entries';
import type { FauxqsMessage } from './fauxqs-internals';

/** One receive of one message. */
export interface IssuedHandle {
  readonly queueArn: string;
  readonly message: FauxqsMessage;
  /** On the layer's clock: the 12-hour visibility ceiling counts from here. */
  readonly receivedAtMs: number;
}

/** Retired handles the book remembers (about 150 bytes each), oldest forgotten first. */
export const RETIRED_HANDLES_KEPT = 10_000;

/**
 * What a retired handle's lookup returns once its message was deleted: no queue holds this
 * object, it is never a message's latest handle, so the rules answer it as the handle of a
 * deleted message.
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
  /** Message id → its latest handle in `#live` (fauxqs keeps one message object per id). */
  readonly #latestById = new Map<string, string>();
  /** Handle → its queue ARN and message id, oldest first. */
  readonly #retired = new Map<string, { readonly queueArn: string; readonly messageId: string }>();
  readonly #latest = new WeakMap<FauxqsMessage, string>();
  readonly #deleted = new WeakSet<FauxqsMessage>();

  constructor(private readonly retiredKept: number = RETIRED_HANDLES_KEPT) {}

  /** Records a handle a receive returned; it supersedes the message's earlier handles. */
  issue(handle: string, issued: IssuedHandle): void {
    const previous = this.#latest.get(issued.message);
    if (previous !== undefined) this.#retire(previous);
    this.#live.set(handle, issued);
    this.#latest.set(issued.message, handle);
    this.#latestById.set(issued.message.messageId, handle);
  }

  /**
   * The receive `handle` came from; for a retired handle, its queue with the message as its
   * latest receive holds it (or a stand-in that holds nothing once the message was deleted).
   */
  lookup(handle: string): IssuedHandle | undefined {
    const live = this.#live.get(handle);
    if (live !== undefined) return live;
    const retired = this.#retired.get(handle);
    if (retired === undefined) return undefined;
    const latest = this.#latestById.get(retired.messageId);
    const message = (latest === undefined ? undefined : this.#live.get(latest)?.message) ?? RETIRED_MESSAGE;
    return { queueArn: retired.queueArn, message, receivedAtMs: 0 };
  }

  /** The latest receive of `message`, while it has not been deleted. */
  latestReceiveOf(message: FauxqsMessage): { readonly handle: string; readonly issued: IssuedHandle } | undefined {
    const handle = this.#latest.get(message);
    const issued = handle === undefined ? undefined : this.#live.get(handle);
    return handle === undefined || issued === undefined ? undefined : { handle, issued };
  }

  /** True when `handle` is not the message's latest (the message was received again). */
  isSuperseded(handle: string, issued: IssuedHandle): boolean {
    return this.#latest.get(issued.message) !== handle;
  }

  markDeleted(message: FauxqsMessage): void {
    this.#deleted.add(message);
    const handle = this.#latest.get(message);
    if (handle !== undefined) this.#retire(handle);
    this.#latestById.delete(message.messageId);
  }

  isDeleted(message: FauxqsMessage): boolean {
    return this.#deleted.has(message) || message === RETIRED_MESSAGE;
  }

  /** Handles that still hold their message (for tests and the memory bench's reasoning). */
  get liveCount(): number {
    return this.#live.size;
  }

  #retire(handle: string): void {
    const issued = this.#live.get(handle);
    if (issued === undefined) return;
    this.#live.delete(handle);
    putRecent(
      this.#retired,
      handle,
      { queueArn: issued.queueArn, messageId: issued.message.messageId },
      this.retiredKept,
    );
  }
}
