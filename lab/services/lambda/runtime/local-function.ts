/**
 * A Lambda function on the laptop: each execution environment is a worker thread that loads
 * the function's bundle once and is then reused warm; concurrent invocations get separate
 * environments. The function timeout really ends an invocation: the environment's thread is
 * terminated, so nothing the handler scheduled runs afterwards, and the next invocation
 * starts cold, as after a timeout in Lambda.
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { type AwsFaultRule, DEFAULT_FAULT_SEED } from '../../../interceptors/aws-call-faults';
import type { AwsCallLedger } from '../../../interceptors/aws-call-ledger';
import { functionArn } from '../../../common/local-aws';
import { type FunctionRef, type LabLogs, type PlatformEvent, parseJsonObject } from '../../logs/lab-logs';
import { keepsApplicationLine, parseLevel } from './console-format';
import { type LambdaLogging, logGroupName, newLogStreamName, newTraceHeader } from './lambda-environment';
import { reportText } from './platform-lines';
import type {
  DeniedCall,
  ErrorDocument,
  FromRuntimeMessage,
  RuntimeWorkerData,
  ToRuntimeMessage,
} from './runtime-protocol';

/** What one invocation produced. A failure is a result, never a thrown error. */
export type InvocationResult =
  | {
      readonly status: 'success';
      readonly requestId: string;
      /** The handler's return value after a JSON round trip (null for undefined). */
      readonly payload: unknown;
      readonly durationMs: number;
    }
  | {
      /** `error`: the handler threw (or the runtime crashed); `timeout`: the function timeout ended it. */
      readonly status: 'error' | 'timeout';
      readonly requestId: string;
      readonly error: ErrorDocument;
      readonly durationMs: number;
    };

/** Anything that can be invoked like a Lambda function (the event source mapping and the API need no more). */
export interface Invocable {
  readonly ref: FunctionRef;
  readonly timeoutSeconds: number;
  invoke(event: unknown): Promise<InvocationResult>;
}

/** How to run one function. */
export interface LocalFunctionOptions {
  readonly ref: FunctionRef;
  /** The bundled handler (`bundleFunction`). */
  readonly bundlePath: string;
  /** The bundled runtime (`bundleRuntimeWorker`). */
  readonly runtimePath: string;
  /** fauxqs's `localhost.js` (`localhostDnsModuleUrl()`). */
  readonly localhostDnsModuleUrl: string;
  /** Seconds; fractions are allowed so tests can run short timeouts. */
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  /**
   * The function's full environment (see `lambdaEnvironment`). Its `AWS_LAMBDA_LOG_FORMAT` and
   * `AWS_LAMBDA_LOG_LEVEL` say how lines are written and filtered, as in Lambda.
   */
  readonly environment: Readonly<Record<string, string>>;
  /** LoggingConfig's SystemLogLevel (JSON format only; default INFO, as Lambda's). */
  readonly systemLogLevel?: LambdaLogging['systemLogLevel'];
  readonly logs: LabLogs;
  /** Where the environments' AWS calls are counted, and the fault rules they apply. */
  readonly awsCalls?: {
    readonly ledger: AwsCallLedger;
    readonly faults?: readonly AwsFaultRule[];
    readonly seed?: number | string;
  };
  /** IAM: decides each AWS call the function makes (undefined: allowed). Absent: no IAM checks. */
  readonly authorize?: (call: {
    readonly service: string;
    readonly operation: string;
    readonly input: unknown;
  }) => Promise<DeniedCall | undefined>;
  /** The IAM version cell (see `RuntimeWorkerData.iamVersion`). */
  readonly iamVersion?: SharedArrayBuffer;
  /** HTTPS hosts sent to lab servers instead (a custom resource's ResponseURL). */
  readonly httpsRedirects?: Readonly<Record<string, { readonly host: string; readonly port: number }>>;
  /** The log group Lambda writes to (`LoggingConfig.LogGroup`); default `/aws/lambda/<name>`. */
  readonly logGroupName?: string;
  /**
   * `Date.now()` at which the new function becomes Active (Lambda's function states: Pending
   * while Lambda sets it up; CloudFormation waits for Active). Invocations wait until then.
   * The lab sets it to when the grants its role had at creation have propagated. Default: at once.
   */
  readonly activeAt?: number;
}

/** Raised when a function is invoked after `stop()`. */
export class FunctionStoppedError extends Error {
  override readonly name = 'FunctionStoppedError';
}

/** Longest INIT phase Lambda allows before it gives up on an environment. */
const INIT_TIMEOUT_MS = 10_000;

/** Lambda's message for a timeout, e.g. `Task timed out after 30.00 seconds`. */
export function timeoutMessage(timeoutSeconds: number): string {
  return `Task timed out after ${timeoutSeconds.toFixed(2)} seconds`;
}

type RunOutcome =
  | { readonly kind: 'result'; readonly payloadJson: string; readonly maxMemoryUsedMB: number }
  | { readonly kind: 'error'; readonly error: ErrorDocument; readonly maxMemoryUsedMB: number; readonly fatal: boolean }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'exit'; readonly error: ErrorDocument };

/** One execution environment: a worker thread with the function loaded. */
class ExecutionEnvironment {
  private readonly freeze: Int32Array;
  private generation = 0;
  private pending: ((outcome: RunOutcome) => void) | undefined;
  private lastRequestId: string | undefined;
  private readonly partialLines = { stdout: '', stderr: '' };
  private exitError: ErrorDocument | undefined;
  private alive = true;
  readonly logStreamName: string;

  private constructor(
    private readonly options: LocalFunctionOptions,
    private readonly worker: Worker,
    freezeBuffer: SharedArrayBuffer,
    logStreamName: string,
  ) {
    this.freeze = new Int32Array(freezeBuffer);
    this.logStreamName = logStreamName;
  }

  /** Starts a worker and runs the INIT phase; resolves once the handler is loaded. */
  static start(
    options: LocalFunctionOptions,
    index: number,
    logStreamName: string,
    initializationType: 'on-demand' | 'provisioned-concurrency' = 'on-demand',
  ): Promise<
    | { readonly ok: true; readonly environment: ExecutionEnvironment; readonly initDurationMs: number }
    | { readonly ok: false; readonly error: ErrorDocument }
  > {
    const freezeBuffer = new SharedArrayBuffer(4);
    const workerData: RuntimeWorkerData = {
      bundlePath: options.bundlePath,
      localhostDnsModuleUrl: options.localhostDnsModuleUrl,
      freezeBuffer,
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
    const environment = new ExecutionEnvironment(options, worker, freezeBuffer, logStreamName);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        void environment.terminate();
        resolve({
          ok: false,
          error: { errorType: 'Runtime.InitTimeout', errorMessage: 'INIT phase timed out', trace: [] },
        });
      }, INIT_TIMEOUT_MS);
      const onInit = (message: FromRuntimeMessage): void => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve({ ok: true, environment, initDurationMs: message.initDurationMs });
        } else if (message.type === 'init-error') {
          clearTimeout(timer);
          void environment.terminate();
          resolve({ ok: false, error: message.error });
        }
      };
      environment.attach(onInit, (error) => {
        clearTimeout(timer);
        resolve({ ok: false, error });
      });
    });
  }

  get isAlive(): boolean {
    return this.alive;
  }

  private attach(onInit: (message: FromRuntimeMessage) => void, onInitExit: (error: ErrorDocument) => void): void {
    let initialised = false;
    this.worker.on('message', (message: FromRuntimeMessage) => {
      switch (message.type) {
        case 'log':
          this.handleText(message.stream, message.text);
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
        case 'crash':
          void this.kill(`fault rule ${message.faultRule} crashed the environment at ${message.call}`);
          break;
        case 'ready':
          initialised = true;
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
    this.worker.stdout.on('data', (chunk: Buffer) => this.handleText('stdout', chunk.toString('utf8')));
    this.worker.stderr.on('data', (chunk: Buffer) => this.handleText('stderr', chunk.toString('utf8')));
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.exitError =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { errorType: 'Runtime.OutOfMemory', errorMessage: 'Runtime exited with error: signal: killed', trace: [] }
          : { errorType: 'Runtime.ExitError', errorMessage: `Runtime exited with error: ${error.message}`, trace: [] };
    });
    this.worker.on('exit', (code) => {
      this.alive = false;
      const error = this.exitError ?? {
        errorType: 'Runtime.ExitError',
        errorMessage: `Runtime exited with error: exit status ${code}`,
        trace: [],
      };
      if (!initialised) onInitExit(error);
      this.settle({ kind: 'exit', error });
    });
  }

  /** Runs one invocation; never rejects. */
  run(requestId: string, eventJson: string, timeoutMs: number, traceId: string): Promise<RunOutcome> {
    this.lastRequestId = requestId;
    const deadlineMs = Date.now() + timeoutMs;
    return new Promise<RunOutcome>((resolve) => {
      const timer = setTimeout(() => {
        // Like Lambda: the environment is torn down; nothing the handler scheduled runs on.
        this.settle({ kind: 'timeout' });
        void this.terminate();
      }, timeoutMs);
      this.pending = (outcome) => {
        clearTimeout(timer);
        this.flushPartialLines();
        resolve(outcome);
      };
      this.generation += 1;
      Atomics.store(this.freeze, 0, this.generation);
      Atomics.notify(this.freeze, 0);
      const message: ToRuntimeMessage = {
        type: 'invoke',
        requestId,
        eventJson,
        deadlineMs,
        generation: this.generation,
        traceId,
      };
      this.worker.postMessage(message);
    });
  }

  async terminate(): Promise<void> {
    this.alive = false;
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

  private settle(outcome: RunOutcome): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.(outcome);
  }

  private handleText(stream: 'stdout' | 'stderr', text: string): void {
    const lines = (this.partialLines[stream] + text).split('\n');
    this.partialLines[stream] = lines.pop() ?? '';
    for (const line of lines) this.publishLine(stream, line);
  }

  private flushPartialLines(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      const rest = this.partialLines[stream];
      this.partialLines[stream] = '';
      if (rest !== '') this.publishLine(stream, rest);
    }
  }

  private publishLine(stream: 'stdout' | 'stderr', line: string): void {
    if (line.trim() === '') return;
    const parsed = parseJsonObject(line);
    const logging = loggingOf(this.options);
    // Lambda drops what is below the application log level before CloudWatch sees it.
    if (logging.format === 'JSON' && !keepsApplicationLine(parsed, logging.applicationLogLevel)) return;
    this.options.logs.publish({
      kind: 'function',
      ...this.options.ref,
      requestId: this.lastRequestId,
      logStreamName: this.logStreamName,
      stream,
      line,
      parsed,
      time: Date.now(),
    });
  }
}

/** A function with its pool of execution environments. */
export class LocalFunction implements Invocable {
  readonly ref: FunctionRef;
  readonly timeoutSeconds: number;
  private readonly idle: ExecutionEnvironment[] = [];
  private readonly busy = new Set<ExecutionEnvironment>();
  private readonly inFlight = new Set<Promise<InvocationResult>>();
  private stopped = false;
  /** Environments started so far (cold starts). */
  coldStarts = 0;
  invocations = 0;
  /** Environments killed by {@link LocalFunction.killRandom}. */
  kills = 0;

  constructor(private readonly options: LocalFunctionOptions) {
    this.ref = options.ref;
    this.timeoutSeconds = options.timeoutSeconds;
  }

  /** Resolves once the function is Active (see {@link LocalFunctionOptions.activeAt}). */
  async whenActive(): Promise<void> {
    const activeAt = this.options.activeAt ?? 0;
    // A timer may fire a millisecond early: wait until the clock has passed activeAt.
    while (Date.now() < activeAt) await new Promise((resolve) => setTimeout(resolve, activeAt - Date.now()));
  }

  /** Invokes the function synchronously (RequestResponse) with `event`, once it is Active. */
  invoke(event: unknown): Promise<InvocationResult> {
    if (this.stopped) {
      return Promise.reject(
        new FunctionStoppedError(`${this.ref.functionName} was stopped; start a new lab to invoke it`),
      );
    }
    const running =
      (this.options.activeAt ?? 0) > Date.now() ? this.whenActive().then(() => this.run(event)) : this.run(event);
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
    return running;
  }

  /** Terminates every environment; invocations still running end as errors. */
  async stop(): Promise<void> {
    this.stopped = true;
    const environments = [...this.idle, ...this.busy];
    this.idle.length = 0;
    await Promise.all(environments.map((environment) => environment.terminate()));
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Starts `count` environments ahead of traffic, `parallel` at a time, and keeps them warm,
   * as Lambda's provisioned concurrency does: a load test then does not begin with a burst
   * of simultaneous cold starts competing for the CPU. Throws the INIT error if one fails.
   */
  async provision(count: number, parallel = 2): Promise<void> {
    let remaining = count;
    const starter = async (): Promise<void> => {
      while (remaining > 0 && !this.stopped) {
        remaining -= 1;
        this.coldStarts += 1;
        const init = await ExecutionEnvironment.start(
          this.options,
          this.coldStarts,
          newLogStreamName(),
          'provisioned-concurrency',
        );
        if (!init.ok)
          throw new Error(`${this.ref.functionName} INIT failed: ${init.error.errorType}: ${init.error.errorMessage}`);
        if (this.stopped) {
          await init.environment.terminate();
          return;
        }
        this.idle.push(init.environment);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, starter));
  }

  /** Environments running an invocation right now. */
  get busyEnvironments(): number {
    return this.busy.size;
  }

  /**
   * Crashes one busy environment, picked with `random` (0 ≤ x < 1): its thread is terminated
   * mid-invocation, the invocation ends as an error (so the event source mapping deletes
   * nothing) and nothing the handler would have done afterwards happens. Returns false when
   * no invocation is running.
   */
  killRandom(random: () => number = Math.random): boolean {
    const busy = [...this.busy];
    const victim = busy[Math.floor(random() * busy.length)];
    if (victim === undefined) return false;
    this.busy.delete(victim);
    this.kills += 1;
    void victim.kill('killed by LocalFunction.killRandom()');
    return true;
  }

  private async run(event: unknown): Promise<InvocationResult> {
    const requestId = randomUUID();
    const eventJson = JSON.stringify(event) ?? 'null';
    this.invocations += 1;
    const started = performance.now();
    let initDurationMs: number | undefined;
    let environment = this.idle.pop();
    let logStreamName = environment?.logStreamName ?? newLogStreamName();
    if (environment === undefined) {
      this.coldStarts += 1;
      this.platform(requestId, logStreamName, 'platform.initStart', {
        initializationType: 'on-demand',
        phase: 'init',
        runtimeVersion: RUNTIME_VERSION,
        runtimeVersionArn: RUNTIME_VERSION_ARN,
        functionName: this.ref.functionName,
        functionVersion: '$LATEST',
      });
      const init = await ExecutionEnvironment.start(this.options, this.coldStarts, logStreamName);
      if (!init.ok) {
        return this.finish(requestId, logStreamName, started, { status: 'error', error: init.error }, undefined, 0);
      }
      environment = init.environment;
      initDurationMs = init.initDurationMs;
    }
    logStreamName = environment.logStreamName;
    if (this.stopped) {
      await environment.terminate();
      return this.finish(
        requestId,
        logStreamName,
        started,
        { status: 'error', error: stoppedError() },
        initDurationMs,
        0,
      );
    }
    this.busy.add(environment);
    this.platform(requestId, logStreamName, 'platform.start', { requestId, version: '$LATEST' });
    const invokeStarted = performance.now();
    const outcome = await environment.run(requestId, eventJson, this.timeoutSeconds * 1000, newTraceHeader());
    this.busy.delete(environment);
    const durationMs = performance.now() - invokeStarted;
    if (
      environment.isAlive &&
      !this.stopped &&
      (outcome.kind === 'result' || (outcome.kind === 'error' && !outcome.fatal))
    ) {
      this.idle.push(environment);
    } else {
      await environment.terminate();
    }
    switch (outcome.kind) {
      case 'result':
        return this.finish(
          requestId,
          logStreamName,
          started,
          { status: 'success', payload: JSON.parse(outcome.payloadJson) },
          initDurationMs,
          outcome.maxMemoryUsedMB,
          durationMs,
        );
      case 'error':
        return this.finish(
          requestId,
          logStreamName,
          started,
          { status: 'error', error: outcome.error },
          initDurationMs,
          outcome.maxMemoryUsedMB,
          durationMs,
        );
      case 'timeout':
        return this.finish(
          requestId,
          logStreamName,
          started,
          {
            status: 'timeout',
            error: {
              errorType: 'Sandbox.Timedout',
              errorMessage: `RequestId: ${requestId} Error: ${timeoutMessage(this.timeoutSeconds)}`,
              trace: [],
            },
          },
          initDurationMs,
          0,
          // A timer may fire a fraction of a millisecond early; Lambda reports at least the timeout.
          Math.max(durationMs, this.timeoutSeconds * 1000),
        );
      case 'exit':
        return this.finish(
          requestId,
          logStreamName,
          started,
          { status: 'error', error: this.stopped ? stoppedError() : outcome.error },
          initDurationMs,
          0,
          durationMs,
        );
    }
  }

  private finish(
    requestId: string,
    logStreamName: string,
    started: number,
    result: { status: 'success'; payload: unknown } | { status: 'error' | 'timeout'; error: ErrorDocument },
    initDurationMs: number | undefined,
    maxMemoryUsedMB: number,
    invokeDurationMs = performance.now() - started,
  ): InvocationResult {
    const durationMs = Math.round(invokeDurationMs * 100) / 100;
    const status = result.status;
    const errorType = result.status === 'success' ? undefined : result.error.errorType;
    const metrics = {
      durationMs,
      billedDurationMs: Math.ceil(invokeDurationMs + (initDurationMs ?? 0)),
      memorySizeMB: this.options.memoryMb,
      maxMemoryUsedMB,
      ...(initDurationMs === undefined ? {} : { initDurationMs: Math.round(initDurationMs * 100) / 100 }),
    };
    this.platform(requestId, logStreamName, 'platform.runtimeDone', {
      requestId,
      status,
      ...(errorType ? { errorType } : {}),
      metrics: { durationMs },
    });
    this.platform(requestId, logStreamName, 'platform.report', {
      requestId,
      metrics,
      status,
      ...(errorType ? { errorType } : {}),
    });
    return result.status === 'success'
      ? { status: 'success', requestId, payload: result.payload, durationMs }
      : { status: result.status, requestId, error: result.error, durationMs };
  }

  /**
   * Publishes one of Lambda's system records, as the function's LoggingConfig has it: a JSON
   * `platform.*` record when it is at or above the system log level, or the Text line
   * (`INIT_START`, `START`, `END`, `REPORT`).
   */
  private platform(
    requestId: string,
    logStreamName: string,
    type: PlatformEvent['type'],
    record: Record<string, unknown>,
  ): void {
    const logging = loggingOf(this.options);
    const parsed: PlatformEvent = { time: new Date().toISOString(), type, record };
    let line: string;
    if (logging.format === 'JSON') {
      if (SYSTEM_LEVEL_RANK[PLATFORM_EVENT_LEVELS[type]] < SYSTEM_LEVEL_RANK[logging.systemLogLevel]) return;
      line = JSON.stringify(parsed);
    } else {
      line = platformText(requestId, parsed);
    }
    this.options.logs.publish({
      kind: 'platform',
      ...this.ref,
      requestId,
      logStreamName,
      line,
      parsed,
      time: Date.now(),
    });
  }
}

/** The function's LoggingConfig, read back from its environment as the runtime reads it. */
function loggingOf(options: LocalFunctionOptions): LambdaLogging {
  const json = options.environment.AWS_LAMBDA_LOG_FORMAT?.toUpperCase() === 'JSON';
  return {
    format: json ? 'JSON' : 'Text',
    applicationLogLevel: parseLevel(options.environment.AWS_LAMBDA_LOG_LEVEL) ?? 'TRACE',
    systemLogLevel: options.systemLogLevel ?? 'INFO',
  };
}

/** The runtime version the lab reports in `platform.initStart` (Lambda's form: `nodejs:24.v<N>`). */
const RUNTIME_VERSION = 'nodejs:24.v0';
const RUNTIME_VERSION_ARN =
  'arn:aws:lambda:us-east-1::runtime:0000000000000000000000000000000000000000000000000000000000000000';

/** The level Lambda gives each system event; with the default system level INFO, `platform.runtimeDone` is not sent. */
const PLATFORM_EVENT_LEVELS: Record<PlatformEvent['type'], 'DEBUG' | 'INFO'> = {
  'platform.initStart': 'INFO',
  'platform.start': 'INFO',
  'platform.runtimeDone': 'DEBUG',
  'platform.report': 'INFO',
};
const SYSTEM_LEVEL_RANK: Record<LambdaLogging['systemLogLevel'], number> = { DEBUG: 0, INFO: 1, WARN: 2 };

/** The Text format's system line for an event. */
function platformText(requestId: string, event: PlatformEvent): string {
  switch (event.type) {
    case 'platform.initStart':
      return `INIT_START Runtime Version: ${RUNTIME_VERSION}\tRuntime Version ARN: ${RUNTIME_VERSION_ARN}`;
    case 'platform.start':
      return `START RequestId: ${requestId} Version: $LATEST`;
    case 'platform.runtimeDone':
      return `END RequestId: ${requestId}`;
    case 'platform.report':
      return reportText(requestId, event.record);
  }
}

/** `<Stack>/<Function>`: the key of a function's row in `lab.awsCallCounts()`. */
export function callSite(ref: FunctionRef): string {
  return `${ref.stackName}/${ref.functionId}`;
}

function stoppedError(): ErrorDocument {
  return { errorType: 'Lab.Stopped', errorMessage: 'The lab stopped during this invocation', trace: [] };
}
