/**
 * One execution environment of a lab function, shaped after LocalStack's
 * `services/lambda_/invocation/execution_environment.py`: a worker thread that loads the
 * function's bundle once (the INIT phase), then runs one invocation at a time and is frozen in
 * between. Its life is a {@link RuntimeStatus}. The function timeout really ends an invocation:
 * the thread is terminated, so nothing the handler scheduled runs afterwards.
 */
import { Worker } from 'node:worker_threads';
import { DEFAULT_FAULT_SEED } from '../../../interceptors/aws-call-faults';
import { functionArn } from '../../../common/local-aws';
import type { FunctionRef } from '../../../bus/lab-log-record';
import { EnvironmentChild } from './environment-child';
import { FunctionLogLines } from './function-log-lines';
import { LogSpill, newLogSpillBuffer } from './log-spill';
import { logGroupName } from './lambda-environment';
import type { LocalFunctionOptions } from './local-function-options';
import type {
  DeniedCall,
  ErrorDocument,
  FromRuntimeMessage,
  RuntimeWorkerData,
  ToRuntimeMessage,
} from './runtime-protocol';

/**
 * Where an execution environment is in its life, as LocalStack's `RuntimeStatus` names it:
 * `STARTING` → `READY` ⇄ `INVOKING` → `STOPPED`, or `STARTING` → `STARTUP_FAILED` or
 * `STARTUP_TIMED_OUT`.
 */
export enum RuntimeStatus {
  /** The worker runs the INIT phase (loads the handler). */
  Starting = 'STARTING',
  /** Initialised and frozen, waiting for an invocation. */
  Ready = 'READY',
  /** Running an invocation. */
  Invoking = 'INVOKING',
  /** INIT failed: the handler threw while loading, or the thread ended before it was ready. */
  StartupFailed = 'STARTUP_FAILED',
  /** INIT took longer than Lambda allows ({@link INIT_TIMEOUT_MS}). */
  StartupTimedOut = 'STARTUP_TIMED_OUT',
  /** The thread was terminated (timeout, crash, fatal error, stop) or ended after INIT. */
  Stopped = 'STOPPED',
}

/** The statuses of an environment that never became ready. */
const STARTUP_STATUSES: ReadonlySet<RuntimeStatus> = new Set([
  RuntimeStatus.Starting,
  RuntimeStatus.StartupFailed,
  RuntimeStatus.StartupTimedOut,
]);

/** The statuses of an environment whose start failed. */
const STARTUP_FAILURES: ReadonlySet<RuntimeStatus> = new Set([
  RuntimeStatus.StartupFailed,
  RuntimeStatus.StartupTimedOut,
]);

/** Longest INIT phase Lambda allows before it gives up on an environment. */
const INIT_TIMEOUT_MS = 10_000;

/** How long a timed-out invocation waits for its thread to end, its lines first; one blocked in native code may not. */
const TERMINATE_GRACE_MS = 250;

/** How one invocation in an environment ended. */
export type RunOutcome =
  | { readonly kind: 'result'; readonly payloadJson: string; readonly maxMemoryUsedMB: number }
  | { readonly kind: 'error'; readonly error: ErrorDocument; readonly maxMemoryUsedMB: number; readonly fatal: boolean }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'exit'; readonly error: ErrorDocument };

/** What {@link ExecutionEnvironment.start} resolves to: a ready environment, or the INIT error. */
export type EnvironmentStart =
  | { readonly ok: true; readonly environment: ExecutionEnvironment; readonly initDurationMs: number }
  | { readonly ok: false; readonly error: ErrorDocument; readonly initDurationMs?: number };

/** One execution environment: a worker thread with the function loaded. */
export class ExecutionEnvironment {
  private readonly freeze: Int32Array;
  private generation = 0;
  private pending: ((outcome: RunOutcome) => void) | undefined;
  private readonly lines: FunctionLogLines;
  private exitError: ErrorDocument | undefined;
  private current = RuntimeStatus.Starting;
  /** Set when the function timeout ended the running invocation: its thread's exit settles it as a timeout. */
  private timedOut = false;
  /** What the thread wrote and its runtime had not yet sent, read once the thread has ended. */
  private readonly spill: LogSpill;
  /** The process the runtime asked for (the Python interpreter), ended with the environment. */
  private child: EnvironmentChild | undefined;
  readonly logStreamName: string;

  private constructor(
    private readonly options: LocalFunctionOptions,
    private readonly worker: Worker,
    freezeBuffer: SharedArrayBuffer,
    logSpillBuffer: SharedArrayBuffer,
    logStreamName: string,
  ) {
    this.freeze = new Int32Array(freezeBuffer);
    this.spill = new LogSpill(logSpillBuffer);
    this.logStreamName = logStreamName;
    this.lines = new FunctionLogLines(options, logStreamName);
  }

  /** Starts a worker and runs the INIT phase; resolves once the handler is loaded. */
  static start(
    options: LocalFunctionOptions,
    index: number,
    logStreamName: string,
    initializationType: 'on-demand' | 'provisioned-concurrency' = 'on-demand',
  ): Promise<EnvironmentStart> {
    const freezeBuffer = new SharedArrayBuffer(4);
    const logSpillBuffer = newLogSpillBuffer();
    const workerData: RuntimeWorkerData = {
      bundlePath: options.bundlePath,
      localhostDnsModuleUrl: options.localhostDnsModuleUrl,
      ...(options.moduleRoots === undefined ? {} : { moduleRoots: options.moduleRoots }),
      freezeBuffer,
      logSpillBuffer,
      functionName: options.ref.functionName,
      functionVersion: '$LATEST',
      invokedFunctionArn: functionArn(options.ref.functionName),
      memoryLimitInMB: String(options.memoryMb),
      logGroupName: options.logGroupName ?? logGroupName(options.ref.functionName),
      logStreamName,
      authorizeCalls: options.authorize !== undefined,
      ...(options.iamVersion === undefined ? {} : { iamVersion: options.iamVersion }),
      httpsRedirects: options.httpsRedirects ?? {},
      awsCalls: {
        site: callSite(options.ref),
        faults: options.awsCalls?.faults ?? [],
        seed: options.awsCalls?.seed ?? DEFAULT_FAULT_SEED,
        stream: `${callSite(options.ref)}#${index}`,
      },
    };
    const worker = new Worker(options.runtimePath, {
      workerData,
      env: {
        ...options.environment,
        AWS_LAMBDA_LOG_STREAM_NAME: logStreamName,
        AWS_LAMBDA_INITIALIZATION_TYPE: initializationType,
      },
      execArgv: [],
      stdout: true,
      stderr: true,
      name: options.ref.functionName,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    });
    const environment = new ExecutionEnvironment(options, worker, freezeBuffer, logSpillBuffer, logStreamName);
    return new Promise((resolve) => {
      // Under a debugger a breakpoint in the handler's module may hold INIT as long as it likes.
      const timer = unlessDebugging(options, INIT_TIMEOUT_MS, () => {
        environment.current = RuntimeStatus.StartupTimedOut;
        void environment.terminate();
        resolve({
          ok: false,
          error: { errorType: 'Runtime.InitTimeout', errorMessage: 'INIT phase timed out', trace: [] },
        });
      });
      const onInit = (message: FromRuntimeMessage): void => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve({ ok: true, environment, initDurationMs: message.initDurationMs });
        } else if (message.type === 'init-error') {
          clearTimeout(timer);
          void environment.terminate();
          resolve({
            ok: false,
            error: message.error,
            ...(message.initDurationMs === undefined ? {} : { initDurationMs: message.initDurationMs }),
          });
        }
      };
      environment.attach(onInit, (error) => {
        clearTimeout(timer);
        resolve({ ok: false, error });
      });
    });
  }

  /** Where the environment is in its life. */
  get status(): RuntimeStatus {
    return this.current;
  }

  private attach(onInit: (message: FromRuntimeMessage) => void, onInitExit: (error: ErrorDocument) => void): void {
    this.worker.on('message', (message: FromRuntimeMessage) => {
      switch (message.type) {
        case 'log':
          this.lines.write(message.stream, message.text);
          break;
        case 'aws-call':
          this.options.awsCalls?.ledger.count(callSite(this.options.ref), message.call);
          if (message.faultRule !== undefined)
            this.options.awsCalls?.ledger.fault(callSite(this.options.ref), message.call);
          break;
        case 'authorize': {
          const answer = (denied: DeniedCall | undefined): void =>
            this.worker.postMessage({ type: 'authorized', id: message.id, ...(denied ? { denied } : {}) });
          const authorize = this.options.authorize;
          if (authorize === undefined) answer(undefined);
          else
            authorize(message).then(answer, (error: unknown) =>
              answer({ name: 'InternalFailure', message: String(error), httpStatusCode: 500 }),
            );
          break;
        }
        case 'spawn-child':
          this.child?.kill();
          this.child = new EnvironmentChild(message, {
            log: (stream, text) => this.lines.write(stream, text),
            exited: (exit) => {
              if (this.current !== RuntimeStatus.Stopped && !STARTUP_FAILURES.has(this.current))
                this.worker.postMessage(exit);
            },
          });
          break;
        case 'crash':
          void this.kill(`fault rule ${message.faultRule} crashed the environment at ${message.call}`);
          break;
        case 'ready':
          if (this.current === RuntimeStatus.Starting) this.current = RuntimeStatus.Ready;
          onInit(message);
          break;
        case 'init-error':
          onInit(message);
          break;
        case 'result':
          this.settle({ kind: 'result', payloadJson: message.payloadJson, maxMemoryUsedMB: message.maxMemoryUsedMB });
          break;
        case 'error':
          this.settle({
            kind: 'error',
            error: message.error,
            maxMemoryUsedMB: message.maxMemoryUsedMB,
            fatal: message.fatal,
          });
          break;
      }
    });
    // Writes that bypass the runtime's stdout hook (native code, very early output).
    this.worker.stdout.on('data', (chunk: Buffer) => this.lines.write('stdout', chunk.toString('utf8')));
    this.worker.stderr.on('data', (chunk: Buffer) => this.lines.write('stderr', chunk.toString('utf8')));
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.exitError =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { errorType: 'Runtime.OutOfMemory', errorMessage: 'Runtime exited with error: signal: killed', trace: [] }
          : { errorType: 'Runtime.ExitError', errorMessage: `Runtime exited with error: ${error.message}`, trace: [] };
    });
    this.worker.on('exit', (code) => {
      // Node has delivered every message the thread sent; what it wrote after its last one is here.
      const unsent = this.spill.take();
      if (unsent !== undefined) this.lines.write(unsent.stream, unsent.text);
      this.child?.kill();
      const starting = STARTUP_STATUSES.has(this.current);
      this.ended();
      const error = this.exitError ?? {
        errorType: 'Runtime.ExitError',
        errorMessage: `Runtime exited with error: exit status ${code}`,
        trace: [],
      };
      if (starting) onInitExit(error);
      this.settle(this.timedOut ? { kind: 'timeout' } : { kind: 'exit', error });
    });
  }

  /** Runs one invocation: thaws the environment, hands it the event; never rejects. */
  invoke(requestId: string, eventJson: string, timeoutMs: number, traceId: string): Promise<RunOutcome> {
    if (this.current === RuntimeStatus.Ready) this.current = RuntimeStatus.Invoking;
    this.lines.beginRequest(requestId);
    const deadlineMs = Date.now() + timeoutMs;
    return new Promise<RunOutcome>((resolve) => {
      // Like Lambda: the environment is torn down; nothing the handler scheduled runs on.
      // Not under a debugger: a handler paused at a breakpoint must not be ended (local-function-options.ts).
      const timer = unlessDebugging(this.options, timeoutMs, () => {
        // The thread ends first, so that every line it wrote comes before the timeout; its exit
        // settles the invocation (see the 'exit' listener).
        this.timedOut = true;
        const grace = setTimeout(() => this.settle({ kind: 'timeout' }), TERMINATE_GRACE_MS);
        void this.terminate().finally(() => clearTimeout(grace));
      });
      this.pending = (outcome) => {
        clearTimeout(timer);
        this.lines.flush();
        resolve(outcome);
      };
      this.generation += 1;
      const message: ToRuntimeMessage = {
        type: 'invoke',
        requestId,
        eventJson,
        deadlineMs,
        generation: this.generation,
        traceId,
      };
      // The message first, then the thaw: the thread wakes once and finds it waiting.
      this.worker.postMessage(message);
      Atomics.store(this.freeze, 0, this.generation);
      Atomics.notify(this.freeze, 0);
    });
  }

  /** Back to READY after an invocation it survived (the runtime froze itself after its answer). */
  release(): void {
    if (this.current === RuntimeStatus.Invoking) this.current = RuntimeStatus.Ready;
  }

  /** Terminates the thread wherever it is. */
  async terminate(): Promise<void> {
    this.ended();
    this.child?.kill();
    await this.worker.terminate();
  }

  /**
   * Kills the environment as a crash would (out of memory, a segfault, the host going away):
   * the thread is terminated wherever it is, and a running invocation ends as
   * `Runtime.ExitError`. `reason` goes into the error's trace.
   */
  async kill(reason: string): Promise<void> {
    this.exitError ??= {
      errorType: 'Runtime.ExitError',
      errorMessage: 'Runtime exited with error: signal: killed',
      trace: [`lab: ${reason}`],
    };
    await this.terminate();
  }

  /** The thread is gone or going: a failed start if it never became ready, else stopped. */
  private ended(): void {
    if (this.current === RuntimeStatus.Starting) this.current = RuntimeStatus.StartupFailed;
    else if (!STARTUP_STATUSES.has(this.current)) this.current = RuntimeStatus.Stopped;
  }

  private settle(outcome: RunOutcome): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.(outcome);
  }
}

/** A timer for `ms`, or none when the lab runs under a debugger (`LocalFunctionOptions.debugging`). */
function unlessDebugging(options: LocalFunctionOptions, ms: number, onTimeout: () => void): NodeJS.Timeout | undefined {
  return options.debugging === true ? undefined : setTimeout(onTimeout, ms);
}

/** `<Stack>/<Function>`: the key of a function's row in `lab.awsCallCounts()`. */
function callSite(ref: FunctionRef): string {
  return `${ref.stackName}/${ref.functionId}`;
}
