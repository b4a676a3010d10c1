/**
 * `npm start`: the guided tour. Runs every experiment of both stacks on the local lab, side
 * by side on one pair of emulators, shows progress while the visibility timeouts run, prints
 * each experiment's log lines and ends with the verdict table, then writes the report (the
 * verdict table and every run's timeline) to `lab-report/index.html`. Exit code 0 only if
 * every outcome matched its prediction. `--lang ja` (or a Japanese LANG) speaks Japanese; the
 * log lines keep the tutorials' words.
 */
import { batchFormationLine, type Language, readCommand, resolveLanguage } from '@sqs-lab/lab';
import { EXPERIMENTS } from '../catalog';
import type { ExperimentResult } from '../experiment-result';
import { MESSAGES } from '../locales/messages';
import { loadRunModules } from './load-run-modules';
import { DEFAULT_REPORT_DIR, TOUR, TOUR_OPTIONS, tourCommand } from './tour-args';

/** The command's language: from the environment until the command line is read. */
let language: Language = resolveLanguage(undefined);

async function main(): Promise<number> {
  const read = readCommand(process.argv.slice(2), TOUR_OPTIONS, tourCommand);
  language = read.language;
  const say = MESSAGES[language].tour;
  if (read.mistake !== undefined) {
    process.stderr.write(say.error(read.mistake));
    return 2;
  }
  const { command } = read;
  const { experiments, reportDir, formation } = command;
  if (command.help) {
    process.stdout.write(
      say.usage({
        tour: TOUR.map((e) => e.name),
        others: EXPERIMENTS.filter((e) => !TOUR.includes(e)).map((e) => e.name),
        reportDir: DEFAULT_REPORT_DIR,
      }),
    );
    return 0;
  }
  // The lab and the report load only for a run: help and mistakes answer at once.
  const { withEmulators, openLocalProbe, ProgressBoard, renderResult, renderTable, toRow, runExperiment, writeReport } =
    await loadRunModules();
  const write = (text: string): void => {
    process.stdout.write(text);
  };
  const started = Date.now();
  write(say.header(experiments.length));
  for (const experiment of experiments) write(`  • ${experiment.name}: ${experiment.title[language]}\n`);
  write(`${batchFormationLine(formation, language)}\n`);
  write(say.sideBySide);

  const board = new ProgressBoard(
    write,
    process.stdout.isTTY === true,
    experiments.map((experiment) => experiment.name),
    { language },
  );
  const results: ExperimentResult[] = await withEmulators(async (emulators) => {
    board.start();
    try {
      return await Promise.all(
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
    }
  });

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
    process.stderr.write(MESSAGES[language].tour.failed(error instanceof Error ? error.message : String(error)));
    process.exit(2);
  },
);
