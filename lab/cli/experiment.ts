/**
 * `npm run experiment -- <name> [--target local|aws] [--outputs <file>] [--report <dir>]`: one experiment,
 * judged by the same code on both targets. `local` (default) runs it on a fresh lab; `aws`
 * posts to the stacks in `cdk-outputs.json` and reads CloudWatch Logs, DynamoDB and SQS.
 * `--report <dir>` writes the run's timeline page to `<dir>/index.html`, on either target.
 * `--lang ja` (or a Japanese LANG) speaks Japanese; the log lines keep the tutorials' words.
 */
import { startEmulators } from '../services/emulators';
import { type Language, resolveLanguage, takeLanguage } from '../common/language';
import { openAwsProbe, requiredContextFlags } from '../experiments/aws-probe';
import { EXPERIMENTS, type Experiment, labOnlyReason } from '../experiments/catalog';
import { openLocalProbe } from '../experiments/local-probe';
import type { ExperimentProbe } from '../experiments/probe';
import { ProgressBoard } from '../experiments/progress';
import { renderResult, renderTable, toRow } from '../experiments/report';
import { runExperiment } from '../experiments/runner';
import { writeReport } from '../experiments/timeline/report-page';
import type { BatchFormation } from '../services/lambda/event-source-mapping/batch-formation';
import { batchFormationLine, takeBatchFormationArgs } from './batch-formation-args';
import { EXPERIMENT_MESSAGES } from './experiment-messages';
import { commandLineMistake, UsageError } from './usage-error';

interface Arguments {
  readonly help: boolean;
  readonly experiment: Experiment | undefined;
  readonly target: 'local' | 'aws';
  readonly outputs: string;
  readonly reportDir: string | undefined;
}

function parseArguments(argv: readonly string[], language: Language): Arguments {
  const say = EXPERIMENT_MESSAGES[language];
  let name: string | undefined;
  let target: 'local' | 'aws' = 'local';
  let outputs = 'cdk-outputs.json';
  let reportDir: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { help: true, experiment: undefined, target, outputs, reportDir };
    if (arg === '--target') {
      const value = argv[(i += 1)];
      if (value !== 'local' && value !== 'aws') throw new UsageError(say.badTarget(value));
      target = value;
    } else if (arg === '--outputs') {
      const value = argv[(i += 1)];
      if (!value) throw new UsageError(say.outputsNeedsFile);
      outputs = value;
    } else if (arg === '--report') {
      const value = argv[(i += 1)];
      if (!value) throw new UsageError(say.reportNeedsDir);
      reportDir = value;
    } else if (arg.startsWith('-')) {
      throw new UsageError(say.unknownOption(arg));
    } else if (name === undefined) {
      name = arg;
    } else {
      throw new UsageError(say.oneAtATime(name, arg));
    }
  }
  if (name === undefined) throw new UsageError(say.whichExperiment);
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
  return { help: false, experiment, target, outputs, reportDir };
}

interface Command {
  readonly language: Language;
  readonly args: Arguments;
  readonly formation: BatchFormation;
}

/** The command's language: from the environment until `--lang` is read. */
let language: Language = resolveLanguage(undefined);

/** The language first (so errors speak it: it is set before the rest is read), then the rest of the command line. */
function parseCommandLine(argv: readonly string[]): Command {
  const { language: spoken, rest } = takeLanguage(argv);
  language = spoken;
  const { rest: others, formation } = takeBatchFormationArgs(rest, language);
  return { language, args: parseArguments(others, language), formation };
}

async function main(): Promise<number> {
  let command: Command;
  try {
    command = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    const message = commandLineMistake(error, language);
    if (message === undefined) throw error;
    process.stderr.write(EXPERIMENT_MESSAGES[language].error(message));
    return 2;
  }
  language = command.language;
  const say = EXPERIMENT_MESSAGES[language];
  const { args, formation } = command;
  if (args.help || args.experiment === undefined) {
    process.stdout.write(
      say.usage(
        EXPERIMENTS.map((e) => ({
          name: e.name,
          title: e.title[language],
          labOnly: labOnlyReason(e, language) !== undefined,
        })),
      ),
    );
    return 0;
  }
  const experiment = args.experiment;
  const write = (text: string): void => {
    process.stdout.write(text);
  };
  write(say.header(experiment.name, experiment.title[language], args.target));
  // An experiment without a stack has no event source mapping, so no batches to form.
  const batches = experiment.stack !== 'SQS';
  if (args.target === 'local' && batches) write(`${batchFormationLine(formation, language)}\n`);
  if (args.target === 'aws' && experiment.stack === 'SQS' && experiment.run === 'polling') {
    write(say.pollsDlq(experiment.awsQueue.stack));
  }
  const flags = requiredContextFlags(experiment);
  if (args.target === 'aws' && flags) write(say.needsContext(experiment.stack, flags));
  const emulators = args.target === 'local' ? await startEmulators() : undefined;
  let probe: ExperimentProbe | undefined;
  const board = new ProgressBoard(write, process.stdout.isTTY === true, [experiment.name], { language });
  const started = Date.now();
  try {
    probe = emulators
      ? await openLocalProbe(experiment, emulators, { batchFormation: formation })
      : await openAwsProbe(experiment, args.outputs, process.env, language);
    board.start();
    const result = await runExperiment(experiment, probe, board.listener);
    board.stop();
    write(`\n${renderResult(result, language)}\n\n${renderTable([toRow(result, language)], language)}\n`);
    if (args.target === 'local' && batches) write(`${batchFormationLine(formation, language)}\n`);
    if (args.reportDir !== undefined) {
      const report = await writeReport(args.reportDir, [result], {
        target: args.target,
        seconds: (Date.now() - started) / 1000,
        language,
      });
      write(say.timeline(report.html));
    }
    return result.matched ? 0 : 1;
  } finally {
    board.stop();
    await probe?.close();
    await emulators?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(EXPERIMENT_MESSAGES[language].failed(error instanceof Error ? error.message : String(error)));
    process.exit(2);
  },
);
