/**
 * `npm start`: the guided tour. Runs every experiment of both stacks on the local lab, side
 * by side on one pair of emulators, shows progress while the visibility timeouts run, prints
 * each experiment's log lines and ends with the verdict table, then writes the report (the
 * verdict table and every run's timeline) to `lab-report/index.html`. Exit code 0 only if
 * every outcome matched its prediction.
 */
import { startEmulators } from '../services/emulators';
import { EXPERIMENTS, type Experiment, findExperiment } from '../experiments/catalog';
import { openLocalProbe } from '../experiments/local-probe';
import { ProgressBoard } from '../experiments/progress';
import { renderResult, renderTable, toRow } from '../experiments/report';
import { type ExperimentResult, runExperiment } from '../experiments/runner';
import { BATCH_FORMATION_USAGE, batchFormationLine, takeBatchFormationArgs } from './batch-formation-args';
import { writeReport } from '../experiments/timeline/report-page';

/** Where `npm start` writes its report unless `--report <dir>` says otherwise (git-ignored). */
const DEFAULT_REPORT_DIR = 'lab-report';

/** The tour's experiments: the catalog minus those marked `inTour: false` (run them with `--only`). */
const TOUR = EXPERIMENTS.filter((experiment) => experiment.inTour !== false);

const USAGE = `Usage: npm start [-- --only <name,name,...>] [--report <dir>] [--batch-formation aws|full] [--batch-seed N]

Runs the tutorial's experiments on the local lab, prints a verdict table and writes the
report with every run's timeline to <dir>/index.html (default: ${DEFAULT_REPORT_DIR}).
Experiments: ${TOUR.map((e) => e.name).join(', ')}
Also available with --only (see docs/experiments.md): ${EXPERIMENTS.filter((e) => !TOUR.includes(e))
  .map((e) => e.name)
  .join(', ')}
${BATCH_FORMATION_USAGE}`;

interface TourArguments {
  readonly experiments: readonly Experiment[];
  readonly reportDir: string;
}

function parseArgs(argv: readonly string[]): TourArguments {
  let experiments: readonly Experiment[] = TOUR;
  let reportDir = DEFAULT_REPORT_DIR;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (arg === '--only') {
      const names = argv[(i += 1)];
      if (!names) throw new Error(`--only needs a comma-separated list of experiments\n${USAGE}`);
      experiments = names.split(',').map((name) => findExperiment(name.trim()));
    } else if (arg === '--report') {
      const dir = argv[(i += 1)];
      if (!dir) throw new Error(`--report needs a directory\n${USAGE}`);
      reportDir = dir;
    } else {
      throw new Error(`unknown argument "${arg}"\n${USAGE}`);
    }
  }
  return { experiments, reportDir };
}

async function main(): Promise<number> {
  const { rest, formation } = takeBatchFormationArgs(process.argv.slice(2));
  const { experiments, reportDir } = parseArgs(rest);
  const write = (text: string): void => {
    process.stdout.write(text);
  };
  const started = Date.now();
  write(`sqs-lab tour: ${experiments.length} experiments on the local lab (SQS: fauxqs, DynamoDB: dynalite)\n`);
  for (const experiment of experiments) write(`  • ${experiment.name}: ${experiment.title.en}\n`);
  write(`${batchFormationLine(formation)}\n`);
  write(
    'They run side by side; the Step 8 retries wait for a 10 s visibility timeout, so this takes about half a minute.\n\n',
  );

  const emulators = await startEmulators();
  const board = new ProgressBoard(
    write,
    process.stdout.isTTY === true,
    experiments.map((experiment) => experiment.name),
  );
  board.start();
  let results: ExperimentResult[];
  try {
    results = await Promise.all(
      experiments.map(async (experiment) => {
        const probe = await openLocalProbe(experiment, emulators, { batchFormation: formation });
        try {
          const result = await runExperiment(experiment, probe, board.listener);
          board.finish(experiment.name, toRow(result).outcome, result.seconds);
          return result;
        } finally {
          await probe.close();
        }
      }),
    );
  } finally {
    board.stop();
    await emulators.stop();
  }

  for (const result of results) write(`\n${renderResult(result)}\n`);
  write(`\n${renderTable(results.map((result) => toRow(result)))}\n`);
  const matched = results.filter((result) => result.matched).length;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  write(`\n${matched} of ${results.length} outcomes matched their predictions (${seconds} s).\n`);
  write(`${batchFormationLine(formation)}\n`);
  const report = await writeReport(reportDir, results, { target: 'local', seconds: Number(seconds) });
  write(`Report with every run's timeline: ${report.html}\n`);
  return matched === results.length ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`tour failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
