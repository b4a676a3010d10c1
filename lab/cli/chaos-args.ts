/** The command line of `npm run chaos`. */
import { parseArgs } from 'node:util';
import type { Language } from '../common/language';
import { UsageError } from './lab-args';
import { CHAOS_MIXES, type ChaosMix } from '../chaos/mixes';
import { checkTimeScale, TimeScaleError } from '../chaos/topologies';
import { CHAOS_MESSAGES, DEFAULT_CHAOS_PARALLEL, DEFAULT_CHAOS_SEED, DEFAULT_RESULTS_FILE } from './chaos-messages';

export { DEFAULT_CHAOS_PARALLEL, DEFAULT_CHAOS_SEED, DEFAULT_RESULTS_FILE };

/** The help text (English; `CHAOS_MESSAGES.ja.usage` in Japanese). */
export const CHAOS_USAGE = CHAOS_MESSAGES.en.usage(CHAOS_MIXES.map((mix) => mix.name));

/** A parsed command line. */
export interface ChaosCommand {
  readonly help: boolean;
  readonly messages: number;
  readonly seed: number;
  readonly mixes: readonly ChaosMix[];
  readonly guards: readonly boolean[];
  readonly pollers: number | undefined;
  readonly timeScale: number;
  /** Runs at once, each in its own lab (1: one after the other). */
  readonly parallel: number;
  readonly out: string;
}

/** Parses `argv` (without node and script); throws UsageError naming the bad flag, in `language`. */
export function parseChaosArgs(argv: readonly string[], language: Language = 'en'): ChaosCommand {
  const say = CHAOS_MESSAGES[language];
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        messages: { type: 'string', default: '1000' },
        seed: { type: 'string', default: String(DEFAULT_CHAOS_SEED) },
        mix: { type: 'string' },
        guard: { type: 'string', default: 'both' },
        pollers: { type: 'string' },
        'time-scale': { type: 'string', default: '1' },
        parallel: { type: 'string', default: String(DEFAULT_CHAOS_PARALLEL) },
        out: { type: 'string', default: DEFAULT_RESULTS_FILE },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const option = /'(-[^']*)'/.exec(error instanceof Error ? error.message : '')?.[1];
    const unknown = (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined;
    throw new UsageError(unknown ? say.unknownOption(option) : error instanceof Error ? error.message : String(error));
  }
  const positive = (flag: string, text: string): number => positiveInteger(flag, text, language);
  const messages = positive('--messages', values.messages);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new UsageError(say.badSeed(values.seed));
  const guards = { on: [true], off: [false], both: [true, false] }[values.guard];
  if (guards === undefined) throw new UsageError(say.badGuard(values.guard));
  const mixes: ChaosMix[] =
    values.mix === undefined
      ? [...CHAOS_MIXES]
      : values.mix.split(',').map((name) => {
          const mix = CHAOS_MIXES.find((candidate) => candidate.name === name.trim());
          if (mix === undefined)
            throw new UsageError(
              say.unknownMix(
                name.trim(),
                CHAOS_MIXES.map((m) => m.name),
              ),
            );
          return mix;
        });
  return {
    help: values.help,
    messages,
    seed,
    mixes,
    guards,
    pollers: values.pollers === undefined ? undefined : positive('--pollers', values.pollers),
    timeScale: timeScale(values['time-scale'], language),
    parallel: positive('--parallel', values.parallel),
    out: values.out,
  };
}

function timeScale(text: string, language: Language): number {
  try {
    return checkTimeScale(Number(text));
  } catch (error) {
    if (error instanceof TimeScaleError) throw new UsageError(CHAOS_MESSAGES[language].badTimeScale(text));
    throw error;
  }
}

function positiveInteger(flag: string, text: string, language: Language): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(CHAOS_MESSAGES[language].notPositive(flag, text));
  return value;
}
