/**
 * The one process an execution environment's runtime may ask the lab to start (the Python
 * interpreter behind the Python bridge), started by the main thread so that it is always reaped:
 * Node waits for a child only in the event loop that spawned it, and a worker thread's loop is
 * gone once the thread is terminated (a timeout, a crash rule), leaving a zombie until the lab
 * exits. Its stdout and stderr are the function's log, as the worker's are.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { ChildExitMessage, SpawnChildMessage } from './runtime-protocol';

/** What the environment does with the child's output and its end. */
export interface EnvironmentChildHooks {
  /** A chunk the process wrote. */
  log(stream: 'stdout' | 'stderr', text: string): void;
  /** The process ended, or never started. */
  exited(message: ChildExitMessage): void;
}

/** A process started for an environment; {@link EnvironmentChild.kill} ends it with the environment. */
export class EnvironmentChild {
  private readonly process: ChildProcess;
  private done = false;

  constructor(request: SpawnChildMessage, hooks: EnvironmentChildHooks) {
    this.process = spawn(request.command, [...request.args], {
      env: request.environment,
      ...(request.cwd === undefined ? {} : { cwd: request.cwd }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.process.stdout?.on('data', (chunk: Buffer) => hooks.log('stdout', chunk.toString('utf8')));
    this.process.stderr?.on('data', (chunk: Buffer) => hooks.log('stderr', chunk.toString('utf8')));
    const end = (message: ChildExitMessage): void => {
      if (this.done) return;
      this.done = true;
      if (request.scratch !== undefined) rmSync(request.scratch, { recursive: true, force: true });
      hooks.exited(message);
    };
    this.process.once('error', (error) => end({ type: 'child-exit', code: null, signal: null, error: error.message }));
    this.process.once('exit', (code, signal) => end({ type: 'child-exit', code, signal }));
  }

  /** Ends the process at once, wherever it is (SIGKILL); the main thread's loop reaps it. */
  kill(): void {
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill('SIGKILL');
  }
}
