import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm run experiment` as a user runs it: the lab-only experiments refuse --target aws with the
// reason, before reading any outputs file or building an AWS client.

const root = fileURLToPath(new URL('../..', import.meta.url));

function experimentCli(...args: string[]): { status: number | null; stderr: string; stdout: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'lab/cli/experiment.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

describe('npm run experiment', () => {
  it.each(['heartbeat-late', 'in-progress-crash', 'throttled-completion'])('refuses %s on AWS and says why', (name) => {
    const { status, stderr } = experimentCli(name, '--target', 'aws', '--outputs', 'no-such-file.json');

    expect(status).toBe(2);
    expect(stderr).toMatch(new RegExp(`^error: ${name} runs on the lab only: .+; run it without --target aws\\.`));
  });

  it('marks the lab-only experiments in its help', () => {
    const { status, stdout, stderr } = experimentCli('--help');
    const help = stdout + stderr;

    expect(status).toBe(0);
    expect(help).toMatch(/heartbeat-late \*/);
    expect(help).toMatch(/dlq-redrive {2,}Step 8/);
  });

  // The shortest run of the catalog (100 messages, none failing: no visibility timeout to wait).
  it("writes the run's timeline page with --report", () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqs-lab-report-'));
    try {
      const { status, stdout, stderr } = experimentCli('throughput-batch-10', '--report', dir);
      const page = join(dir, 'index.html');

      expect(status, stderr).toBe(0);
      expect(stdout).toContain(`Timeline: ${page}`);
      expect(existsSync(join(dir, 'timelines.md'))).toBe(true);
      expect(readFileSync(page, 'utf8').match(/<g class="lane"/g)).toHaveLength(100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm start writes the report of its runs to --report <dir> and prints where', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqs-lab-tour-'));
    try {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'lab/cli/tour.ts', '--only', 'throughput-batch-10', '--report', dir],
        { cwd: root, encoding: 'utf8', timeout: 60_000 },
      );

      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(join(dir, 'index.html'));
      expect(run.stdout).toMatch(/^ *\d+s {2}throughput-batch-10 finished: matched/m); // not a TTY: plain lines
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('<svg class="timeline"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
