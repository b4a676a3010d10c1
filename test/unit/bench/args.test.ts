/**
 * `npm run bench`'s command line, read as every command of the lab reads its own
 * (lab/cli/command-line.ts): each mistake one sentence in the command's language, exit code 2.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readCommand } from '#lab/cli/command-line';
import { BENCH_OPTIONS, benchCommand } from '#bench/args';
import { RESULTS_FILE, SECTIONS } from '#bench/results';
import { PROJECT_ROOT } from '#lib/project-root';

const read = (...argv: string[]) => readCommand(['--lang', 'en', ...argv], BENCH_OPTIONS, benchCommand);

describe('npm run bench -- <options>', () => {
  it('runs every section into bench/results.json by default', () => {
    expect(read().command).toEqual({ help: false, quick: false, sections: SECTIONS, out: RESULTS_FILE });
  });

  it('runs the sections --only names, in their order, with requests when cost is asked for', () => {
    expect(read('--only', 'guard,cost', '--quick').command).toMatchObject({
      quick: true,
      sections: ['requests', 'cost', 'guard'],
    });
    expect(read('--only', 'bundles', '--only', 'deploy').command?.sections).toEqual(['bundles', 'deploy']);
  });

  it('names an unknown section and the sections there are, in English or Japanese', () => {
    expect(read('--only', 'speed').mistake).toBe(`unknown section "speed"; sections: ${SECTIONS.join(', ')}`);
    expect(readCommand(['--lang', 'ja', '--only', 'speed'], BENCH_OPTIONS, benchCommand).mistake).toBe(
      `"speed" というセクションはありません。次から選んでください: ${SECTIONS.join(', ')}`,
    );
  });

  it('refuses an unknown option, a positional argument and an option without its value', () => {
    expect(read('--fast').mistake).toBe('unknown argument "--fast"');
    expect(read('cost').mistake).toBe('unknown argument "cost"');
    expect(read('--only').mistake).toBe('--only needs a comma-separated list of sections');
    expect(read('--out', '--quick').mistake).toBe('--out needs a file name');
    expect(readCommand(['--lang', 'fr'], BENCH_OPTIONS, benchCommand).mistake).toMatch(/--lang/);
  });

  it('prints the mistake as one sentence with where to find the options, and exits 2 before starting anything', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/main.ts', '--lang', 'ja', '--only', 'x'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      `エラー: "x" というセクションはありません。次から選んでください: ${SECTIONS.join(', ')}（npm run bench -- --help でオプションを表示）`,
    ]);
  });

  it('prints its help in the language asked for, naming every section', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/main.ts', '--help', '--lang', 'ja'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^使い方: npm run bench -- \[オプション\]/);
    expect(result.stdout).toContain(SECTIONS.join(', '));
    expect(result.stdout).toContain('bench/results.json');
  });
});
