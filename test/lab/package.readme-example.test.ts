/**
 * The lab package's README example runs as written (lab/README.md, the same code in
 * README.ja.md): a program outside the lab imports @sqs-lab/lab, starts a lab with its own bus,
 * hears the records, prints the lab's one endpoint and stops it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAB_WORK_DIR, REPOSITORY_ROOT } from '#lab/common/lab-work-dir';
import { labReadmeExample } from '#lab/test/helpers/lab-readme';

const probeDir = join(LAB_WORK_DIR, `readme-example-${process.pid}`);
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

describe("the lab's README example", () => {
  it('is the same code in English and Japanese', () => {
    expect(labReadmeExample('README.ja.md')).toBe(labReadmeExample('README.md'));
  });

  it('starts a lab from outside the package, hears its bus, prints its endpoint and stops', () => {
    mkdirSync(probeDir, { recursive: true });
    const script = join(probeDir, 'example.ts');
    writeFileSync(script, labReadmeExample('README.md'));
    const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: REPOSITORY_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    // The deploy's functions write (platform lines at least) before the endpoint is printed.
    expect(lines.some((line) => /^(function|platform|mapping) \w+Stack$/.test(line))).toBe(true);
    expect(lines.at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  }, 150_000);
});
