/** The command line of the lab's own bench, `npm run bench -w @sqs-lab/lab` (main.ts). */
import { resolve } from 'node:path';
import { type CommandLine, HELP_OPTION, LANGUAGE_OPTION, type OptionTable } from '../cli/command-line';
import { MESSAGES } from '../locales/messages';

/** Every option of the lab's bench. */
export const LAB_BENCH_OPTIONS = {
  ...LANGUAGE_OPTION,
  ...HELP_OPTION,
  quick: { type: 'boolean', default: false },
  out: { type: 'string' },
} as const satisfies OptionTable;

/** Parsed command line. */
export interface LabBenchCommand {
  readonly help: boolean;
  readonly quick: boolean;
  /** Where the figures go as JSON (absolute), if anywhere. */
  readonly out: string | undefined;
}

/** The command a read line asks for; throws UsageError naming the bad argument, in the line's language. */
export function labBenchCommand(
  line: CommandLine<typeof LAB_BENCH_OPTIONS>,
  cwd: string = process.cwd(),
): LabBenchCommand {
  const { values } = line.check({ missingValue: { out: MESSAGES[line.language].bench.outNeedsFile } });
  return {
    help: values.help,
    quick: values.quick,
    out: values.out === undefined ? undefined : resolve(cwd, values.out),
  };
}
