/**
 * The lab's own bench's command line (`npm run bench -w @sqs-lab/lab`), read as every command of
 * the lab reads its own: each mistake one sentence in the command's language.
 */
import { describe, expect, it } from 'vitest';
import { LAB_BENCH_OPTIONS, labBenchCommand } from '#lab/bench/lab-bench-command';
import { readCommand } from '#lab/cli/command-line';

const read = (...argv: string[]) => readCommand(argv, LAB_BENCH_OPTIONS, (line) => labBenchCommand(line, '/work'));

describe('npm run bench -w @sqs-lab/lab -- <options>', () => {
  it('runs the full sizes, writing no file, by default; --quick and --out FILE change that', () => {
    expect(read('--lang', 'en').command).toEqual({ help: false, quick: false, out: undefined });
    expect(read('--quick', '--out', 'figures/lab.json').command).toEqual({
      help: false,
      quick: true,
      out: '/work/figures/lab.json',
    });
  });

  it('refuses an unknown option and an --out without its file, in English or Japanese', () => {
    expect(read('--lang', 'en', '--fast').mistake).toBe('unknown option --fast');
    expect(read('--lang', 'en', '--out').mistake).toBe('--out needs a file name');
    expect(read('--lang', 'ja', '--out', '--quick').mistake).toBe('--out にはファイル名が必要です');
  });
});
