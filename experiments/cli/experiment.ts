/**
 * `npm run experiment -- <name> [--target local|aws] [--outputs <file>] [--report <dir>]`: one experiment,
 * judged by the same code on both targets. `local` (default) runs it on a fresh lab; `aws`
 * posts to the stacks in `cdk-outputs.json` and reads CloudWatch Logs, DynamoDB and SQS.
 * `--report <dir>` writes the run's timeline page to `<dir>/index.html`, on either target.
 * `--lang ja` (or a Japanese LANG) speaks Japanese; the log lines keep the tutorials' words.
 * `--inspect` opens the Node inspector on loopback, to debug the handlers of a local run.
 */
import {
  batchFormationLine,
  type Emulators,
  inspectorRefusal,
  type Language,
  openLabInspector,
  readCommand,
  resolveLanguage,
  withInspectDefault,
} from '@sqs-lab/lab';
import { EXPERIMENTS, labOnlyReason } from '../catalog';
import type { ExperimentProbe } from '../probe';
import { MESSAGES } from '../locales/messages';
import { loadRunModules } from './load-run-modules';
import { EXPERIMENT_OPTIONS, experimentCommand } from './experiment-args';

/** The command's language: from the environment until the command line is read. */
let language: Language = resolveLanguage(undefined);

async function main(): Promise<number> {
  const read = readCommand(withInspectDefault(process.argv.slice(2)), EXPERIMENT_OPTIONS, experimentCommand);
  language = read.language;
  const say = MESSAGES[language].experiment;
  if (read.mistake !== undefined) {
    process.stderr.write(say.error(read.mistake));
    return 2;
  }
  const args = read.command;
  if (args.help) {
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
  // The lab, the AWS clients and the report load only for a run: help and mistakes answer at once.
  const [
    { withEmulators, openLocalProbe, ProgressBoard, renderResult, renderTable, toRow, runExperiment, writeReport },
    { openAwsProbe, requiredContextFlags },
  ] = await Promise.all([loadRunModules(), import('../aws-probe')]);
  const { formation } = args;
  const experiment = args.experiment;
  const write = (text: string): void => {
    process.stdout.write(text);
  };
  const labInspector = args.inspect === undefined ? undefined : openLabInspector(args.inspect, language);
  if (labInspector !== undefined) write(MESSAGES[language].inspect.open(labInspector.address));
  write(say.header(experiment.name, experiment.title[language], args.target));
  // An experiment without a stack has no event source mapping, so no batches to form.
  const batches = experiment.stack !== 'SQS';
  if (args.target === 'local' && batches) write(`${batchFormationLine(formation, language)}\n`);
  if (args.target === 'aws' && experiment.stack === 'SQS' && experiment.run === 'polling') {
    write(say.pollsDlq(experiment.awsQueue.stack));
  }
  const flags = requiredContextFlags(experiment);
  if (args.target === 'aws' && flags) write(say.needsContext(experiment.stack, flags));
  const run = async (emulators: Emulators | undefined): Promise<number> => {
    let probe: ExperimentProbe | undefined;
    const board = new ProgressBoard(write, process.stdout.isTTY === true, [experiment.name], { language });
    const started = Date.now();
    try {
      probe = emulators
        ? await openLocalProbe(experiment, emulators, {
            batchFormation: formation,
            debugging: labInspector !== undefined,
          })
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
    }
  };
  return args.target === 'local' ? withEmulators(run) : run(undefined);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const refusal = inspectorRefusal(error);
    if (refusal !== undefined) {
      process.stderr.write(refusal);
      process.exit(1);
    }
    process.stderr.write(MESSAGES[language].experiment.failed(error instanceof Error ? error.message : String(error)));
    process.exit(2);
  },
);
