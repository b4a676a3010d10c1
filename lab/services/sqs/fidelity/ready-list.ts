/**
 * A standard queue's visible messages, taken from the front in constant time. fauxqs keeps
 * them in a plain array and receives with `shift()`, which V8 does in place only while the
 * array's backing store is a regular heap object: once the queue has held about 11,000
 * messages the store moves to the large-object space, and from then on each `shift()` copies
 * every message behind the first (measured on Node 24: 75 ns per receive below that size,
 * 12 µs at 11,000 and 44 µs at 40,000 waiting messages). The same copy happens in bursts on
 * smaller arrays while the collector is marking. The list here advances a start index
 * instead and compacts once half of it is spent, so each message is copied about once more.
 */
import type { FauxqsMessage, VisibleMessages } from './fauxqs-internals';

/** Past this many taken slots, and once they are half the array, the list drops them. */
const COMPACT_AFTER = 1024;

/** A first-in, first-out list whose `shift()` does not move the rest. */
export class ReadyList implements VisibleMessages {
  /** Slots before `head` are taken (and cleared, so the collector can free their messages). */
  private items: (FauxqsMessage | undefined)[];
  private head = 0;

  constructor(messages: Iterable<FauxqsMessage> = []) {
    this.items = [...messages];
  }

  get length(): number {
    return this.items.length - this.head;
  }

  push(...messages: FauxqsMessage[]): number {
    for (const message of messages) this.items.push(message);
    return this.length;
  }

  shift(): FauxqsMessage | undefined {
    if (this.head >= this.items.length) return undefined;
    const first = this.items[this.head];
    this.items[this.head] = undefined;
    this.head += 1;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= COMPACT_AFTER && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return first;
  }

  includes(message: FauxqsMessage): boolean {
    return this.indexOf(message) >= 0;
  }

  indexOf(message: FauxqsMessage): number {
    const index = this.items.indexOf(message, this.head);
    return index < 0 ? -1 : index - this.head;
  }

  /** Removes `deleteCount` messages from `start` (counted from the front, as on an array). */
  splice(start: number, deleteCount: number): FauxqsMessage[] {
    // The first message (a move task takes from the front): no copy of the rest.
    if (start === 0 && deleteCount === 1 && this.length > 0) return [this.shift() as FauxqsMessage];
    const from = this.head + Math.min(Math.max(start < 0 ? this.length + start : start, 0), this.length);
    return this.items.splice(from, Math.max(deleteCount, 0)) as FauxqsMessage[];
  }

  at(index: number): FauxqsMessage | undefined {
    const offset = index < 0 ? this.length + index : index;
    return offset < 0 || offset >= this.length ? undefined : this.items[this.head + offset];
  }

  *[Symbol.iterator](): Iterator<FauxqsMessage> {
    for (let index = this.head; index < this.items.length; index += 1) yield this.items[index] as FauxqsMessage;
  }
}

/** A queue as fauxqs builds it: `messages` is its own property, a plain array. */
interface QueueWithMessages {
  messages: VisibleMessages;
}

/**
 * Gives `queue` a {@link ReadyList} for its visible messages, and keeps one there: fauxqs
 * assigns a fresh array on purge, and any list assigned becomes a ReadyList of the same
 * messages. Views made with `Object.create(queue)` (dead-letter-rules.ts) reach the same list.
 * The layer calls it on each queue fauxqs makes (sqs-fidelity-layer.ts).
 */
export function useReadyList(queue: QueueWithMessages): void {
  let list = new ReadyList(queue.messages);
  Object.defineProperty(queue, 'messages', {
    configurable: true,
    enumerable: true,
    get: () => list,
    set: (messages: VisibleMessages) => {
      list = messages instanceof ReadyList ? messages : new ReadyList(messages);
    },
  });
}
