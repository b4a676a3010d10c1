/** The command line of `npm start` (the tour). */
import { EXPERIMENTS } from '../catalog';
import type { Experiment } from '../experiment';
import { MESSAGES } from '../locales/messages';
import {
  BATCH_FORMATION_OPTIONS,
  type BatchFormation,
  type CommandLine,
  HELP_OPTION,
  LANGUAGE_OPTION,
  namedInList,
  type OptionTable,
  parseBatchFormation,
} from '@sqs-lab/lab';

/** Where `npm start` writes its report unless `--report <dir>` says otherwise (git-ignored). */
export const DEFAULT_REPORT_DIR = 'lab-report';

/** The tour's experiments: the catalog minus those marked `inTour: false` (run them with `--only`). */
export const TOUR = EXPERIMENTS.filter((experiment) => experiment.inTour !== false);

/** Every option of `npm start`. */
export const TOUR_OPTIONS = {
  ...LANGUAGE_OPTION,
  ...BATCH_FORMATION_OPTIONS,
  ...HELP_OPTION,
  only: { type: 'string' },
  report: { type: 'string', default: DEFAULT_REPORT_DIR },
} as const satisfies OptionTable;

/** Parsed command line. */
export interface TourCommand {
  readonly help: boolean;
  readonly experiments: readonly Experiment[];
  readonly reportDir: string;
  readonly formation: BatchFormation;
}

/** The command a read line asks for; throws UsageError naming the bad argument, in the line's language. */
export function tourCommand(line: CommandLine<typeof TOUR_OPTIONS>): TourCommand {
  const say = MESSAGES[line.language].tour;
  const { values } = line.check({
    unknown: say.unknownArgument,
    missingValue: { only: say.onlyNeedsList, report: say.reportNeedsDir },
  });
  const formation = parseBatchFormation(values, line.language);
  const experiments = values.only === undefined ? TOUR : namedInList(values.only, EXPERIMENTS, say.unknownExperiment);
  return { help: values.help, experiments, reportDir: values.report, formation };
}
