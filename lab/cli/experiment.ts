/**
 * `npm run experiment -- <name> [--target local|aws] [--outputs <file>] [--report <dir>]`: one experiment,
 * judged by the same code on both targets. `local` (default) runs it on a fresh lab; `aws`
 * posts to the stacks in `cdk-outputs.json` and reads CloudWatch Logs, DynamoDB and SQS.
 * `--report <dir>` writes the run's timeline page to `<dir>/index.html`, on either target.
 */
import { startEmulators } from '../services/emulators';
import { openAwsProbe, requiredContextFlags } from '../experiments/aws-probe';
import { EXPERIMENTS, findExperiment, labOnlyReason } from '../experiments/catalog';
import { openLocalProbe } from '../experiments/local-probe';
import type { ExperimentProbe } from '../experiments/probe';
import { ProgressBoard } from '../experiments/progress';
import { renderResult, renderTable, toRow } from '../experiments/report';
import { runExperiment } from '../experiments/runner';
import { writeReport } from '../experiments/timeline/report-page';
import { batchFormationLine, takeBatchFormationArgs } from './batch-formation-args';

const USAGE = `Usage: npm run experiment -- <name> [--target local|aws] [--outputs cdk-outputs.json] [--report <dir>]
                              [--batch-formation aws|full] [--batch-seed N]

--report <dir> writes the run's timeline (HTML, Mermaid, JSON) to <dir>/index.html.

Experiments (* = lab only):
${EXPERIMENTS.map((e) => `  ${`${e.name}${labOnlyReason(e) !== undefined ? ' *' : ''}`.padEnd(27)} ${e.title.en}`).join('\n')}`;

/** A command line the CLI refuses. */
class UsageError extends Error {
  override readonly name = 'UsageError';
}

interface Arguments {
  readonly name: string;
  readonly target: 'local' | 'aws';
  readonly outputs: string;
  readonly reportDir: string | undefined;
}

function parseArguments(argv: readonly string[]): Arguments {
  let name: string | undefined;
  let target: 'local' | 'aws' = 'local';
  let outputs = 'cdk-outputs.json';
  let reportDir: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') throw new UsageError('');
    if (arg === '--target') {
      const value = argv[(i += 1)];
      if (value !== 'local' && value !== 'aws')
        throw new UsageError(`--target must be local or aws, got ${value ?? 'nothing'}`);
      target = value;
    } else if (arg === '--outputs') {
      const value = argv[(i += 1)];
      if (!value) throw new UsageError('--outputs needs a file name');
      outputs = value;
    } else if (arg === '--report') {
      const value = argv[(i += 1)];
      if (!value) throw new UsageError('--report needs a directory');
      reportDir = value;
    } else if (arg.startsWith('-')) {
      throw new UsageError(`unknown option ${arg}`);
    } else if (name === undefined) {
      name = arg;
    } else {
      throw new UsageError(`one experiment at a time (got ${name} and ${arg}); npm start runs them all`);
    }
  }
  if (name === undefined) throw new UsageError('which experiment?');
  return { name, target, outputs, reportDir };
}

async function main(): Promise<number> {
  let taken: ReturnType<typeof takeBatchFormationArgs>;
  try {
    taken = takeBatchFormationArgs(process.argv.slice(2));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const args = parseArguments(taken.rest);
  const formation = taken.formation;
  const experiment = findExperiment(args.name);
  const labOnly = labOnlyReason(experiment);
  if (args.target === 'aws' && labOnly !== undefined) {
    throw new UsageError(
      `${experiment.name} runs on the lab only: ${labOnly}. The deployed stacks are not set up that way; run it without --target aws.`,
    );
  }
  const write = (text: string): void => {
    process.stdout.write(text);
  };
  write(`${experiment.name}: ${experiment.title.en} (target: ${args.target})\n`);
  const batches = experiment.stack !== 'SQS';
  if (args.target === 'local' && batches) write(`${batchFormationLine(formation)}\n`);
  if (args.target === 'aws' && experiment.stack === 'SQS' && experiment.run === 'polling') {
    write(
      `This experiment polls ${experiment.awsQueue.stack}'s DLQ (no worker reads it); it must be empty, and only this run's messages are deleted.\n`,
    );
  }
  const flags = requiredContextFlags(experiment);
  if (args.target === 'aws' && flags) {
    write(`This experiment needs BatchPartialStack deployed with: npx cdk deploy BatchPartialStack ${flags}\n`);
  }
  const emulators = args.target === 'local' ? await startEmulators() : undefined;
  let probe: ExperimentProbe | undefined;
  const board = new ProgressBoard(write, process.stdout.isTTY === true, [experiment.name]);
  const started = Date.now();
  try {
    probe = emulators
      ? await openLocalProbe(experiment, emulators, { batchFormation: formation })
      : await openAwsProbe(experiment, args.outputs);
    board.start();
    const result = await runExperiment(experiment, probe, board.listener);
    board.stop();
    write(`\n${renderResult(result)}\n\n${renderTable([toRow(result)])}\n`);
    if (args.target === 'local' && batches) write(`${batchFormationLine(formation)}\n`);
    if (args.reportDir !== undefined) {
      const report = await writeReport(args.reportDir, [result], {
        target: args.target,
        seconds: (Date.now() - started) / 1000,
      });
      write(`\nTimeline: ${report.html}\n`);
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
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message ? `${error.message}\n\n` : ''}${USAGE}\n`);
      process.exit(error.message ? 2 : 0);
    }
    process.stderr.write(`experiment failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
