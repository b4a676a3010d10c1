/**
 * What Lambda did with each recent message an event source mapping handed to a function: which
 * invocation, when it started (its `platform.start`) and ended, and whether the mapping deleted the
 * message or kept it, and why. Read from the lab's bus, so it knows nothing of the handlers; the
 * console's timeline of any app joins it to what SQS saw (queue-timeline.ts). Kept small: the last
 * {@link MESSAGES_REMEMBERED} messages.
 */
import type { LabBus } from '../bus/lab-bus';
import { putRecent } from '../common/recent-entries';
import type { LabLogRecord } from '../bus/lab-log-record';

/** One invocation's work on one message. */
export interface MessageInvocation {
  readonly requestId: string;
  readonly functionName: string;
  /** The invocation's `platform.start`, epoch ms (undefined when the lab did not see it). */
  readonly startedAt: number | undefined;
  /** When the mapping settled the batch, epoch ms. */
  readonly endedAt: number;
  /** The mapping deleted the message (its record succeeded). */
  readonly deleted: boolean;
  /** Why the mapping kept it: `function-error`, `timeout`, `invalid-response`, `batch-item-failures`, `throttled`. */
  readonly reason: string | undefined;
}

/** Messages whose invocations are remembered, the least recently settled forgotten first. */
export const MESSAGES_REMEMBERED = 2_000;
/** Invocation starts remembered while their batch has not settled. */
const STARTS_REMEMBERED = 5_000;

/** The invocations of recent messages, as the bus reported them. */
export class InvocationHistory {
  readonly #starts = new Map<string, number>();
  readonly #byMessage = new Map<string, MessageInvocation[]>();

  /** Follows `bus` from now on; the function returned stops it. */
  follow(bus: LabBus): () => void {
    const listener = (record: LabLogRecord): void => this.observe(record);
    bus.on('record', listener);
    return () => bus.off('record', listener);
  }

  /** Takes in one record of the bus. */
  observe(record: LabLogRecord): void {
    if (record.kind === 'platform' && record.parsed.type === 'platform.start') {
      putRecent(this.#starts, record.requestId, record.time, STARTS_REMEMBERED);
      return;
    }
    if (record.kind !== 'mapping') return;
    const startedAt = this.#starts.get(record.requestId);
    this.#starts.delete(record.requestId);
    const deleted = new Set(record.deletedMessageIds);
    for (const messageId of record.messageIds) {
      const invocations = this.#byMessage.get(messageId) ?? [];
      invocations.push({
        requestId: record.requestId,
        functionName: record.functionName,
        startedAt,
        endedAt: record.time,
        deleted: deleted.has(messageId),
        reason: deleted.has(messageId) ? undefined : record.reason,
      });
      putRecent(this.#byMessage, messageId, invocations, MESSAGES_REMEMBERED);
    }
  }

  /** The invocations that worked on `messageId`, oldest first. */
  of(messageId: string): readonly MessageInvocation[] {
    return this.#byMessage.get(messageId) ?? [];
  }
}
