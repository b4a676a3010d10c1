/**
 * `--batch-formation aws|full` and `--batch-seed N`, shared by `npm run lab`, `npm start` and
 * `npm run experiment`. AWS-like is the default: the tour's verdicts hold for any split, and a
 * learner should see the batches AWS would give. A run without `--batch-seed` draws a fresh
 * seed and prints it, so any run can be replayed.
 */
import type { Language } from '../common/language';
import { MESSAGES } from '../locales/messages';
import { type BatchFormation, freshBatchSeed } from '../services/lambda/event-source-mapping/batch-formation';
import type { OptionTable } from './command-line';
import { UsageError } from './usage-error';

/** The two options, for a command's option table. */
export const BATCH_FORMATION_OPTIONS = {
  'batch-formation': { type: 'string' },
  'batch-seed': { type: 'string' },
} as const satisfies OptionTable;

/** The formation the two option values ask for; throws UsageError naming the bad value, in `language`. */
export function parseBatchFormation(
  values: { readonly 'batch-formation'?: string; readonly 'batch-seed'?: string },
  language: Language = 'en',
): BatchFormation {
  const say = MESSAGES[language].batchFormation;
  const { 'batch-formation': mode, 'batch-seed': seed } = values;
  if (mode !== undefined && mode !== 'aws' && mode !== 'full') throw new UsageError(say.badMode(mode));
  if (seed !== undefined && !/^\d{1,9}$/.test(seed)) throw new UsageError(say.badSeed(seed));
  if (mode === 'full') {
    if (seed !== undefined) throw new UsageError(say.seedWithFull);
    return { mode: 'full' };
  }
  return { mode: 'aws', seed: seed === undefined ? freshBatchSeed() : Number(seed) };
}

/** The line every run prints: how batches are formed, and how to replay or change it. */
export function batchFormationLine(formation: BatchFormation, language: Language = 'en'): string {
  return MESSAGES[language].batchFormation.line(formation);
}
