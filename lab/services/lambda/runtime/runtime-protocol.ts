import type { AwsFaultRule } from '../../../interceptors/aws-call-faults';
import type { LambdaModuleRoots } from './lambda-module-resolution';

/**
 * Messages between a lab function (main thread) and its execution environments (worker
 * threads running `runtime-worker.ts`). Types only: both sides are bundled separately.
 */

/** Set once when an execution environment starts. */
export interface RuntimeWorkerData {
  /** The function bundle, `.lab/bundles/<stack>/<fn>/index.cjs`. */
  readonly bundlePath: string;
  /** fauxqs's `localhost.js`, which holds `interceptLocalhostDns`. */
  readonly localhostDnsModuleUrl: string;
  /**
   * Where the function's code and the runtime's SDK are, when its imports resolve as on Lambda
   * (lambda-module-resolution.ts): a deployed Node.js function's. Absent: Node's own resolution
   * (the lab's bundles, which carry everything they import).
   */
  readonly moduleRoots?: LambdaModuleRoots;
  /**
   * One Int32 the environment waits on between invocations: Lambda freezes an environment
   * after its response, so timers and heartbeats left running do not fire until the next
   * invocation. The main thread bumps it (and notifies) before each invocation.
   */
  readonly freezeBuffer: SharedArrayBuffer;
  /** What the function wrote and the runtime has not yet sent, read by the lab once the thread ends (log-spill.ts). */
  readonly logSpillBuffer: SharedArrayBuffer;
  readonly functionName: string;
  readonly functionVersion: string;
  readonly invokedFunctionArn: string;
  readonly memoryLimitInMB: string;
  readonly logGroupName: string;
  readonly logStreamName: string;
  /** The AWS call interceptor's set-up for this environment. */
  readonly awsCalls: RuntimeAwsCalls;
  /** Ask the lab to authorize every AWS call against the function's role (IAM) before it is sent. */
  readonly authorizeCalls: boolean;
  /**
   * The lab's IAM version (one Int32), bumped on every policy change: the environment may reuse
   * an allowed decision for the same call and target while it is unchanged.
   */
  readonly iamVersion?: SharedArrayBuffer;
  /**
   * Host names whose HTTPS requests go to a lab server instead (plain HTTP on loopback): the
   * ResponseURL a custom resource handler answers CloudFormation on.
   */
  readonly httpsRedirects: Readonly<Record<string, { readonly host: string; readonly port: number }>>;
}

/** Why the lab refused an AWS call, as the SDK would surface AWS's answer. */
export interface DeniedCall {
  readonly name: string;
  readonly message: string;
  readonly httpStatusCode: number;
}

/** What the interceptor inside an environment needs: its call site, the rules, its seeded stream. */
export interface RuntimeAwsCalls {
  /** `<Stack>/<Function>`. */
  readonly site: string;
  readonly faults: readonly AwsFaultRule[];
  readonly seed: number | string;
  /** Names this environment's random stream, e.g. `VisibilityDupStack/Worker#3`. */
  readonly stream: string;
}

/** Lambda's error document: what an invocation returns when the function fails. */
export interface ErrorDocument {
  readonly errorType: string;
  readonly errorMessage: string;
  readonly trace: readonly string[];
  /**
   * The runtime's own document, when it is not Node.js's shape: what Invoke answers instead
   * (Python's runtime writes `errorMessage`, `errorType`, `requestId` and `stackTrace`).
   */
  readonly document?: Readonly<Record<string, unknown>>;
}

export interface InvokeMessage {
  readonly type: 'invoke';
  readonly requestId: string;
  /** The event as JSON text, as Lambda hands it over. */
  readonly eventJson: string;
  /** `Date.now()` at which the function timeout ends the invocation. */
  readonly deadlineMs: number;
  /** The freeze generation of this invocation. */
  readonly generation: number;
  /** The invocation's X-Ray trace header, which the runtime puts in `_X_AMZN_TRACE_ID`. */
  readonly traceId: string;
}

/** The lab's answer to an `authorize` message. */
export interface AuthorizedMessage {
  readonly type: 'authorized';
  readonly id: number;
  readonly denied?: DeniedCall;
}

/**
 * A process the environment's runtime asked the lab to start (`spawn-child`) has ended: the
 * Python interpreter behind the Python bridge.
 */
export interface ChildExitMessage {
  readonly type: 'child-exit';
  readonly code: number | null;
  readonly signal: string | null;
  /** Why it could not start (`spawn python3 ENOENT`), when it never ran. */
  readonly error?: string;
}

export type ToRuntimeMessage = InvokeMessage | AuthorizedMessage | ChildExitMessage;

/**
 * A process for the main thread to start on the environment's behalf, so that it outlives no
 * environment unreaped: a process a worker thread spawns is never waited for once the thread is
 * terminated (a timeout, a crash), and stays a zombie until the lab exits. Its stdout and stderr
 * are the function's log; it is killed when the environment ends; its end is told back with
 * `child-exit`.
 */
export interface SpawnChildMessage {
  readonly type: 'spawn-child';
  readonly command: string;
  readonly args: readonly string[];
  readonly environment: Readonly<Record<string, string>>;
  /** Its working directory (default: the lab's). */
  readonly cwd?: string;
  /** A folder of the runtime's own, removed when the process ends. */
  readonly scratch?: string;
}

export type FromRuntimeMessage =
  | { readonly type: 'ready'; readonly initDurationMs: number }
  | { readonly type: 'init-error'; readonly error: ErrorDocument; readonly initDurationMs?: number }
  | { readonly type: 'log'; readonly stream: 'stdout' | 'stderr'; readonly text: string }
  /** One AWS SDK call, `Service.Operation`; `faultRule` names the rule that fired for it, if any. */
  | { readonly type: 'aws-call'; readonly call: string; readonly faultRule?: number }
  /** An AWS call waiting for the lab's IAM decision (answered with `authorized`). */
  | {
      readonly type: 'authorize';
      readonly id: number;
      readonly service: string;
      readonly operation: string;
      readonly input: unknown;
    }
  | SpawnChildMessage
  /** A crash rule fired: the environment waits, blocked, for the main thread to terminate it. */
  | { readonly type: 'crash'; readonly call: string; readonly faultRule: number }
  | {
      readonly type: 'result';
      readonly requestId: string;
      readonly payloadJson: string;
      readonly maxMemoryUsedMB: number;
    }
  | {
      readonly type: 'error';
      readonly requestId: string;
      readonly error: ErrorDocument;
      readonly maxMemoryUsedMB: number;
      /** The runtime process ends after this error (an unhandled rejection, an uncaught exception). */
      readonly fatal: boolean;
    };
