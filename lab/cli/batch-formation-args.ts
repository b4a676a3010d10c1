/**
 * `--batch-formation aws|full` and `--batch-seed N`, shared by `npm run lab`, `npm start` and
 * `npm run experiment`. AWS-like is the default: the tour's verdicts hold for any split, and a
 * learner should see the batches AWS would give. A run without `--batch-seed` draws a fresh
 * seed and prints it, so any run can be replayed.
 */
import type { Language } from '../common/language';
import {
  type BatchFormation,
  describeBatchFormation,
  freshBatchSeed,
} from '../services/lambda/event-source-mapping/batch-formation';
import { UsageError } from './usage-error';

/** The two flags' help lines, errors and the line every run prints, per language. */
export const BATCH_FORMATION_MESSAGES = {
  en: {
    usage: `  --batch-formation aws|full              aws (default): a receive may return fewer messages than
                                          the batch size, as SQS does; full: always full batches
  --batch-seed N                          seed of the AWS-like split (default: a fresh one, printed)`,
    badMode: (mode: string) => `--batch-formation must be aws or full, got "${mode}"`,
    badSeed: (seed: string) => `--batch-seed must be a non-negative integer, got "${seed}"`,
    seedWithFull: '--batch-seed only applies to --batch-formation aws',
    needsValue: (flag: string) => `${flag} needs a value`,
    line: (formation: BatchFormation) =>
      `Batch formation: ${describeBatchFormation(formation)}.${
        formation.mode === 'aws'
          ? ` Replay this split with --batch-seed ${formation.seed}; --batch-formation full gives full batches.`
          : ''
      }`,
  },
  ja: {
    usage: `  --batch-formation aws|full              aws（既定）: SQS と同じく、受信でバッチサイズより少ない
                                          メッセージが返ることがある。full: 常に満杯のバッチ
  --batch-seed N                          AWS 風の分け方のシード（既定: 新しいものを表示）`,
    badMode: (mode: string) => `--batch-formation は aws か full です（指定: "${mode}"）`,
    badSeed: (seed: string) => `--batch-seed は 0 以上の整数です（指定: "${seed}"）`,
    seedWithFull: '--batch-seed は --batch-formation aws のときだけ使えます',
    needsValue: (flag: string) => `${flag} には値が必要です`,
    line: (formation: BatchFormation) =>
      formation.mode === 'full'
        ? 'バッチの組み方: 常に満杯（--batch-formation full: 受信のたびに取れるだけのメッセージを取る）。'
        : `バッチの組み方: AWS 風（シード ${formation.seed}: 受信でバッチサイズより少ないメッセージが返ることがある）。この分け方は --batch-seed ${formation.seed} で再現でき、--batch-formation full なら常に満杯のバッチになります。`,
  },
} as const satisfies Record<Language, unknown>;

/** The help lines of the two flags (English). */
export const BATCH_FORMATION_USAGE = BATCH_FORMATION_MESSAGES.en.usage;

/** The formation the two flag values ask for; throws UsageError naming the bad value. */
export function parseBatchFormation(
  mode: string | undefined,
  seed: string | undefined,
  language: Language = 'en',
): BatchFormation {
  const say = BATCH_FORMATION_MESSAGES[language];
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
  return BATCH_FORMATION_MESSAGES[language].line(formation);
}

/** Removes `--batch-formation X` and `--batch-seed N` from argv and parses them. */
export function takeBatchFormationArgs(
  argv: readonly string[],
  language: Language = 'en',
): {
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
    if (value === undefined) throw new UsageError(BATCH_FORMATION_MESSAGES[language].needsValue(name));
    if (name === '--batch-formation') mode = value;
    else seed = value;
  }
  return { rest, formation: parseBatchFormation(mode, seed, language) };
}
