/**
 * How many batches a mapping works on at once, as the Lambda guide describes it ("Configuring
 * scaling behavior for SQS event source mappings", "Handling errors for an SQS event source"):
 *
 * - it starts with 5 concurrent batches (or MaximumConcurrency, when that is lower);
 * - while messages keep coming and every poller is busy, it adds pollers at up to 300 a minute
 *   (one every 200 ms), up to MaximumConcurrency (2–1000; AWS: 1000 without it), and on the
 *   lab never above {@link LAB_MAX_CONCURRENT_BATCHES}: each batch runs in a worker thread;
 * - when receives come back empty it scales back to 5;
 * - a function error or timeout backs it off by one poller, unless ReportBatchItemFailures is
 *   on ("Lambda doesn't scale down message polling when function invocations fail"); a throttled
 *   invocation always backs it off. It never goes below 1.
 *
 * AWS may go down to 2 concurrent batches when traffic is low; the lab stays at 5.
 */

/** Concurrent batches a mapping starts with. */
export const LAMBDA_START_CONCURRENCY = 5;
/** Pollers Lambda adds per minute at most while messages are available. */
export const LAMBDA_SCALE_UP_PER_MINUTE = 300;
/** Most batches one SQS mapping processes at once on AWS. */
export const LAMBDA_MAX_CONCURRENT_BATCHES = 1000;
/** ScalingConfig.MaximumConcurrency bounds. */
export const MIN_MAXIMUM_CONCURRENCY = 2;
export const MAX_MAXIMUM_CONCURRENCY = 1000;
/**
 * The lab's cap on concurrent batches per mapping: every batch in flight is a worker thread,
 * and 1000 of them would stop a laptop. Where AWS would scale past it, the lab stops here.
 */
export const LAB_MAX_CONCURRENT_BATCHES = 10;

/** The scaling state of one mapping. */
export class MappingScaling {
  private current: number;
  /** The first step up comes one step interval after the start, not at once. */
  private lastScaleUp: number;
  private ceilingValue: number;

  constructor(
    options: { readonly maximumConcurrency?: number; readonly labCap?: number },
    private readonly now: () => number = () => performance.now(),
  ) {
    this.lastScaleUp = now();
    this.ceilingValue = MappingScaling.ceilingFor(options);
    this.current = Math.min(LAMBDA_START_CONCURRENCY, this.ceilingValue);
  }

  private static ceilingFor(options: { readonly maximumConcurrency?: number; readonly labCap?: number }): number {
    return Math.min(
      options.maximumConcurrency ?? LAMBDA_MAX_CONCURRENT_BATCHES,
      options.labCap ?? LAB_MAX_CONCURRENT_BATCHES,
    );
  }

  /** Batches the mapping may work on now. */
  get target(): number {
    return this.current;
  }

  /** The most it may scale to. */
  get ceiling(): number {
    return this.ceilingValue;
  }

  /** A new MaximumConcurrency (UpdateEventSourceMapping). */
  reconfigure(options: { readonly maximumConcurrency?: number; readonly labCap?: number }): void {
    this.ceilingValue = MappingScaling.ceilingFor(options);
    this.current = Math.min(this.current, this.ceilingValue);
  }

  /** A receive returned messages while `busy` batches were in flight. */
  onMessages(busy: number): void {
    if (busy < this.current || this.current >= this.ceilingValue) return;
    const now = this.now();
    if (now - this.lastScaleUp < 60_000 / LAMBDA_SCALE_UP_PER_MINUTE) return;
    this.lastScaleUp = now;
    this.current += 1;
  }

  /** A receive came back empty: scale back towards the starting concurrency. */
  onEmpty(): void {
    const floor = Math.min(LAMBDA_START_CONCURRENCY, this.ceilingValue);
    if (this.current > floor) this.current -= 1;
  }

  /** A function error or timeout (when ReportBatchItemFailures is off), or a throttle. */
  backOff(): void {
    if (this.current > 1) this.current -= 1;
  }
}
