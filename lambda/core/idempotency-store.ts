/**
 * The port the idempotency guard talks to. The guard's algorithm knows nothing of DynamoDB;
 * `DynamoDbIdempotencyStore` is the adapter the Lambda uses, and unit tests may plug in any
 * other implementation.
 */

/** What a claim attempt found. */
export type ClaimResult =
  | { readonly kind: 'claimed' }
  /** Another delivery holds a live claim until `expiresAtMs` (if known). */
  | { readonly kind: 'in-progress'; readonly expiresAtMs: number | undefined }
  /** The effect was applied already; `effects` is the counter as stored. */
  | { readonly kind: 'completed'; readonly effects: number };

export interface ClaimRequest {
  readonly key: string;
  /** Token naming this delivery; completion and release are conditioned on it. */
  readonly owner: string;
  /** Clock of the caller, in epoch milliseconds. */
  readonly nowMs: number;
  /** When the claim lapses and another delivery may take over (epoch ms). */
  readonly inProgressExpiresAtMs: number;
  /** When the record, once completed, stops counting (epoch seconds, also the TTL). */
  readonly recordExpiresAtSeconds: number;
}

export interface IdempotencyStore {
  /**
   * Claims `key` for `owner` in one conditional write. Succeeds when no record exists, the
   * record was released, a previous claim lapsed, or a completed record expired.
   */
  claim(request: ClaimRequest): Promise<ClaimResult>;
  /**
   * Marks the record completed AND applies the effect, in one write conditioned on `owner`
   * still holding the claim. Returns the effect counter after the write. Throws
   * ClaimLostError when another delivery took the claim over.
   */
  completeWithEffect(key: string, owner: string, recordExpiresAtSeconds: number): Promise<number>;
  /** Drops `owner`'s claim so a retry can run at once; a claim no longer ours is left alone. */
  release(key: string, owner: string): Promise<void>;
  /** The effect with no guard at all (the `idempotency: false` experiment). */
  applyUnguardedEffect(key: string, recordExpiresAtSeconds: number): Promise<number>;
}
