/**
 * The child process the lab synthesizes in, kept for the next synthesis: importing aws-cdk-lib
 * and an app's modules through tsx takes seconds, and a test run or a tour synthesizes
 * dozens of variant apps. The child is reused while the modules it imported are unchanged
 * (`moduleKey`), answers one request at a time, and never keeps the lab's process alive.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SynthesisAnswer, SynthesisRequest } from './synthesis-process-protocol';

/** tsx's loader, by path: the child needs it whatever the current directory. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The child's entry. */
const SYNTHESIS_PROCESS = fileURLToPath(new URL('./synthesis-process.ts', import.meta.url));

/** Raised when the synthesis process ends or fails to start before it answers. */
export class SynthesisProcessError extends Error {
  override readonly name = 'SynthesisProcessError';
}

/** One long-lived synthesis process, and the key of the modules it has imported. */
export class SynthesisChild {
  private child: ChildProcess | undefined;
  private childKey: string | undefined;
  /** The end of the latest request: one synthesis at a time, as on the main thread. */
  private last: Promise<unknown> = Promise.resolve();

  /**
   * Asks the child for one synthesis, in the app's directory `root`. `moduleKey` names the app's
   * directory and the content of the files the child imports; a new key ends the old child, whose
   * imports are stale.
   */
  synthesize(request: SynthesisRequest, root: string, moduleKey: string): Promise<void> {
    const turn = this.last.then(() => this.request(request, root, moduleKey));
    this.last = turn.catch(() => undefined);
    return turn;
  }

  /** The child's process id, while one runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Ends the child (the next request starts a new one). */
  stop(): void {
    this.child?.kill();
    this.child = undefined;
  }

  private request(request: SynthesisRequest, root: string, moduleKey: string): Promise<void> {
    if (this.childKey !== moduleKey) this.stop();
    const child = this.child ?? this.start(root, moduleKey);
    // While a request is out, the channel keeps the lab alive until the answer comes.
    child.channel?.ref();
    return new Promise<void>((resolve, reject) => {
      const settle = (error: Error | undefined): void => {
        child.off('message', onMessage);
        child.off('error', onError);
        child.off('exit', onExit);
        child.channel?.unref();
        if (error === undefined) resolve();
        else reject(error);
      };
      const onMessage = (answer: SynthesisAnswer): void => settle(answer.ok ? undefined : new Error(answer.message));
      const onError = (error: Error): void => {
        this.forget(child);
        settle(new SynthesisProcessError(`the synthesis process failed: ${error.message}`, { cause: error }));
      };
      const onExit = (code: number | null): void => {
        this.forget(child);
        settle(new SynthesisProcessError(`the synthesis process ended without an answer (exit code ${code})`));
      };
      child.on('message', onMessage);
      child.on('error', onError);
      child.on('exit', onExit);
      try {
        child.send(request);
      } catch (error) {
        // The channel closed between two requests (the child died): the next request starts anew.
        this.forget(child);
        settle(new SynthesisProcessError('the synthesis process is gone', { cause: error }));
      }
    });
  }

  private start(root: string, moduleKey: string): ChildProcess {
    const child = fork(SYNTHESIS_PROCESS, [], {
      cwd: root,
      // The child runs the app's TypeScript as the lab's CLIs do, through tsx.
      execArgv: ['--import', TSX_LOADER],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Idle, the child must not hold the lab's process open; it ends when its parent does.
    child.unref();
    child.channel?.unref();
    // A child that dies between requests is forgotten, so the next request starts a new one.
    child.once('exit', () => this.forget(child));
    this.child = child;
    this.childKey = moduleKey;
    return child;
  }

  private forget(child: ChildProcess): void {
    if (this.child === child) {
      this.child = undefined;
      this.childKey = undefined;
    }
  }
}
