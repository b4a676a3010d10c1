/**
 * `npm run bench -w @sqs-lab/lab`: the lab's own sections (lab-bench.ts) on this machine,
 * printed as Markdown, and with `--out` written as JSON. Progress goes to stderr, the tables to
 * stdout; `--lang ja` words the help, the progress and the mistakes in Japanese.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { readCommand } from '../cli/command-line';
import type { Language } from '../common/language';
import { MESSAGES } from '../locales/messages';
import { LAB_BENCH_OPTIONS, labBenchCommand } from './lab-bench-command';
import { LAB_BENCH_FULL, LAB_BENCH_QUICK, renderLabBench, runLabBench } from './lab-bench';

let language: Language = 'en';

async function main(): Promise<number> {
  const read = readCommand(process.argv.slice(2), LAB_BENCH_OPTIONS, labBenchCommand);
  language = read.language;
  const say = MESSAGES[language].bench;
  if (read.mistake !== undefined) {
    process.stderr.write(say.error(read.mistake));
    return 2;
  }
  const { command } = read;
  if (command.help) {
    process.stdout.write(say.usage);
    return 0;
  }
  const results = await runLabBench(command.quick ? LAB_BENCH_QUICK : LAB_BENCH_FULL, (section, seconds) =>
    process.stderr.write(say.progress(section, seconds)),
  );
  process.stdout.write(`${renderLabBench(results)}\n`);
  if (command.out !== undefined) {
    await mkdir(dirname(command.out), { recursive: true });
    await writeFile(command.out, `${JSON.stringify(results, null, 2)}\n`);
    process.stderr.write(say.written(command.out));
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(MESSAGES[language].bench.failed(error instanceof Error ? error.message : String(error)));
    process.exitCode = 1;
  },
);
