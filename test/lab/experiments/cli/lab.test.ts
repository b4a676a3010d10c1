/**
 * `npm run lab` (experiments/cli/lab.ts) to readiness and back: it deploys the stacks, writes its
 * outputs where `--outputs` says, serves the console with the tutorial's experiments registered,
 * and stops cleanly on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '#lab/common/lab-work-dir';

const dir = mkdtempSync(join(tmpdir(), 'sqs-lab-cli-'));
const outputsFile = join(dir, 'outputs.json');

describe('npm run lab -- --outputs FILE', () => {
  let child: ChildProcess;
  let stdout = '';

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      ['--import', 'tsx', 'experiments/cli/lab.ts', '--quiet', '--outputs', outputsFile],
      {
        cwd: REPOSITORY_ROOT,
        env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "Lab ready" within 120 s:\n${stdout}`)), 120_000);
      child.stdout?.on('data', () => {
        if (stdout.includes('Lab ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`npm run lab exited ${code}:\n${stdout}`)));
    });
  }, 130_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes its outputs to that file and says so', () => {
    expect(stdout).toContain(`Outputs: ${outputsFile}`);
    const outputs = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>;
    expect(outputs.LocalLab?.ConsoleUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(outputs.VisibilityDupStack?.ApiEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/prod\/$/);
  });

  it("serves the console with the tutorial's experiments registered", async () => {
    const outputs = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>;
    const answer = await fetch(new URL('api/experiments', outputs.LocalLab?.ConsoleUrl));
    const listed = (await answer.json()) as { name: string }[];
    expect(listed.map((entry) => entry.name)).toEqual(expect.arrayContaining(['heartbeat', 'partial-batch']));
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toContain('Lab stopped.');
  }, 60_000);
});
