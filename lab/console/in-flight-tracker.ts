/**
 * The messages in flight and their visibility deadlines, built only from what the lab's log
 * stream shows (the app's lines that open and extend a window, read as the app says:
 * in-flight-lines.ts; the mapping's batch outcomes), the
 * same lines CloudWatch Logs would hold: a receive opens a visibility window ending at receive
 * + the queue's timeout, a heartbeat moves the deadline to its time + the extension, a delete
 * closes it, and a deadline that passes means the message is visible again.
 */
import type { LabBus } from '../bus/lab-bus';
import type { LabLogRecord } from '../bus/lab-log-record';
import type { InFlightLines, ParsedLine } from './in-flight-lines';

/** One message as the console shows it. */
export interface InFlightMessage {
  readonly stackName: string;
  readonly messageId: string;
  /** The job's `id` from the body. */
  readonly id: string;
  readonly receiveCount: number;
  /** Epoch ms of the receive that opened the current window. */
  readonly receivedAt: number;
  /** Epoch ms the message becomes visible again, unless extended or deleted first. */
  readonly deadline: number;
  /** Heartbeat extensions in the current window. */
  readonly extensions: number;
  /** `in-flight` until the deadline; `visible-again` after it (shown for a while, then dropped). */
  readonly state: 'in-flight' | 'visible-again';
}

/** How long a message that became visible again stays in the list. */
const SHOW_VISIBLE_AGAIN_MS = 10_000;

/** Tracks windows per message id from a lab's log records. */
export class InFlightTracker {
  private readonly windows = new Map<string, Omit<InFlightMessage, 'state'>>();
  private readonly detach: () => void;

  constructor(
    bus: LabBus,
    /** The visibility timeout, in seconds, of the queue `stackName`'s worker reads. */
    private readonly visibilityTimeoutOf: (stackName: string) => number,
    /** How the app's lines open and extend a window. */
    private readonly lines: InFlightLines,
  ) {
    const listener = (record: LabLogRecord): void => this.apply(record);
    bus.on('record', listener);
    this.detach = () => bus.off('record', listener);
  }

  /** The messages in flight, and those whose deadline passed less than ten seconds ago. */
  snapshot(now = Date.now()): InFlightMessage[] {
    const list: InFlightMessage[] = [];
    for (const [messageId, window] of this.windows) {
      if (now - window.deadline > SHOW_VISIBLE_AGAIN_MS) {
        this.windows.delete(messageId);
        continue;
      }
      list.push({ ...window, state: now < window.deadline ? 'in-flight' : 'visible-again' });
    }
    return list.sort((a, b) => a.receivedAt - b.receivedAt);
  }

  stop(): void {
    this.detach();
  }

  private apply(record: LabLogRecord): void {
    if (record.kind === 'mapping') {
      for (const messageId of record.deletedMessageIds) this.windows.delete(messageId);
      return;
    }
    if (record.kind !== 'function' || record.parsed === undefined) return;
    const line = record.parsed as ParsedLine;
    const opened = this.lines.opened(line);
    if (opened !== undefined) {
      this.windows.set(opened.messageId, {
        stackName: record.stackName,
        messageId: opened.messageId,
        id: opened.id,
        receiveCount: opened.receiveCount,
        receivedAt: record.time,
        deadline: record.time + this.visibilityTimeoutOf(record.stackName) * 1000,
        extensions: 0,
      });
      return;
    }
    const extended = this.lines.extended(line);
    const window = extended === undefined ? undefined : this.windows.get(extended.messageId);
    if (extended === undefined || window === undefined) return;
    this.windows.set(extended.messageId, {
      ...window,
      deadline: record.time + extended.extendedBySeconds * 1000,
      extensions: window.extensions + 1,
    });
  }
}
