/**
 * A FIFO message group keeps its order when received messages become visible again. fauxqs
 * 2.4.1 puts each message whose visibility timeout ended back at the front of its group, one
 * after the other, which reverses them (message-2, message-1, message-0); SQS returns them in
 * their original order again (`test_sqs.py::test_fifo_messages_in_order_after_timeout`,
 * aws.validated). The layer wraps fauxqs's timer pass and puts each group back in sequence
 * number order, which is the order of the sends.
 */
import type { FauxqsMessage, FauxqsQueue } from './fauxqs-internals';

/** fauxqs's `processTimers()`, as the patch wraps it. */
type ProcessTimers = (this: FauxqsQueue) => void;

function bySequenceNumber(a: FauxqsMessage, b: FauxqsMessage): number {
  const left = a.sequenceNumber ?? '';
  const right = b.sequenceNumber ?? '';
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Wraps `processTimers` so that every FIFO group is in send order afterwards. */
export function keepGroupOrder(original: ProcessTimers): ProcessTimers {
  return function processTimers(this: FauxqsQueue): void {
    original.call(this);
    if (!this.isFifo()) return;
    for (const group of this.fifoMessages.values()) {
      // Messages the layer itself creates (move tasks) may have no sequence number: leave those groups as they are.
      if (group.length > 1 && group.every((message) => message.sequenceNumber !== undefined)) {
        group.sort(bySequenceNumber);
      }
    }
  };
}
