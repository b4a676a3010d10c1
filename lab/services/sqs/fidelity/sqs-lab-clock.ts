/**
 * The clock of the SQS fidelity layer. The rules that count long spans (the 12-hour
 * visibility ceiling, the 60-second PurgeQueue rule, MessageRetentionPeriod, the 5-minute FIFO
 * deduplication interval) read it, so a
 * test can move it forward instead of waiting. Lab-only: nothing in AWS matches it, and the
 * lab itself never advances it; fauxqs's own short timers (visibility, delays, long polls)
 * keep real time.
 */
export class SqsLabClock {
  #offsetMs = 0;

  /** Milliseconds since the epoch, as the layer's rules see it. */
  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** Moves the layer's time forward by `ms` (tests only). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`the SQS lab clock only moves forward (got ${ms} ms)`);
    this.#offsetMs += ms;
  }
}
