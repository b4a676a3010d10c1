/**
 * The tour's wall time as a user sees it: `npm start` run as a child process (its own
 * emulators, its own Node), timed from spawn to exit, beside the longest of its experiments
 * (the floor the tour cannot go under while they run side by side).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../lib/project-root';

/** One experiment of the tour: how long its run took. */
export interface TourExperimentTime {
  readonly name: string;
  readonly seconds: number;
}

/** What the section measured. */
export interface TourTimeResult {
  /** From spawning `tsx experiments/cli/tour.ts` to its exit. */
  readonly wallSeconds: number;
  readonly exitCode: number | null;
  readonly longest: TourExperimentTime | undefined;
  readonly experiments: readonly TourExperimentTime[];
}

/** The `── <name>: <title> (12.3 s) ──` headings of the tour's output. */
export function experimentTimes(output: string): TourExperimentTime[] {
  return [...output.matchAll(/^── (\S+): .* \((\d+(?:\.\d+)?) s\) ──$/gm)].map((m) => ({
    name: m[1] ?? '',
    seconds: Number(m[2]),
  }));
}

/** Runs the tour once (report to a temporary folder) and times it. */
export async function measureTour(): Promise<TourTimeResult> {
  const reportDir = await mkdtemp(join(tmpdir(), 'sqs-lab-bench-tour-'));
  const started = performance.now();
  try {
    const { output, exitCode } = await new Promise<{ output: string; exitCode: number | null }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'experiments/cli/tour.ts', '--report', reportDir, '--lang', 'en'],
        {
          cwd: PROJECT_ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ output: text, exitCode: code }));
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const experiments = experimentTimes(output);
    const longest = [...experiments].sort((a, b) => b.seconds - a.seconds)[0];
    return { wallSeconds, exitCode, longest, experiments };
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}
