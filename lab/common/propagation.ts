/**
 * How long a change takes to reach the rest of AWS on the lab. AWS is eventually consistent:
 * - SetQueueAttributes: "When you change a queue's attributes, the change can take up to 60
 *   seconds for most of the attributes to propagate throughout the Amazon SQS system" (SQS API
 *   reference, SetQueueAttributes,
 *   https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SetQueueAttributes.html).
 * - IAM: "IAM, like many other AWS services, is eventually consistent. [...] the change must be
 *   replicated across IAM, which can take some time. Such changes include creating or updating
 *   users, groups, roles, or policies." (IAM user guide, "What is IAM?",
 *   https://docs.aws.amazon.com/IAM/latest/UserGuide/introduction.html, and "Changes that I make
 *   are not always immediately visible", troubleshoot_general.html#troubleshoot_general_eventual-consistency).
 *   IAM states no upper bound.
 *
 * The lab draws each change's delay from a seed, between half the maximum and the maximum, so
 * that a deploy which does not wait meets the delay every time, and a replay with the same seed
 * meets the same delays. The default maximum is small so tests stay fast; set it to
 * {@link AWS_DOCUMENTED_PROPAGATION_MS} to live with SQS's documented worst case.
 */
import { seededRandom } from './seeded-random';

/**
 * The lab's default longest propagation delay, in ms. A deploy step that waits for a change to
 * settle must wait at least this long on a default lab (the Step 7 Raise's settle time).
 */
export const LAB_MAX_PROPAGATION_MS = 200;

/** SQS's documented worst case for SetQueueAttributes (60 s); the lab uses it for IAM grants too. */
export const AWS_DOCUMENTED_PROPAGATION_MS = 60_000;

/** The seed of the delays unless one is given. */
export const DEFAULT_PROPAGATION_SEED = 1;

/**
 * Whether new IAM grants wait for the delay on a lab started without `propagation.iamGrants`:
 * on, as on AWS. The templates put every grant a custom resource needs into its role's default
 * policy (deploy review 2, row 5), so no step of theirs calls before its grant is in force.
 */
export const DEFAULT_IAM_GRANT_PROPAGATION = true;

/** `startLab({ propagation })`: the delays of changes reaching other services. */
export interface PropagationOptions {
  /** Longest delay in ms, 0 to 3 600 000; 0 turns propagation off (default {@link LAB_MAX_PROPAGATION_MS}). */
  readonly maxDelayMs?: number;
  /** Seed of the delays (default {@link DEFAULT_PROPAGATION_SEED}). */
  readonly seed?: number | string;
  /** Whether a new or changed IAM policy takes effect after a delay too (default {@link DEFAULT_IAM_GRANT_PROPAGATION}). */
  readonly iamGrants?: boolean;
}

/** The options with defaults filled in. */
export interface ResolvedPropagation {
  readonly maxDelayMs: number;
  readonly seed: number | string;
  readonly iamGrants: boolean;
}

/** Raised for a propagation option out of range. */
export class PropagationOptionError extends RangeError {
  override readonly name = 'PropagationOptionError';
}

/** Fills in the defaults and checks the range. */
export function resolvePropagation(options: PropagationOptions = {}): ResolvedPropagation {
  const maxDelayMs = options.maxDelayMs ?? LAB_MAX_PROPAGATION_MS;
  if (!Number.isInteger(maxDelayMs) || maxDelayMs < 0 || maxDelayMs > 3_600_000)
    throw new PropagationOptionError(
      `propagation.maxDelayMs must be an integer from 0 to 3600000 (ms), got ${maxDelayMs}`,
    );
  return {
    maxDelayMs,
    seed: options.seed ?? DEFAULT_PROPAGATION_SEED,
    iamGrants: options.iamGrants ?? DEFAULT_IAM_GRANT_PROPAGATION,
  };
}

/** The delay of one change, named by `key` (the same key and seed give the same delay). */
export function propagationDelayMs(propagation: ResolvedPropagation, key: string): number {
  if (propagation.maxDelayMs === 0) return 0;
  const draw = seededRandom(`${String(propagation.seed)}|${key}`)();
  return Math.round(propagation.maxDelayMs / 2 + (draw * propagation.maxDelayMs) / 2);
}

/**
 * The settle time a deploy step must wait on a lab with this propagation: the longest delay,
 * in seconds rounded up to tenths (the precision of `queueSettleSeconds`): 200 ms → 0.2 s.
 */
export function settleSecondsOf(propagation: ResolvedPropagation): number {
  return Math.ceil(propagation.maxDelayMs / 100) / 10;
}
