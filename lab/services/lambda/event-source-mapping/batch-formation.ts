/**
 * How a mapping's receives are sized. SQS "may return fewer messages than requested" from a
 * ReceiveMessage call, so on AWS a batch of 10 messages sent together often reaches the
 * function as several smaller batches. fauxqs always fills a receive when it can, so the lab
 * asks for a seeded, random number of messages per receive instead (`aws`), or for the full
 * batch size as before (`full`, kept for teaching: every run then splits the same way).
 */
import { seededRandom } from '../../../common/seeded-random';

/** `aws`: receives of 1..batch size messages, drawn from `seed`; `full`: always the batch size. */
export type BatchFormation = { readonly mode: 'full' } | { readonly mode: 'aws'; readonly seed: number };

/** The lab's default: AWS-like batches from a fixed seed (the CLIs draw a fresh seed per run). */
export const DEFAULT_BATCH_FORMATION: BatchFormation = { mode: 'aws', seed: 1 };

/** Largest MaxNumberOfMessages SQS accepts in one ReceiveMessage call. */
export const MAX_MESSAGES_PER_RECEIVE = 10;

/** A fresh seed for a CLI run, printed so the run can be replayed with `--batch-seed`. */
export function freshBatchSeed(): number {
  return Math.floor(Math.random() * 1_000_000);
}

/**
 * Picks MaxNumberOfMessages for each receive of one mapping. `stream` separates the mappings
 * of one lab (same seed, different draws).
 */
export class ReceiveSizer {
  private readonly random: (() => number) | undefined;

  constructor(formation: BatchFormation, stream: string) {
    this.random = formation.mode === 'aws' ? seededRandom(`${formation.seed}/${stream}`) : undefined;
  }

  /** How many messages to ask for when `wanted` more would complete the batch. */
  next(wanted: number): number {
    const most = Math.max(1, Math.min(MAX_MESSAGES_PER_RECEIVE, wanted));
    if (this.random === undefined) return most;
    return 1 + Math.floor(this.random() * most);
  }
}
