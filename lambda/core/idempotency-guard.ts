import { ClaimLostError, IdempotencyInProgressError } from './errors';
import type { IdempotencyStore } from './idempotency-store';

/** How a guarded delivery ended when it did not throw. */
export type GuardOutcome =
  /** This delivery ran the work and applied the effect; `effects` is the counter after it. */
  | { readonly kind: 'completed'; readonly effects: number }
  /** The effect was applied by an earlier delivery: skip, and acknowledge the message. */
  | { readonly kind: 'duplicate'; readonly effects: number };

export interface GuardContext {
  readonly store: IdempotencyStore;
  /** Token naming this delivery (e.g. request id + a random suffix). */
  readonly owner: string;
  readonly now: () => number;
  /** Time left in the invocation: the claim lapses when the invocation must have ended. */
  readonly remainingTimeMs: () => number;
  /** How long a completed record is honoured. */
  readonly completedTtlSeconds: number;
  /** Told when releasing a failed claim failed too (the claim then lapses at its expiry). */
  readonly onReleaseError?: (error: unknown) => void;
}

/**
 * Runs `work` at most once per `key` across deliveries, then applies the effect.
 *
 * - No record (or a released, lapsed or expired one): claim it, work, complete + effect in
 *   one write fenced by the owner token.
 * - In progress under a live claim: throws IdempotencyInProgressError. The message must NOT
 *   be acknowledged: if the first delivery then fails, this copy is the one that retries.
 * - Completed: returns `duplicate`; acknowledging is safe because the effect is recorded.
 * - `work` throws, or the completion write fails (throttled, timed out): the claim is
 *   released so the retry can run at once instead of waiting for it to lapse, and the error
 *   is rethrown. The release is fenced on the owner and on INPROGRESS, so a completion that
 *   did land despite the error is left alone.
 * - The claim lapsed and another delivery took over before completion: the store throws
 *   ClaimLostError and the effect is not applied by this delivery.
 */
export async function runIdempotent(
  key: string,
  work: () => Promise<void>,
  context: GuardContext,
): Promise<GuardOutcome> {
  const nowMs = context.now();
  const recordExpiresAtSeconds = Math.floor(nowMs / 1000) + context.completedTtlSeconds;
  const claim = await context.store.claim({
    key,
    owner: context.owner,
    nowMs,
    inProgressExpiresAtMs: nowMs + context.remainingTimeMs(),
    recordExpiresAtSeconds,
  });
  if (claim.kind === 'in-progress') throw new IdempotencyInProgressError(key, claim.expiresAtMs);
  if (claim.kind === 'completed') return { kind: 'duplicate', effects: claim.effects };

  const release = async (): Promise<void> => {
    try {
      await context.store.release(key, context.owner);
    } catch (releaseError) {
      context.onReleaseError?.(releaseError);
    }
  };
  try {
    await work();
  } catch (error) {
    await release();
    throw error;
  }
  const completedExpiresAtSeconds = Math.floor(context.now() / 1000) + context.completedTtlSeconds;
  try {
    const effects = await context.store.completeWithEffect(key, context.owner, completedExpiresAtSeconds);
    return { kind: 'completed', effects };
  } catch (error) {
    // A lost claim is someone else's now; anything else leaves ours standing until it lapses.
    if (!(error instanceof ClaimLostError)) await release();
    throw error;
  }
}
