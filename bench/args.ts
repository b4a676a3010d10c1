/** The command line of `npm run bench`, read as every command of the lab reads its own. */
import { relative } from 'node:path';
import { type CommandLine, HELP_OPTION, LANGUAGE_OPTION, type OptionTable, UsageError } from '@sqs-lab/lab';
import { BENCH_MESSAGES, type BenchHelpFacts } from './locales/bench-messages';
import { PROJECT_ROOT } from '../lib/project-root';
import { RESULTS_FILE, SECTIONS, type SectionName } from './results';

/** Every option of `npm run bench`. */
export const BENCH_OPTIONS = {
  ...LANGUAGE_OPTION,
  ...HELP_OPTION,
  quick: { type: 'boolean', default: false },
  only: { type: 'string', multiple: true },
  out: { type: 'string' },
} as const satisfies OptionTable;

/** Parsed command line. */
export interface BenchCommand {
  readonly help: boolean;
  readonly quick: boolean;
  readonly sections: readonly SectionName[];
  readonly out: string;
}

/** What the help names: the sections, and the results file as the repository names it. */
export const BENCH_HELP_FACTS: BenchHelpFacts = {
  sections: SECTIONS,
  resultsFile: relative(PROJECT_ROOT, RESULTS_FILE),
};

function isSection(value: string): value is SectionName {
  return (SECTIONS as readonly string[]).includes(value);
}

/** The command a read line asks for; throws UsageError naming the bad argument, in the line's language. */
export function benchCommand(line: CommandLine<typeof BENCH_OPTIONS>): BenchCommand {
  const say = BENCH_MESSAGES[line.language];
  const { values } = line.check({
    unknown: say.unknownArgument,
    missingValue: { only: say.onlyNeedsList, out: say.outNeedsFile },
  });
  const requested = (values.only ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  for (const name of requested) {
    if (!isSection(name)) throw new UsageError(say.unknownSection(name, SECTIONS));
  }
  const chosen = new Set<SectionName>(requested.length === 0 ? SECTIONS : requested.filter(isSection));
  if (chosen.has('cost')) chosen.add('requests');
  return {
    help: values.help,
    quick: values.quick,
    sections: SECTIONS.filter((name) => chosen.has(name)),
    out: values.out ?? RESULTS_FILE,
  };
}
