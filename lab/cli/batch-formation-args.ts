/**
 * `--batch-formation aws|full` and `--batch-seed N`, shared by `npm run lab`, `npm start` and
 * `npm run experiment`. AWS-like is the default: the tour's verdicts hold for any split, and a
 * learner should see the batches AWS would give. A run without `--batch-seed` draws a fresh
 * seed and prints it, so any run can be replayed.
 */
import {
  type BatchFormation,
  describeBatchFormation,
  freshBatchSeed,
} from '../services/lambda/event-source-mapping/batch-formation';
import { UsageError } from './usage-error';

/** The help lines of the two flags. */
export const BATCH_FORMATION_USAGE = `  --batch-formation aws|full              aws (default): a receive may return fewer messages than
                                          the batch size, as SQS does; full: always full batches
  --batch-seed N                          seed of the AWS-like split (default: a fresh one, printed)`;

/** The formation the two flag values ask for; throws UsageError naming the bad value. */
export function parseBatchFormation(mode: string | undefined, seed: string | undefined): BatchFormation {
  if (mode !== undefined && mode !== 'aws' && mode !== 'full')
    throw new UsageError(`--batch-formation must be aws or full, got "${mode}"`);
  if (seed !== undefined && !/^\d{1,9}$/.test(seed))
    throw new UsageError(`--batch-seed must be a non-negative integer, got "${seed}"`);
  if (mode === 'full') {
    if (seed !== undefined) throw new UsageError('--batch-seed only applies to --batch-formation aws');
    return { mode: 'full' };
  }
  return { mode: 'aws', seed: seed === undefined ? freshBatchSeed() : Number(seed) };
}

/** The line every run prints: how batches are formed, and how to replay or change it. */
export function batchFormationLine(formation: BatchFormation): string {
  const replay =
    formation.mode === 'aws'
      ? ` Replay this split with --batch-seed ${formation.seed}; --batch-formation full gives full batches.`
      : '';
  return `Batch formation: ${describeBatchFormation(formation)}.${replay}`;
}

/** Removes `--batch-formation X` and `--batch-seed N` from argv and parses them. */
export function takeBatchFormationArgs(argv: readonly string[]): {
  readonly rest: string[];
  readonly formation: BatchFormation;
} {
  const rest: string[] = [];
  let mode: string | undefined;
  let seed: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    const [name, inline] = arg.split('=', 2) as [string, string | undefined];
    if (name !== '--batch-formation' && name !== '--batch-seed') {
      rest.push(arg);
      continue;
    }
    const value = inline ?? argv[(index += 1)];
    if (value === undefined) throw new UsageError(`${name} needs a value`);
    if (name === '--batch-formation') mode = value;
    else seed = value;
  }
  return { rest, formation: parseBatchFormation(mode, seed) };
}
