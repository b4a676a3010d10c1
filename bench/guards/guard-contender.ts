/**
 * One idempotency guard as the bench drives it: the project's guard, the tutorial's naive
 * GetItem-then-PutItem, or Powertools idempotency. Each runs the same deliveries on its own
 * table, so their request counts, throughput and double effects can be set side by side.
 */

/** How one delivery ended. */
export type DeliveryOutcome =
  /** The work ran and its effect was recorded. */
  | 'completed'
  /** An earlier delivery completed: skipped and acknowledged. */
  | 'duplicate'
  /** Another delivery holds a live claim: not acknowledged, retried later. */
  | 'in-progress'
  /** This delivery's claim lapsed and was taken over: its completion was refused. */
  | 'claim-lost'
  /** The work threw: the claim (if any) was released. */
  | 'failed';

/** Per-delivery settings. */
export interface DeliveryOptions {
  /** How long this delivery's claim holds (the invocation's remaining time). */
  readonly leaseMs: number;
}

/** A guard under test. */
export interface GuardContender {
  /** Column name in the tables: `project`, `naive`, `powertools`. */
  readonly name: string;
  /** Runs one delivery of `key`; `work` is the job, called when the guard lets it through. */
  deliver(key: string, work: () => Promise<void>, options: DeliveryOptions): Promise<DeliveryOutcome>;
  /** How many times the effect of `key` was applied so far. */
  effects(key: string): Promise<number>;
}

/** The job of a delivery that fails on purpose. */
export class WorkFailedError extends Error {
  override readonly name = 'WorkFailedError';
}
