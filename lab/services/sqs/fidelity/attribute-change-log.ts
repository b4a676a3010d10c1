/**
 * Every queue attribute SetQueueAttributes changed, with when, so that the lab can let the
 * change reach other services late, as SQS's propagation does ("the change can take up to 60
 * seconds for most of the attributes to propagate throughout the Amazon SQS system", SQS API
 * reference, SetQueueAttributes). fauxqs applies a change at once; the log only remembers it.
 */

/** One attribute change. */
export interface QueueAttributeChange {
  readonly attribute: string;
  /** The value before the change (undefined: the attribute was not set). */
  readonly from: string | undefined;
  readonly to: string;
  /** `Date.now()` when SQS accepted the change. */
  readonly atMs: number;
}

/** How many changes the log keeps per queue (the oldest go first). */
const CHANGES_KEPT_PER_QUEUE = 50;

/** Attribute changes by queue URL. */
export class AttributeChangeLog {
  private readonly byQueue = new Map<string, QueueAttributeChange[]>();

  /** Records the attributes of `next` whose value differs from `before`. */
  record(
    queueUrl: string,
    before: Readonly<Record<string, string | undefined>>,
    next: Readonly<Record<string, unknown>>,
    atMs: number,
  ): void {
    const changes = this.byQueue.get(queueUrl) ?? [];
    for (const [attribute, value] of Object.entries(next)) {
      if (typeof value !== 'string' || before[attribute] === value) continue;
      changes.push({ attribute, from: before[attribute], to: value, atMs });
    }
    if (changes.length > CHANGES_KEPT_PER_QUEUE) changes.splice(0, changes.length - CHANGES_KEPT_PER_QUEUE);
    if (changes.length > 0) this.byQueue.set(queueUrl, changes);
  }

  /** The changes of one queue, oldest first. */
  changes(queueUrl: string): readonly QueueAttributeChange[] {
    return [...(this.byQueue.get(queueUrl) ?? [])];
  }
}
