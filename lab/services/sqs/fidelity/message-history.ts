/**
 * What SQS did with each message, as the console's timeline draws it for any app: sent (and
 * delayed until when), received (which receive, invisible until when), its visibility changed,
 * deleted, moved to a dead-letter queue by its redrive policy. The fidelity layer records each
 * as it happens; the lab reads a queue's history through the emulator thread
 * (`Emulators.messageHistory`). Nothing here is an SQS API: it is the view a learner's own eyes
 * would need, kept small: the last {@link MESSAGES_KEPT} messages, {@link EVENTS_KEPT_PER_MESSAGE}
 * events each.
 */
import { putRecent } from '../../../common/recent-entries';
import type { FauxqsQueue } from './fauxqs-internals';

/** One thing SQS did with one message; times are epoch ms. */
export type MessageEvent =
  | {
      readonly kind: 'sent';
      readonly at: number;
      readonly messageId: string;
      readonly queueArn: string;
      /** When a delay (the send's or the queue's DelaySeconds) ends, if it has one. */
      readonly delayedUntil?: number;
      /** The body's first {@link BODY_PREVIEW_CHARACTERS} characters, to tell messages apart. */
      readonly bodyPreview: string;
    }
  | {
      readonly kind: 'received';
      readonly at: number;
      readonly messageId: string;
      readonly queueArn: string;
      /** ApproximateReceiveCount after this receive. */
      readonly receiveCount: number;
      /** When the message becomes visible again unless deleted or changed first. */
      readonly visibleAt: number;
    }
  | {
      readonly kind: 'visibility';
      readonly at: number;
      readonly messageId: string;
      readonly queueArn: string;
      readonly visibleAt: number;
    }
  | { readonly kind: 'deleted'; readonly at: number; readonly messageId: string; readonly queueArn: string }
  | {
      readonly kind: 'dead-lettered';
      readonly at: number;
      readonly messageId: string;
      /** The source queue. */
      readonly queueArn: string;
      readonly deadLetterQueueArn: string;
    };

/** How much of a body the history keeps. */
export const BODY_PREVIEW_CHARACTERS = 40;

/** How many messages the history remembers, the least recently touched forgotten first. */
export const MESSAGES_KEPT = 500;
/** How many events of one message it remembers (a message received over and over keeps its latest). */
export const EVENTS_KEPT_PER_MESSAGE = 64;

/** The recent history of every message of one SQS emulator. */
export class MessageHistory {
  readonly #byMessage = new Map<string, MessageEvent[]>();

  constructor(
    private readonly messagesKept = MESSAGES_KEPT,
    private readonly eventsKept = EVENTS_KEPT_PER_MESSAGE,
  ) {}

  record(event: MessageEvent): void {
    const events = this.#byMessage.get(event.messageId) ?? [];
    // A long poll may take a message before its send is recorded: the send still comes first.
    if (event.kind === 'sent') events.unshift(event);
    else events.push(event);
    if (events.length > this.eventsKept) events.splice(0, events.length - this.eventsKept);
    // The least recently touched message is forgotten first.
    putRecent(this.#byMessage, event.messageId, events, this.messagesKept);
  }

  /**
   * The events of the last `limit` messages that were ever in one of `queueArns` (a queue and its
   * dead-letter queue), each message's events in order, the messages in the order they were sent.
   */
  of(queueArns: readonly string[], limit: number): MessageEvent[] {
    const wanted = new Set(queueArns);
    const lanes: MessageEvent[][] = [];
    for (const events of this.#byMessage.values()) {
      if (
        events.some(
          (event) =>
            wanted.has(event.queueArn) || (event.kind === 'dead-lettered' && wanted.has(event.deadLetterQueueArn)),
        )
      )
        lanes.push(events);
    }
    return lanes
      .sort((a, b) => (a[0]?.at ?? 0) - (b[0]?.at ?? 0))
      .slice(-limit)
      .flat();
  }
}

/** The history each queue's messages are recorded in (set when CreateQueue makes or finds the queue). */
const histories = new WeakMap<FauxqsQueue, MessageHistory>();

/** Ties `queue` to `history`, so moves fauxqs makes inside its dequeue are recorded too. */
export function attachHistory(queue: FauxqsQueue, history: MessageHistory): void {
  histories.set(queue, history);
}

/** The history `queue` records in, if the layer has seen it. */
export function historyOf(queue: FauxqsQueue): MessageHistory | undefined {
  return histories.get(queue);
}
