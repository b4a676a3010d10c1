/** The command line of `npm run chaos`. */
import {
  type CommandLine,
  HELP_OPTION,
  type Language,
  LANGUAGE_OPTION,
  namedInList,
  type OptionTable,
  readCommandLine,
  UsageError,
} from '@sqs-lab/lab';
import { CHAOS_MIXES, type ChaosMix } from '../chaos/mixes';
import { checkTimeScale, TimeScaleError } from '../chaos/topologies';
import { MESSAGES } from '../locales/messages';

/** Default seed: any run can be replayed with `--seed`. */
export const DEFAULT_CHAOS_SEED = 20_261;

/**
 * Runs side by side by default: each run's wall time is mostly waiting (simulated work,
 * visibility timeouts, expiring claims), so four labs at once finish the mixes sooner on a
 * 2-core machine while every run keeps its own queues, table, workload and seed.
 */
export const DEFAULT_CHAOS_PARALLEL = 4;

/** Where results go by default, relative to the project root. */
export const DEFAULT_RESULTS_FILE = 'bench/chaos-results.json';

/** Every option of `npm run chaos`. */
export const CHAOS_OPTIONS = {
  ...LANGUAGE_OPTION,
  ...HELP_OPTION,
  messages: { type: 'string', default: '1000' },
  seed: { type: 'string', default: String(DEFAULT_CHAOS_SEED) },
  mix: { type: 'string' },
  guard: { type: 'string', default: 'both' },
  pollers: { type: 'string' },
  'time-scale': { type: 'string', default: '1' },
  parallel: { type: 'string', default: String(DEFAULT_CHAOS_PARALLEL) },
  out: { type: 'string', default: DEFAULT_RESULTS_FILE },
} as const satisfies OptionTable;

/** What the help names: the mixes and the defaults. */
export const CHAOS_HELP_FACTS = {
  mixes: CHAOS_MIXES.map((mix) => mix.name),
  seed: DEFAULT_CHAOS_SEED,
  parallel: DEFAULT_CHAOS_PARALLEL,
  out: DEFAULT_RESULTS_FILE,
} as const;

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

/** Parses `argv` (without node and script); throws UsageError naming the bad flag, in `language` unless `--lang` says otherwise. */
export function parseChaosArgs(argv: readonly string[], language: Language = 'en'): ChaosCommand {
  return chaosCommand(readCommandLine(argv, CHAOS_OPTIONS, language));
}

/** The command a read line asks for; throws UsageError naming the bad flag, in the line's language. */
export function chaosCommand(line: CommandLine<typeof CHAOS_OPTIONS>): ChaosCommand {
  const { language } = line;
  const say = MESSAGES[language].chaos;
  const { values } = line.check();
  const positive = (flag: string, text: string): number => positiveInteger(flag, text, language);
  const messages = positive('--messages', values.messages);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new UsageError(say.badSeed(values.seed));
  const guards = { on: [true], off: [false], both: [true, false] }[values.guard];
  if (guards === undefined) throw new UsageError(say.badGuard(values.guard));
  const mixes: ChaosMix[] =
    values.mix === undefined ? [...CHAOS_MIXES] : namedInList(values.mix, CHAOS_MIXES, say.unknownMix);
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
    if (error instanceof TimeScaleError) throw new UsageError(MESSAGES[language].chaos.badTimeScale(text));
    throw error;
  }
}

function positiveInteger(flag: string, text: string, language: Language): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(MESSAGES[language].chaos.notPositive(flag, text));
  return value;
}
