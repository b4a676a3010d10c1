/**
 * `npm run bench`: runs the benchmarks on the local lab, writes bench/results.json (or
 * `--out`), and prints the tables. Progress lines go to stderr, the tables to stdout.
 */
import { relative } from 'node:path';
import { BENCH_USAGE, BenchUsageError, parseBenchArgs } from './args';
import { renderReport } from './report';
import { writeResultsFile } from './results';
import { runBench } from './run-bench';

async function main(): Promise<number> {
  let command;
  try {
    command = parseBenchArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof BenchUsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${BENCH_USAGE}`);
    return 2;
  }
  if (command.help) {
    process.stdout.write(BENCH_USAGE);
    return 0;
  }
  const results = await runBench({
    quick: command.quick,
    sections: command.sections,
    progress: (line) => process.stderr.write(`${line}\n`),
  });
  await writeResultsFile(command.out, results);
  process.stdout.write(
    `${renderReport(results)}\n\nResults written to ${relative(process.cwd(), command.out) || command.out}\n`,
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `npm run bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
