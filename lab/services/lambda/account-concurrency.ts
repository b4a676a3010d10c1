/**
 * An account's Lambda concurrency quota in one region: how many invocations of all its functions
 * may run at once. A new account's quota may be 10 ("Lambda quotas": "New AWS accounts have
 * reduced concurrency and memory quotas"; Service Quotas, "Concurrent executions", L-B99A9384),
 * an established one's 1,000. An invocation the quota cannot take is throttled before it runs:
 * Lambda answers 429 `TooManyRequestsException` with `Reason: ConcurrentInvocationLimitExceeded`,
 * and each caller handles that as AWS's does (the event source mapping backs off and retries
 * until the batch's visibility timeout runs out; API Gateway answers 500; CloudFormation's
 * custom resources are invoked asynchronously and retried).
 *
 * One pool for every function: the lab does not carve reserved concurrency out of it (a
 * function's `ReservedConcurrentExecutions` limits that function, and its invocations count here
 * too).
 */

/** A new account's quota, the lab's default: "New AWS accounts have reduced concurrency … quotas". */
export const NEW_ACCOUNT_CONCURRENCY = 10;

/** The default quota of an established account (Lambda quotas, "Concurrent executions": 1,000). */
export const ESTABLISHED_ACCOUNT_CONCURRENCY = 1000;

/** The concurrent invocations one account (one lab) may run. */
export class AccountConcurrency {
  #running = 0;
  #peak = 0;
  #throttles = 0;

  constructor(
    /** The quota: concurrent executions across every function. */
    readonly limit: number = NEW_ACCOUNT_CONCURRENCY,
  ) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`an account's concurrency quota is a whole number of 1 or more, got ${limit}`);
  }

  /** Takes one execution if the quota has one free; false (counted as a throttle) when it has not. */
  tryAcquire(): boolean {
    if (this.#running >= this.limit) {
      this.#throttles += 1;
      return false;
    }
    this.#running += 1;
    this.#peak = Math.max(this.#peak, this.#running);
    return true;
  }

  /** Gives back an execution {@link tryAcquire} took. */
  release(): void {
    this.#running = Math.max(0, this.#running - 1);
  }

  /** Invocations running now. */
  get running(): number {
    return this.#running;
  }

  /** The most that ran at once. */
  get peak(): number {
    return this.#peak;
  }

  /** Invocations throttled so far. */
  get throttles(): number {
    return this.#throttles;
  }
}
