/**
 * API Gateway's stage throttling: a token bucket refilled at `ratePerSecond`, holding at most
 * `burst` tokens. A request without a token is answered 429 without reaching the function.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.updatedAt = now();
  }

  /** Takes one token if there is one. */
  tryTake(): boolean {
    const current = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((current - this.updatedAt) / 1000) * this.ratePerSecond);
    this.updatedAt = current;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
