import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm run experiment` as a user runs it: the lab-only experiments refuse --target aws with the
// reason, before reading any outputs file or building an AWS client.

const root = fileURLToPath(new URL('../..', import.meta.url));

function experimentCli(...args: string[]): { status: number | null; stderr: string; stdout: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'lab/cli/experiment.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

describe('npm run experiment', () => {
  it.each(['heartbeat-late', 'in-progress-crash', 'throttled-completion'])('refuses %s on AWS and says why', (name) => {
    const { status, stderr } = experimentCli(name, '--target', 'aws', '--outputs', 'no-such-file.json');

    expect(status).toBe(2);
    expect(stderr).toMatch(new RegExp(`^${name} runs on the lab only: .+; run it without --target aws\\.`));
  });

  it('marks the lab-only experiments in its help', () => {
    const { status, stdout, stderr } = experimentCli('--help');
    const help = stdout + stderr;

    expect(status).toBe(0);
    expect(help).toMatch(/heartbeat-late \*/);
    expect(help).toMatch(/dlq-redrive {2,}Step 8/);
  });
});
