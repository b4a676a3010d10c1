/**
 * Which receipt handle belongs to which receive. SQS tells three kinds of stale handle apart
 * and fauxqs does not: a string it never issued (ReceiptHandleIsInvalid), the handle of a
 * message since deleted or received again (InvalidParameterValue for a visibility change),
 * and the latest handle of a message whose timeout ended (still the message's handle). The
 * book records every handle a ReceiveMessage returned, so the layer can answer each kind.
 */
import type { FauxqsMessage } from './fauxqs-internals';

/** One receive of one message. */
export interface IssuedHandle {
  readonly queueArn: string;
  readonly message: FauxqsMessage;
  /** On the layer's clock: the 12-hour visibility ceiling counts from here. */
  readonly receivedAtMs: number;
}

/** Every handle a lab queue issued, the latest handle of each message, and the deleted messages. */
export class ReceiptHandleBook {
  readonly #handles = new Map<string, IssuedHandle>();
  readonly #latest = new WeakMap<FauxqsMessage, string>();
  readonly #deleted = new WeakSet<FauxqsMessage>();

  /** Records a handle a receive returned; it supersedes the message's earlier handles. */
  issue(handle: string, issued: IssuedHandle): void {
    this.#handles.set(handle, issued);
    this.#latest.set(issued.message, handle);
  }

  lookup(handle: string): IssuedHandle | undefined {
    return this.#handles.get(handle);
  }

  /** True when `handle` is not the message's latest (the message was received again). */
  isSuperseded(handle: string, issued: IssuedHandle): boolean {
    return this.#latest.get(issued.message) !== handle;
  }

  markDeleted(message: FauxqsMessage): void {
    this.#deleted.add(message);
  }

  isDeleted(message: FauxqsMessage): boolean {
    return this.#deleted.has(message);
  }
}
