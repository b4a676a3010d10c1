/**
 * `npm run bench`: runs the benchmarks on the local lab, writes bench/results.json (or
 * `--out`), and prints the tables. Progress lines go to stderr, the tables to stdout. `--lang ja`
 * (or a Japanese LANG) words the help, the mistakes and the last line in Japanese; the tables
 * stay in English, as bench/results.json and the docs hold them.
 */
import { relative } from 'node:path';
import { type Language, readCommand } from '@sqs-lab/lab';
import { BENCH_HELP_FACTS, BENCH_OPTIONS, benchCommand } from './args';
import { BENCH_MESSAGES } from './locales/bench-messages';
import { renderReport } from './report';
import { writeResultsFile } from './results';
import { runBench } from './run-bench';

/** The command's language: English until the command line is read. */
let language: Language = 'en';

async function main(): Promise<number> {
  const read = readCommand(process.argv.slice(2), BENCH_OPTIONS, benchCommand);
  language = read.language;
  const say = BENCH_MESSAGES[language];
  if (read.mistake !== undefined) {
    process.stderr.write(say.error(read.mistake));
    return 2;
  }
  const { command } = read;
  if (command.help) {
    process.stdout.write(say.usage(BENCH_HELP_FACTS));
    return 0;
  }
  const results = await runBench({
    quick: command.quick,
    sections: command.sections,
    progress: (line) => process.stderr.write(`${line}\n`),
  });
  await writeResultsFile(command.out, results);
  process.stdout.write(
    `${renderReport(results)}\n\n${say.resultsWritten(relative(process.cwd(), command.out) || command.out)}`,
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(BENCH_MESSAGES[language].failed(error instanceof Error ? error.message : String(error)));
    process.exitCode = 1;
  },
);
