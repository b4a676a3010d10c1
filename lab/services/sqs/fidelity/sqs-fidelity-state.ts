/**
 * What the fidelity layer remembers for one fauxqs server: its clock, the receipt handles it
 * issued, when each queue was last purged, its FIFO deduplication ids, its message move tasks and
 * the queue attribute changes SetQueueAttributes made.
 */
import { AttributeChangeLog } from './attribute-change-log';
import { DeduplicationBook } from './deduplication-rules';
import type { FauxqsStore } from './fauxqs-internals';
import { MessageHistory } from './message-history';
import { MessageMoveTasks } from './message-move-tasks';
import { ReceiptHandleBook } from './receipt-handle-book';
import { SqsLabClock } from './sqs-lab-clock';

/** The layer's state for one SQS emulator. */
export class SqsFidelityState {
  readonly clock = new SqsLabClock();
  readonly handles: ReceiptHandleBook;
  /** Queue ARN → when PurgeQueue last ran on it (layer clock). */
  readonly purgedAtMs = new Map<string, number>();
  readonly moveTasks = new MessageMoveTasks();
  readonly deduplication = new DeduplicationBook();
  readonly attributeChanges = new AttributeChangeLog();
  /** What SQS did with each recent message (the console's timeline). */
  readonly history = new MessageHistory();
  /** fauxqs's store this state belongs to, once its router registered (queue-contents.ts reads it). */
  store: FauxqsStore | undefined;

  /** `retiredHandlesKept`: how many retired receipt handles the book remembers (a test sets it low). */
  constructor(retiredHandlesKept?: number) {
    this.handles = new ReceiptHandleBook(retiredHandlesKept);
  }

  /** Stops what runs in the background (move tasks). */
  stop(): void {
    this.moveTasks.stopAll();
  }
}
