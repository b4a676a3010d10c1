/**
 * A Lambda function on the laptop, the surface the lab uses (LocalStack's
 * `LambdaVersionManager`, `services/lambda_/invocation/version_manager.py`): an invocation waits
 * until the function is Active, takes an execution environment from the function's pool
 * (`environment-pool.ts`; each one a worker thread, `execution-environment.ts`), runs there, and
 * is framed by Lambda's platform records (`platform-records.ts`). The function timeout really
 * ends an invocation: the environment's thread is terminated, so nothing the handler scheduled
 * runs afterwards, and the next invocation starts cold, as after a timeout in Lambda.
 */
import { FunctionStoppedError, KmsAccessDeniedError, TooManyRequestsError } from '../errors';
import { randomUUID } from 'node:crypto';
import type { FunctionRef } from '../../../bus/lab-log-record';
import { EnvironmentPool } from './environment-pool';
import { newLogStreamName, newTraceHeader } from './lambda-environment';
import type { LocalFunctionOptions } from './local-function-options';
import { PlatformRecords } from './platform-records';
import type { ErrorDocument } from './runtime-protocol';
import type { AccountConcurrency } from '../account-concurrency';

export type { LocalFunctionOptions } from './local-function-options';

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

/** How an invocation is admitted. */
export interface InvokeAdmission {
  /** The caller took the invocation's execution of the account's quota itself (the event source mapping does, to back off). */
  readonly quotaTaken?: boolean;
  /** `JSON.stringify(event)`, when the caller has it already (the event source mapping, which measures each payload). */
  readonly eventJson?: string;
}

/** Anything that can be invoked like a Lambda function (the event source mapping and the API need no more). */
export interface Invocable {
  readonly ref: FunctionRef;
  readonly timeoutSeconds: number;
  /** The account's concurrency quota its invocations count against, if any. */
  readonly concurrency?: AccountConcurrency | undefined;
  invoke(event: unknown, admission?: InvokeAdmission): Promise<InvocationResult>;
}

/** Lambda's message for a timeout, e.g. `Task timed out after 30.00 seconds`. */
export function timeoutMessage(timeoutSeconds: number): string {
  return `Task timed out after ${timeoutSeconds.toFixed(2)} seconds`;
}

/** A function with its pool of execution environments. */
export class LocalFunction implements Invocable {
  readonly ref: FunctionRef;
  readonly timeoutSeconds: number;
  private readonly pool: EnvironmentPool;
  private readonly records: PlatformRecords;
  private readonly inFlight = new Set<Promise<InvocationResult>>();
  invocations = 0;

  constructor(private readonly options: LocalFunctionOptions) {
    this.ref = options.ref;
    this.timeoutSeconds = options.timeoutSeconds;
    this.pool = new EnvironmentPool(options);
    this.records = new PlatformRecords(options);
  }

  /**
   * The handler file its environments load (`index.js` of its code directory): the script a
   * debugger sees, with its source map beside it.
   */
  get bundlePath(): string {
    return this.options.bundlePath;
  }

  /** Environments started so far (cold starts). */
  get coldStarts(): number {
    return this.pool.coldStarts;
  }

  /** Environments killed by {@link LocalFunction.killRandom}. */
  get kills(): number {
    return this.pool.kills;
  }

  /** Resolves once the function is Active (see {@link LocalFunctionOptions.activeAt}). */
  async whenActive(): Promise<void> {
    const activeAt = this.options.activeAt ?? 0;
    // A timer may fire a millisecond early: wait until the clock has passed activeAt.
    while (Date.now() < activeAt) await new Promise((resolve) => setTimeout(resolve, activeAt - Date.now()));
  }

  /**
   * Invokes the function synchronously (RequestResponse) with `event`, once it is Active.
   * Rejects with `TooManyRequestsError` when the account's concurrency quota has no execution
   * free: the invocation is throttled and never runs.
   */
  invoke(event: unknown, admission: InvokeAdmission = {}): Promise<InvocationResult> {
    if (this.pool.isStopped) {
      return Promise.reject(
        new FunctionStoppedError(`${this.ref.functionName} was stopped; start a new lab to invoke it`),
      );
    }
    // Serialized once, as it arrives; an event that cannot be (a cycle, a BigInt) fails the call.
    let eventJson: string;
    try {
      eventJson = admission.eventJson ?? JSON.stringify(event) ?? 'null';
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const running =
      admission.quotaTaken === true
        ? this.whenActive().then(() => this.run(eventJson))
        : (this.options.activeAt ?? 0) > Date.now()
          ? this.whenActive().then(() => this.runWithinQuota(eventJson))
          : this.runWithinQuota(eventJson);
    this.inFlight.add(running);
    const forget = (): void => void this.inFlight.delete(running);
    // A throttled invocation rejects: its caller handles that; this only forgets it.
    running.then(forget, forget);
    return running;
  }

  /** True once the function is Active (see {@link LocalFunctionOptions.activeAt}). */
  get isActive(): boolean {
    return Date.now() >= (this.options.activeAt ?? 0);
  }

  /**
   * Lets the invocations running now finish, then terminates every environment: how Lambda
   * retires the environments of a function's previous code or configuration after an update.
   */
  async retire(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    await this.stop();
  }

  /** Terminates every environment; invocations still running end as errors. */
  async stop(): Promise<void> {
    await this.pool.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Starts `count` environments ahead of traffic, `parallel` at a time, and keeps them warm,
   * as Lambda's provisioned concurrency does: a load test then does not begin with a burst
   * of simultaneous cold starts competing for the CPU. Throws the INIT error if one fails.
   */
  provision(count: number, parallel = 2): Promise<void> {
    return this.pool.provision(count, parallel);
  }

  /** Environments running an invocation right now. */
  get busyEnvironments(): number {
    return this.pool.busyCount;
  }

  /**
   * Crashes one busy environment, picked with `random` (0 ≤ x < 1): its thread is terminated
   * mid-invocation, the invocation ends as an error (so the event source mapping deletes
   * nothing) and nothing the handler would have done afterwards happens. Returns false when
   * no invocation is running.
   */
  killRandom(random: () => number = Math.random): boolean {
    return this.pool.killRandom(random);
  }

  /** The account's concurrency quota this function's invocations count against. */
  get concurrency(): AccountConcurrency | undefined {
    return this.options.concurrency;
  }

  /** Runs `event` in one of the account's executions, or rejects as Lambda throttles. */
  private async runWithinQuota(eventJson: string): Promise<InvocationResult> {
    const { concurrency, environmentKeyAccess } = this.options;
    if (environmentKeyAccess !== undefined && !(await environmentKeyAccess()))
      throw new KmsAccessDeniedError(this.ref.functionName);
    if (concurrency === undefined) return this.run(eventJson);
    if (!concurrency.tryAcquire()) throw new TooManyRequestsError(this.ref.functionName);
    try {
      return await this.run(eventJson);
    } finally {
      concurrency.release();
    }
  }

  private async run(eventJson: string): Promise<InvocationResult> {
    const requestId = randomUUID();
    this.invocations += 1;
    const started = performance.now();
    let initDurationMs: number | undefined;
    let environment = this.pool.takeIdle();
    let logStreamName = environment?.logStreamName ?? newLogStreamName();
    if (environment === undefined) {
      const coldStream = logStreamName;
      const init = await this.pool.startOnDemand(coldStream, () => this.records.initStart(requestId, coldStream));
      if (!init.ok) {
        // Lambda's INIT_REPORT for a failed INIT, then the invocation's own records.
        this.records.initReport(requestId, coldStream, {
          durationMs: init.initDurationMs ?? performance.now() - started,
          errorType: init.error.errorType,
        });
        this.records.start(requestId, coldStream);
        return this.finish(requestId, logStreamName, started, { status: 'error', error: init.error }, undefined, 0);
      }
      environment = init.environment;
      initDurationMs = init.initDurationMs;
    }
    logStreamName = environment.logStreamName;
    if (this.pool.isStopped) {
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
    this.pool.reserve(environment);
    this.records.start(requestId, logStreamName);
    const invokeStarted = performance.now();
    const outcome = await environment.invoke(requestId, eventJson, this.timeoutSeconds * 1000, newTraceHeader());
    const durationMs = performance.now() - invokeStarted;
    const terminating = this.pool.release(
      environment,
      outcome.kind === 'result' || (outcome.kind === 'error' && !outcome.fatal),
    );
    if (terminating !== undefined) await terminating;
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
          { status: 'error', error: this.pool.isStopped ? stoppedError() : outcome.error },
          initDurationMs,
          0,
          durationMs,
        );
    }
  }

  /** Writes the invocation's END and REPORT records and returns its result. */
  private finish(
    requestId: string,
    logStreamName: string,
    started: number,
    result: { status: 'success'; payload: unknown } | { status: 'error' | 'timeout'; error: ErrorDocument },
    initDurationMs: number | undefined,
    maxMemoryUsedMB: number,
    invokeDurationMs = performance.now() - started,
  ): InvocationResult {
    const durationMs = this.records.end(requestId, logStreamName, {
      status: result.status,
      errorType: result.status === 'success' ? undefined : result.error.errorType,
      invokeDurationMs,
      initDurationMs,
      maxMemoryUsedMB,
    });
    return result.status === 'success'
      ? { status: 'success', requestId, payload: result.payload, durationMs }
      : { status: result.status, requestId, error: result.error, durationMs };
  }
}

function stoppedError(): ErrorDocument {
  return { errorType: 'Lab.Stopped', errorMessage: 'The lab stopped during this invocation', trace: [] };
}
