/** The command line of `npm run bench`. */
import { parseArgs } from 'node:util';
import { RESULTS_FILE, SECTIONS, type SectionName } from './results';

/** The help text. */
export const BENCH_USAGE = `Usage: npm run bench -- [options]

Measures, on the local lab (never AWS): AWS requests per message beside the tutorial's
naive versions, the cost per million messages, bundle size and load time beside
Powertools, lab throughput against the emulator's ceiling (emulators in the lab's main
thread and in their own threads, side by side), guard throughput, the lab's memory, and
npm run chaos's wall time on a sample of mixes (one run after the other, then side by side),
and Logs Insights' query time over 25 000 to 100 000 log lines.
Writes ${RESULTS_FILE.replace(/^.*\/bench\//, 'bench/')} and prints the tables (markdown).

Options:
  --quick             small sizes: a smoke test in well under a minute
  --only SECTION      run only these sections (repeat or comma-separate):
                      ${SECTIONS.join(', ')} (cost runs requests too)
  --out FILE          write the results here instead of bench/results.json
  --help              show this help
`;

/** A command-line mistake: printed with the usage, exit code 2. */
export class BenchUsageError extends Error {
  override readonly name = 'BenchUsageError';
}

/** Parsed command line. */
export interface BenchCommand {
  readonly help: boolean;
  readonly quick: boolean;
  readonly sections: readonly SectionName[];
  readonly out: string;
}

function isSection(value: string): value is SectionName {
  return (SECTIONS as readonly string[]).includes(value);
}

/** Parses `argv` (without node and script); throws BenchUsageError on a bad flag or section. */
export function parseBenchArgs(argv: readonly string[]): BenchCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        quick: { type: 'boolean', default: false },
        only: { type: 'string', multiple: true },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new BenchUsageError(error instanceof Error ? error.message : String(error));
  }
  const requested = (values.only ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  for (const name of requested) {
    if (!isSection(name)) throw new BenchUsageError(`unknown section "${name}"; sections: ${SECTIONS.join(', ')}`);
  }
  const chosen = new Set<SectionName>(requested.length === 0 ? SECTIONS : (requested as SectionName[]));
  if (chosen.has('cost')) chosen.add('requests');
  return {
    help: values.help,
    quick: values.quick,
    sections: SECTIONS.filter((name) => chosen.has(name)),
    out: values.out ?? RESULTS_FILE,
  };
}
