/**
 * `npm start`: the guided tour. Runs every experiment of both stacks on the local lab, side
 * by side on one pair of emulators, shows progress while the visibility timeouts run, prints
 * each experiment's log lines and ends with the verdict table, then writes the report (the
 * verdict table and every run's timeline) to `lab-report/index.html`. Exit code 0 only if
 * every outcome matched its prediction. `--lang ja` (or a Japanese LANG) speaks Japanese; the
 * log lines keep the tutorials' words.
 */
import { startEmulators } from '../services/emulators';
import { type Language, resolveLanguage, takeLanguage } from '../common/language';
import { EXPERIMENTS, type Experiment } from '../experiments/catalog';
import { openLocalProbe } from '../experiments/local-probe';
import { ProgressBoard } from '../experiments/progress';
import { renderResult, renderTable, toRow } from '../experiments/report';
import { type ExperimentResult, runExperiment } from '../experiments/runner';
import { batchFormationLine, takeBatchFormationArgs } from './batch-formation-args';
import { writeReport } from '../experiments/timeline/report-page';
import { DEFAULT_REPORT_DIR, TOUR_MESSAGES } from './tour-messages';
import { commandLineMistake, UsageError } from './usage-error';

/** The tour's experiments: the catalog minus those marked `inTour: false` (run them with `--only`). */
const TOUR = EXPERIMENTS.filter((experiment) => experiment.inTour !== false);

interface TourArguments {
  readonly help: boolean;
  readonly experiments: readonly Experiment[];
  readonly reportDir: string;
}

function parseArgs(argv: readonly string[], language: Language): TourArguments {
  const say = TOUR_MESSAGES[language];
  let experiments: readonly Experiment[] = TOUR;
  let reportDir = DEFAULT_REPORT_DIR;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      return { help: true, experiments, reportDir };
    } else if (arg === '--only') {
      const names = argv[(i += 1)];
      if (!names) throw new UsageError(say.onlyNeedsList);
      experiments = names.split(',').map((name) => {
        const found = EXPERIMENTS.find((experiment) => experiment.name === name.trim());
        if (found === undefined)
          throw new UsageError(
            say.unknownExperiment(
              name.trim(),
              EXPERIMENTS.map((e) => e.name),
            ),
          );
        return found;
      });
    } else if (arg === '--report') {
      const dir = argv[(i += 1)];
      if (!dir) throw new UsageError(say.reportNeedsDir);
      reportDir = dir;
    } else {
      throw new UsageError(say.unknownArgument(String(arg)));
    }
  }
  return { help: false, experiments, reportDir };
}

/** The command's language: from the environment until `--lang` is read. */
let language: Language = resolveLanguage(undefined);

/** The language first (so errors speak it: it is set before the rest is read), then the rest of the command line. */
function parseCommandLine(argv: readonly string[]): {
  readonly language: Language;
  readonly args: TourArguments;
  readonly formation: ReturnType<typeof takeBatchFormationArgs>['formation'];
} {
  const { language: spoken, rest } = takeLanguage(argv);
  language = spoken;
  const { rest: others, formation } = takeBatchFormationArgs(rest, language);
  return { language, args: parseArgs(others, language), formation };
}

async function main(): Promise<number> {
  let command: ReturnType<typeof parseCommandLine>;
  try {
    command = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    const message = commandLineMistake(error, language);
    if (message === undefined) throw error;
    process.stderr.write(TOUR_MESSAGES[language].error(message));
    return 2;
  }
  language = command.language;
  const say = TOUR_MESSAGES[language];
  const { experiments, reportDir } = command.args;
  const formation = command.formation;
  if (command.args.help) {
    process.stdout.write(
      say.usage({
        tour: TOUR.map((e) => e.name),
        others: EXPERIMENTS.filter((e) => !TOUR.includes(e)).map((e) => e.name),
      }),
    );
    return 0;
  }
  const write = (text: string): void => {
    process.stdout.write(text);
  };
  const started = Date.now();
  write(say.header(experiments.length));
  for (const experiment of experiments) write(`  • ${experiment.name}: ${experiment.title[language]}\n`);
  write(`${batchFormationLine(formation, language)}\n`);
  write(say.sideBySide);

  const emulators = await startEmulators();
  const board = new ProgressBoard(
    write,
    process.stdout.isTTY === true,
    experiments.map((experiment) => experiment.name),
    { language },
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

  for (const result of results) write(`\n${renderResult(result, language)}\n`);
  write(
    `\n${renderTable(
      results.map((result) => toRow(result, language)),
      language,
    )}\n`,
  );
  const matched = results.filter((result) => result.matched).length;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  write(say.matched(matched, results.length, seconds));
  write(`${batchFormationLine(formation, language)}\n`);
  const report = await writeReport(reportDir, results, { target: 'local', seconds: Number(seconds), language });
  write(say.reportWritten(report.html));
  return matched === results.length ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(TOUR_MESSAGES[language].failed(error instanceof Error ? error.message : String(error)));
    process.exit(2);
  },
);
