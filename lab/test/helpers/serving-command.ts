/**
 * A command that serves until stopped (`sqs-lab`, `npm run lab`), run as a learner runs it: a
 * process of its own, started from the repository root in English, resolved once it prints
 * "Lab ready", stopped with SIGTERM as Ctrl-C would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { REPOSITORY_ROOT } from '#lab/common/lab-work-dir';

/** A started command and what it has printed so far. */
export interface ServingCommand {
  readonly child: ChildProcess;
  stdout(): string;
}

/** Runs `script` (a path from the repository root) with `args`; resolves once it is ready (120 s at most). */
export async function startServing(script: string, args: readonly string[]): Promise<ServingCommand> {
  let stdout = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPOSITORY_ROOT,
    env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
  });
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "Lab ready" within 120 s:\n${stdout}`)), 120_000);
    child.stdout?.on('data', () => {
      if (stdout.includes('Lab ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}:\n${stdout}`)));
  });
  return { child, stdout: () => stdout };
}

/** Stops a running command with SIGTERM; its exit code. */
export function stopServing(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}
