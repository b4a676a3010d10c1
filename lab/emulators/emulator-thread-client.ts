/**
 * The lab's side of an emulator running in a thread of its own: starts the thread, waits for
 * its emulator to listen, and sends it the requests of emulator-thread-protocol.ts.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import type { SqsFidelityOptions } from '../services/sqs/fidelity/sqs-fidelity-layer';
import { labOrigins } from '../common/lab-origins';
import { LAB_WORK_DIR } from '../common/lab-work-dir';
import { writeAtomically } from '../common/write-atomically';
import { EmulatorStartError } from './emulator-servers';
import type {
  EmulatorKind,
  EmulatorThreadData,
  EmulatorThreadMessage,
  EmulatorThreadRequest,
  EmulatorThreadValue,
} from './emulator-thread-protocol';

/** Raised when an emulator thread refuses a request or ends before answering it. */
export class EmulatorThreadError extends Error {
  override readonly name = 'EmulatorThreadError';
}

/** A request without its id (the client numbers them). */
type Request = EmulatorThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** An emulator thread that ended while the lab still needed it, and why. */
export interface LostEmulatorThread {
  readonly kind: EmulatorKind;
  readonly error: EmulatorThreadError;
}

/** What is done when a thread is lost: {@link onEmulatorThreadLost}'s listener, else {@link stopOnLostThread}. */
let lostThreadListener: (lost: LostEmulatorThread) => void = stopOnLostThread;

/**
 * The default: a thread holds every queue or table of its emulator, so a lab without it is half
 * alive; it says so in one line and exits with code 1, never serving on without its state.
 */
export function stopOnLostThread(lost: LostEmulatorThread): void {
  process.stderr.write(
    `The lab's ${lost.kind} emulator thread ended unexpectedly (${lost.error.message}); the lab stops, as it cannot serve without it.\n`,
  );
  process.exit(1);
}

/** Replaces what is done when an emulator thread is lost (a CLI says it in its language); returns the previous listener. */
export function onEmulatorThreadLost(listener: (lost: LostEmulatorThread) => void): (lost: LostEmulatorThread) => void {
  const previous = lostThreadListener;
  lostThreadListener = listener;
  return previous;
}

let bundled: Promise<string> | undefined;

/**
 * Bundles emulator-thread.ts to `.lab/runtime/emulator-thread.mjs` (once per process), with
 * every package left external so that fauxqs and dynalite load from node_modules, where the
 * fidelity layer finds fauxqs's modules. The file is replaced atomically.
 */
export function bundleEmulatorThread(): Promise<string> {
  bundled ??= (async () => {
    const outfile = join(LAB_WORK_DIR, 'runtime', 'emulator-thread.mjs');
    const entry = fileURLToPath(new URL('./emulator-thread.ts', import.meta.url));
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      target: 'node24',
      format: 'esm',
      packages: 'external',
      write: false,
      outfile: 'emulator-thread.mjs',
      logLevel: 'silent',
    });
    const code = result.outputFiles.find((file) => file.path.endsWith('.mjs'));
    if (code === undefined) throw new EmulatorStartError('esbuild produced no emulator thread');
    await writeAtomically(outfile, code.text);
    return outfile;
  })();
  bundled.catch(() => {
    bundled = undefined;
  });
  return bundled;
}

/** One emulator in its own thread. */
export class EmulatorThread {
  #nextId = 1;
  readonly #pending = new Map<
    number,
    { resolve: (value: EmulatorThreadValue | undefined) => void; reject: (error: Error) => void }
  >();
  #ended: Error | undefined;
  #stopped: Promise<void> | undefined;
  readonly #unfollowOrigins: () => void;

  private constructor(
    private readonly worker: Worker,
    /** The loopback port the emulator listens on. */
    readonly port: number,
    kind: EmulatorKind,
  ) {
    worker.on('message', (message: EmulatorThreadMessage) => {
      if (message.type !== 'reply') return;
      const pending = this.#pending.get(message.id);
      if (pending === undefined) return;
      this.#pending.delete(message.id);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(new EmulatorThreadError(`${message.error.name}: ${message.error.message}`));
    });
    const end = (error: EmulatorThreadError): void => {
      // An end the lab did not ask for (stop() was not called): the emulator's state is gone.
      if (this.#ended === undefined && this.#stopped === undefined) lostThreadListener({ kind, error });
      this.#ended ??= error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', (error) =>
      end(new EmulatorThreadError(`the emulator thread failed: ${error.message}`, { cause: error })),
    );
    worker.on('exit', (code) => end(new EmulatorThreadError(`the emulator thread ended (exit code ${code})`)));
    // The thread's guard follows the origins this thread allows (a console started or stopped).
    this.#unfollowOrigins = labOrigins.onChange((origins) => {
      this.request({ op: 'allow-origins', origins }).catch(() => undefined);
    });
  }

  /** Starts `kind` in a new thread, on `preferredPort` when it is free; resolves once it listens. */
  static async start(
    kind: EmulatorKind,
    preferredPort = 0,
    sqsFidelity: SqsFidelityOptions = {},
  ): Promise<EmulatorThread> {
    const file = await bundleEmulatorThread();
    const data: EmulatorThreadData = { kind, preferredPort, sqsFidelity, allowedOrigins: labOrigins.grantedOrigins() };
    // The thread runs a bundle and packages of plain JavaScript: it needs none of the lab's own
    // flags (tsx's loader would hook every import it makes, about half a second per thread).
    const worker = new Worker(file, { workerData: data, name: `${kind}-emulator`, execArgv: [] });
    const listeners: {
      message?: (message: EmulatorThreadMessage) => void;
      error?: (error: Error) => void;
      exit?: (code: number) => void;
    } = {};
    const port = await new Promise<number>((resolve, reject) => {
      listeners.message = (message) => {
        if (message.type === 'ready') resolve(message.port);
        else if (message.type === 'start-failed') reject(new EmulatorStartError(message.message));
      };
      listeners.error = (error) =>
        reject(new EmulatorStartError(`the ${kind} emulator thread failed: ${error.message}`, { cause: error }));
      listeners.exit = (code) =>
        reject(new EmulatorStartError(`the ${kind} emulator thread ended (exit code ${code})`));
      worker.on('message', listeners.message);
      worker.on('error', listeners.error);
      worker.on('exit', listeners.exit);
    })
      .catch(async (error: unknown) => {
        await worker.terminate();
        throw error;
      })
      .finally(() => {
        // Only these three: the Worker keeps listeners of its own (which ref its port).
        if (listeners.message !== undefined) worker.off('message', listeners.message);
        if (listeners.error !== undefined) worker.off('error', listeners.error);
        if (listeners.exit !== undefined) worker.off('exit', listeners.exit);
      });
    return new EmulatorThread(worker, port, kind);
  }

  /** Sends one request; resolves with its value (if any), rejects with what the thread reported. */
  request(request: Request): Promise<EmulatorThreadValue | undefined> {
    if (this.#ended !== undefined) return Promise.reject(this.#ended);
    const id = this.#nextId;
    this.#nextId += 1;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as EmulatorThreadRequest);
    });
  }

  /** Milliseconds the thread's event loop has been busy since it started (Node's event loop utilization). */
  eventLoopActiveMs(): number {
    return this.worker.performance.eventLoopUtilization().active;
  }

  /** Stops the emulator (closing its connections), then ends the thread. */
  stop(): Promise<void> {
    this.#stopped ??= (async () => {
      this.#unfollowOrigins();
      await this.request({ op: 'stop' }).catch(() => undefined);
      await this.worker.terminate();
    })();
    return this.#stopped;
  }
}
