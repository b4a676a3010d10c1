/** The command line of `npm run chaos`. */
import { parseArgs } from 'node:util';
import { UsageError } from './lab-args';
import { CHAOS_MIXES, type ChaosMix, findMix, UnknownMixError } from '../chaos/mixes';
import { checkTimeScale, TimeScaleError } from '../chaos/topologies';

/** Where results go by default, relative to the project root. */
export const DEFAULT_RESULTS_FILE = 'bench/chaos-results.json';

/**
 * Runs side by side by default: each run's wall time is mostly waiting (simulated work,
 * visibility timeouts, expiring claims), so four labs at once keep a 2-core machine busy
 * without starving the 1 s heartbeats.
 */
export const DEFAULT_CHAOS_PARALLEL = 4;

/** Default seed: any run can be replayed with `--seed`. */
export const DEFAULT_CHAOS_SEED = 20_261;

/** The help text. */
export const CHAOS_USAGE = `Usage: npm run chaos -- [options]

Runs N messages through the local lab's time-scaled stacks under injected faults and checks
the invariant: nothing lost, no effect applied twice with the guard on; double effects with
it off.

Options:
  --messages N          messages per run (default 1000)
  --seed S              seed of the workload, the fault coin flips and the kills (default ${DEFAULT_CHAOS_SEED})
  --mix a,b,…           mixes to run (default: all): ${CHAOS_MIXES.map((mix) => mix.name).join(', ')}
  --guard on|off|both   idempotency guard of the Step 7 runs (default both)
  --time-scale K        multiply every duration by K (1-10, default 1) on a machine too busy for 1 s timeouts
  --parallel N          runs at once, each in its own lab (default ${DEFAULT_CHAOS_PARALLEL}; 1: one after the other)
  --pollers N           concurrent pollers of the worker's mapping (default 32 for Step 7, 4 for Step 8)
  --out FILE            JSON results (default ${DEFAULT_RESULTS_FILE})
  --help                show this help
`;

/** A parsed command line. */
export interface ChaosCommand {
  readonly help: boolean;
  readonly messages: number;
  readonly seed: number;
  readonly mixes: readonly ChaosMix[];
  readonly guards: readonly boolean[];
  readonly pollers: number | undefined;
  readonly timeScale: number;
  readonly parallel: number;
  readonly out: string;
}

/** Parses `argv` (without node and script); throws UsageError naming the bad flag. */
export function parseChaosArgs(argv: readonly string[]): ChaosCommand {
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
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const messages = positiveInteger('--messages', values.messages);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed must be an integer, got "${values.seed}"`);
  const guards = { on: [true], off: [false], both: [true, false] }[values.guard];
  if (guards === undefined) throw new UsageError(`--guard must be on, off or both, got "${values.guard}"`);
  let mixes: ChaosMix[];
  try {
    mixes = values.mix === undefined ? [...CHAOS_MIXES] : values.mix.split(',').map((name) => findMix(name.trim()));
  } catch (error) {
    if (error instanceof UnknownMixError) throw new UsageError(error.message);
    throw error;
  }
  return {
    help: values.help,
    messages,
    seed,
    mixes,
    guards,
    pollers: values.pollers === undefined ? undefined : positiveInteger('--pollers', values.pollers),
    timeScale: timeScale(values['time-scale']),
    parallel: positiveInteger('--parallel', values.parallel),
    out: values.out,
  };
}

function timeScale(text: string): number {
  try {
    return checkTimeScale(Number(text));
  } catch (error) {
    if (error instanceof TimeScaleError) throw new UsageError(`--time-scale: ${error.message}`);
    throw error;
  }
}

function positiveInteger(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new UsageError(`${flag} must be a positive integer, got "${text}"`);
  return value;
}
