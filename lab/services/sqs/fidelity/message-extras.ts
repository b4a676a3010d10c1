/**
 * System attributes SQS keeps on a message that fauxqs does not: the `AWSTraceHeader` a
 * producer sent, and the `DeadLetterQueueSourceArn` SQS adds when a redrive policy moves the
 * message to its dead-letter queue; and the send time on the layer's clock. Keyed by fauxqs's message object, which stays the same
 * object from send to delete, including across the move to the DLQ.
 */
import type { FauxqsMessage } from './fauxqs-internals';

/** The attributes the layer adds to one message. */
export interface MessageExtras {
  awsTraceHeader?: string;
  /** When the message was sent, on the layer's clock (retention counts from here). */
  sentAtMs?: number;
  deadLetterQueueSourceArn?: string;
  /** The receive count the message had when its redrive policy moved it to the dead-letter queue. */
  receiveCountOnArrival?: number;
}

const extras = new WeakMap<FauxqsMessage, MessageExtras>();

/** The extras of `message` (an empty record when it has none). */
export function extrasOf(message: FauxqsMessage): MessageExtras {
  return extras.get(message) ?? {};
}

/** Adds to the extras of `message`. */
export function addExtras(message: FauxqsMessage, added: MessageExtras): void {
  extras.set(message, { ...extras.get(message), ...added });
}
