/** The command line of `npm run experiment`. */
import { EXPERIMENTS, labOnlyReason } from '../catalog';
import type { Experiment } from '../experiment';
import { MESSAGES } from '../locales/messages';
import {
  BATCH_FORMATION_OPTIONS,
  type BatchFormation,
  type CommandLine,
  HELP_OPTION,
  INSPECT_OPTION,
  type InspectTarget,
  LANGUAGE_OPTION,
  type OptionTable,
  parseBatchFormation,
  parseInspectTarget,
  UsageError,
} from '@sqs-lab/lab';

/** Every option of `npm run experiment`; the experiment's name is the one positional argument. */
export const EXPERIMENT_OPTIONS = {
  ...LANGUAGE_OPTION,
  ...BATCH_FORMATION_OPTIONS,
  ...HELP_OPTION,
  ...INSPECT_OPTION,
  target: { type: 'string', default: 'local' },
  outputs: { type: 'string', default: 'cdk-outputs.json' },
  report: { type: 'string' },
} as const satisfies OptionTable;

/** Parsed command line: the help, or one experiment to run. */
export type ExperimentCommand =
  | { readonly help: true }
  | {
      readonly help: false;
      readonly experiment: Experiment;
      readonly target: 'local' | 'aws';
      readonly outputs: string;
      readonly reportDir: string | undefined;
      readonly formation: BatchFormation;
      /** `--inspect`: where the Node inspector listens (undefined: none). */
      readonly inspect: InspectTarget | undefined;
    };

/**
 * The command a read line asks for; throws UsageError naming the bad argument, in the line's
 * language, and NotLoopbackInspectHostError for `--inspect` off loopback. Read it from
 * `withInspectDefault(argv)`, so a bare `--inspect` has its port.
 */
export function experimentCommand(line: CommandLine<typeof EXPERIMENT_OPTIONS>): ExperimentCommand {
  const { language } = line;
  const say = MESSAGES[language].experiment;
  const { values, positionals } = line.check({
    positionals: true,
    missingValue: { target: say.badTarget(undefined), outputs: say.outputsNeedsFile, report: say.reportNeedsDir },
  });
  const formation = parseBatchFormation(values, language);
  const { target } = values;
  if (target !== 'local' && target !== 'aws') throw new UsageError(say.badTarget(target));
  const inspect = parseInspectTarget(values.inspect, language);
  // On AWS the handlers run in Lambda, not in this process: there is nothing here to debug.
  if (inspect !== undefined && target === 'aws') throw new UsageError(say.inspectLocalOnly);
  if (values.help) return { help: true };
  const [name, second] = positionals;
  if (name === undefined) throw new UsageError(say.whichExperiment);
  if (second !== undefined) throw new UsageError(say.oneAtATime(name, second));
  const experiment = EXPERIMENTS.find((candidate) => candidate.name === name);
  if (experiment === undefined)
    throw new UsageError(
      say.unknownExperiment(
        name,
        EXPERIMENTS.map((e) => e.name),
      ),
    );
  const labOnly = labOnlyReason(experiment, language);
  if (target === 'aws' && labOnly !== undefined) throw new UsageError(say.labOnly(experiment.name, labOnly));
  return { help: false, experiment, target, outputs: values.outputs, reportDir: values.report, formation, inspect };
}
