/**
 * The code that runs inside one execution environment (a worker thread), playing the part
 * of Lambda's Node.js runtime: it loads the function bundle once (the INIT phase), then
 * runs one invocation at a time with a Lambda-shaped context, and freezes in between.
 *
 * Bundled on its own to `.lab/runtime/runtime-worker.cjs`; besides types it takes only the
 * AWS call gate's pure code from the lab, so the function's module graph is the bundle alone
 * (AWS SDK included, as deployed), as in Lambda.
 */
import { errorDocument, exportedHandler, type Handler, initErrorDocument } from './handler-module';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { FaultPlan } from '../../../interceptors/aws-call-faults';
import { AwsCallGate } from '../../../interceptors/aws-call-gate';
import { interceptAwsRequests } from './aws-request-interceptor';
import { resolveModulesAsLambda } from './lambda-module-resolution';
import { LogSpill, type OutputStream } from './log-spill';
import { keepRequestsOnLoopback } from './loopback-only';
import type {
  DeniedCall,
  FromRuntimeMessage,
  InvokeMessage,
  RuntimeWorkerData,
  ToRuntimeMessage,
} from './runtime-protocol';
import {
  CONSOLE_LEVELS,
  consoleMinimumLevel,
  formatErrorForText,
  formatJsonMessage,
  formatTextMessage,
  levelRank,
} from './console-format';

const data = workerData as RuntimeWorkerData;
const port = parentPort;
if (port === null) throw new Error('runtime-worker.ts runs only as a worker thread');
const freeze = new Int32Array(data.freezeBuffer);
let currentRequestId: string | undefined;

/** What the function wrote in this turn of the event loop, not yet sent (also in {@link spill}). */
let unsent: { readonly stream: OutputStream; text: string; readonly since: number } | undefined;
/** Held output this old goes with the next write: a handler that keeps its thread busy still shows its lines as it goes. */
const SEND_HELD_AFTER_MS = 200;
const spill = new LogSpill(data.logSpillBuffer);

/** Sends what the function wrote and the runtime holds, as one message. */
function sendOutput(): void {
  const held = unsent;
  if (held === undefined) return;
  unsent = undefined;
  spill.clear();
  port?.postMessage({ type: 'log', stream: held.stream, text: held.text } satisfies FromRuntimeMessage);
}

/**
 * Takes one write of the function: held, and sent with the rest of its turn's writes when the
 * turn ends (or before any other message, so the lab reads them in order with the results).
 */
function output(stream: OutputStream, text: string): void {
  if (unsent !== undefined && unsent.stream !== stream) sendOutput();
  if (!spill.append(stream, text)) {
    sendOutput();
    if (!spill.append(stream, text)) {
      // Larger than the spill can hold: sent at once (nothing is held now).
      post({ type: 'log', stream, text });
      return;
    }
  }
  if (unsent === undefined) {
    unsent = { stream, text, since: performance.now() };
    queueMicrotask(sendOutput);
  } else {
    unsent.text += text;
    if (performance.now() - unsent.since >= SEND_HELD_AFTER_MS) sendOutput();
  }
}

function post(message: FromRuntimeMessage): void {
  sendOutput();
  port?.postMessage(message);
}

// Everything the function writes goes to the lab, in order with its results.
for (const stream of ['stdout', 'stderr'] as const) {
  const target = process[stream];
  target.write = ((chunk: string | Uint8Array, encodingOrCallback?: unknown, callback?: unknown): boolean => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    output(stream, text);
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }) as typeof target.write;
}

// console.* as Lambda's Node.js runtime writes it: JSON or Text, filtered by AWS_LAMBDA_LOG_LEVEL.
const jsonFormat = process.env.AWS_LAMBDA_LOG_FORMAT?.toUpperCase() === 'JSON';
const minimumLevel = levelRank(consoleMinimumLevel(process.env));
for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
  const write =
    levelRank(level) < minimumLevel
      ? () => undefined
      : (message?: unknown, ...params: unknown[]) => {
          const time = new Date().toISOString();
          const line = jsonFormat
            ? formatJsonMessage(time, currentRequestId, level, message, ...params)
            : formatTextMessage(time, currentRequestId, level, message, ...params);
          process.stdout.write(`${line}\n`);
        };
  // console.fatal is the runtime's own addition; the rest replace Node's methods.
  (console as unknown as Record<string, (...args: unknown[]) => void>)[method] = write;
}

function maxMemoryUsedMB(): number {
  return Math.ceil(getHeapStatistics().total_heap_size / (1024 * 1024));
}

/** The runtime's `Invoke Error` line: `console.error(error)` with JSON, `console.error('Invoke Error', …)` with Text. */
function logInvokeError(error: unknown): void {
  // The Python bridge's errors were logged by the Python runtime loop, in Python's words.
  if ((error as { loggedByRuntime?: unknown } | null)?.loggedByRuntime === true) return;
  const asError = error instanceof Error ? error : new Error(String(error));
  if (jsonFormat) console.error(asError);
  else console.error('Invoke Error', formatErrorForText(asError));
}

function failFatally(kind: string, error: unknown): void {
  const document = { ...errorDocument(error), errorType: kind };
  if (currentRequestId === undefined) {
    post({ type: 'init-error', error: document });
  } else {
    logInvokeError(error);
    post({
      type: 'error',
      requestId: currentRequestId,
      error: document,
      maxMemoryUsedMB: maxMemoryUsedMB(),
      fatal: true,
    });
  }
  process.exit(1);
}
process.on('unhandledRejection', (reason) => failFatally('Runtime.UnhandledPromiseRejection', reason));
process.on('uncaughtException', (error) => failFatally('Runtime.UncaughtException', error));

/**
 * Gates every AWS call the function makes at the HTTP level, whatever copy of the SDK its
 * bundle carries: the SDK v3 clients send JSON-protocol requests to the lab's endpoints
 * (`AWS_ENDPOINT_URL_*`) through `http.request`, where the lab holds each one before it leaves
 * (aws-request-interceptor.ts). Each call is reported to the lab, authorized by the lab's IAM, and may
 * be failed, delayed or turned into a crash by the fault plan (see {@link AwsCallGate}); a
 * refused call is answered with AWS's error response, which the SDK parses into its own
 * exception. Other requests (a custom resource's ResponseURL) pass untouched.
 */
function installAwsCallInterceptor(): void {
  const { awsCalls } = data;
  const blocker = new Int32Array(new SharedArrayBuffer(4));
  const gate = new AwsCallGate({
    site: awsCalls.site,
    plan: new FaultPlan(awsCalls.faults, awsCalls.seed, awsCalls.stream),
    onCall: (call, fault) => post({ type: 'aws-call', call: call.call, ...(fault ? { faultRule: fault.rule } : {}) }),
    crash: (call, fault) => {
      post({ type: 'crash', call: call.call, faultRule: fault.rule });
      // Nothing after the crash point may run: block until the main thread terminates us.
      for (;;) Atomics.wait(blocker, 0, 0);
    },
    ...(data.authorizeCalls
      ? {
          authorize: async (call) => {
            const key = allowanceKey(call.service, call.operation, call.input);
            const version = iamVersion === undefined ? undefined : Atomics.load(iamVersion, 0);
            if (key !== undefined && version !== undefined && allowed.get(key) === version) return undefined;
            const denied = await authorize(call.service, call.operation, call.input);
            if (denied === undefined && key !== undefined && version !== undefined) allowed.set(key, version);
            return denied;
          },
        }
      : {}),
  });
  // The very module objects the bundle's `require("http")` gets.
  const require = createRequire(data.bundlePath);
  interceptAwsRequests(
    [require('node:http') as typeof import('node:http'), require('node:https') as typeof import('node:https')],
    gate,
  );
}

/** The lab's IAM version, and the calls it allowed at a version: the same call is allowed again until it changes. */
const iamVersion = data.iamVersion === undefined ? undefined : new Int32Array(data.iamVersion);
const allowed = new Map<string, number>();

/**
 * What an IAM decision depends on in a call: its action and its one target (a queue URL, a
 * table name or a topic ARN). Calls that reach several targets (batch writes) are not cached.
 */
function allowanceKey(service: string, operation: string, input: unknown): string | undefined {
  const fields = (input ?? {}) as Record<string, unknown>;
  if ('RequestItems' in fields || 'TransactItems' in fields) return undefined;
  const target = fields.QueueUrl ?? fields.TableName ?? fields.QueueName ?? fields.TopicArn ?? fields.TargetArn ?? '';
  if (typeof target !== 'string') return undefined;
  return `${service}.${operation}|${target}|${typeof fields.IndexName === 'string' ? fields.IndexName : ''}`;
}

const pendingAuthorizations = new Map<number, (denied: DeniedCall | undefined) => void>();
let nextAuthorization = 0;

/** Asks the lab's IAM whether this call may go on (the role's policies, the target's resource policy). */
function authorize(service: string, operation: string, input: unknown): Promise<DeniedCall | undefined> {
  const id = (nextAuthorization += 1);
  return new Promise((resolve) => {
    pendingAuthorizations.set(id, resolve);
    // Parsed from the request's JSON body, so always cloneable.
    post({ type: 'authorize', id, service, operation, input });
  });
}

/**
 * Sends HTTPS requests for the lab's stand-in hosts (a custom resource's ResponseURL) to the
 * lab's HTTP server on loopback instead.
 */
function installHttpsRedirects(): void {
  const redirects = data.httpsRedirects;
  if (Object.keys(redirects).length === 0) return;
  // The very module objects the handler's `require("https")` gets.
  const require = createRequire(data.bundlePath);
  const https = require('node:https') as typeof import('node:https');
  const http = require('node:http') as typeof import('node:http');
  const original = https.request;
  https.request = ((options: unknown, ...rest: unknown[]) => {
    const target =
      options !== null && typeof options === 'object' && 'hostname' in options
        ? redirects[String((options as { hostname?: unknown }).hostname)]
        : undefined;
    if (target === undefined) return (original as (...args: unknown[]) => unknown)(options, ...rest);
    return (http.request as (...args: unknown[]) => unknown)(
      { ...(options as object), hostname: target.host, host: target.host, port: target.port, protocol: 'http:' },
      ...rest,
    );
  }) as typeof https.request;
}

function loadHandler(): Handler {
  // NODE_OPTIONS=--enable-source-maps (set by NodejsFunction with sourceMap) is not read by a worker thread.
  if (process.env.NODE_OPTIONS?.includes('--enable-source-maps') === true) process.setSourceMapsEnabled(true);
  // The SDK inside the function talks to fauxqs's `sqs.<region>.localhost` host.
  const localhost = createRequire(data.bundlePath)(fileURLToPath(data.localhostDnsModuleUrl)) as {
    interceptLocalhostDns: () => () => void;
  };
  localhost.interceptLocalhostDns();
  const requireFromBundle = createRequire(data.bundlePath);
  // Innermost: whatever the interceptor and the redirects send out stays on loopback.
  keepRequestsOnLoopback([
    requireFromBundle('node:http') as typeof import('node:http'),
    requireFromBundle('node:https') as typeof import('node:https'),
  ]);
  installAwsCallInterceptor();
  installHttpsRedirects();
  // A deployed function finds its own packages and the runtime's SDK, nothing else (as on Lambda).
  if (data.moduleRoots !== undefined) resolveModulesAsLambda(data.moduleRoots);
  const module = requireFromBundle(data.bundlePath) as unknown;
  // The Python bridge (python/python-shim.cjs) finishes its INIT when its interpreter has imported the handler.
  const ready = (module as { ready?: unknown } | null)?.ready;
  if (ready instanceof Promise) initReady = ready;
  return exportedHandler(module, process.env._HANDLER ?? 'index.handler');
}

/** What INIT waits for after the module loads (the Python bridge's import), if anything. */
let initReady: Promise<unknown> | undefined;

const initStart = performance.now();
let handler: Handler;
try {
  handler = loadHandler();
} catch (error) {
  failInit(error);
}
if (initReady === undefined) post({ type: 'ready', initDurationMs: performance.now() - initStart });
else
  initReady.then(
    () => post({ type: 'ready', initDurationMs: performance.now() - initStart }),
    (error: unknown) => failInit(error),
  );

/** Ends INIT with `error`, logged as the runtime logs it. */
function failInit(error: unknown): void {
  const document = initErrorDocument(error);
  // The runtime's line for it, before any request: `Uncaught Exception` with the error document
  // (the Python bridge's errors were logged by the Python runtime loop, in Python's words).
  const logged = { errorType: document.errorType, errorMessage: document.errorMessage, stack: document.trace };
  const loggedByRuntime = (error as { loggedByRuntime?: unknown } | null)?.loggedByRuntime === true;
  if (loggedByRuntime) {
    // Nothing more to write.
  } else if (jsonFormat) console.error(logged);
  else console.error('Uncaught Exception', JSON.stringify(logged));
  post({ type: 'init-error', error: document, initDurationMs: performance.now() - initStart });
  process.exit(1);
}

function contextFor(requestId: string, deadlineMs: number): Record<string, unknown> {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: data.functionName,
    functionVersion: data.functionVersion,
    invokedFunctionArn: data.invokedFunctionArn,
    memoryLimitInMB: data.memoryLimitInMB,
    awsRequestId: requestId,
    logGroupName: data.logGroupName,
    logStreamName: data.logStreamName,
    getRemainingTimeInMillis: () => Math.max(0, deadlineMs - Date.now()),
  };
}

async function invoke(message: InvokeMessage): Promise<void> {
  currentRequestId = message.requestId;
  process.env._X_AMZN_TRACE_ID = message.traceId;
  try {
    const event: unknown = JSON.parse(message.eventJson);
    const result = await handler(event, contextFor(message.requestId, message.deadlineMs));
    // Lambda serialises the response with JSON.stringify; `undefined` becomes null.
    const payloadJson = JSON.stringify(result) ?? 'null';
    post({ type: 'result', requestId: message.requestId, payloadJson, maxMemoryUsedMB: maxMemoryUsedMB() });
  } catch (error) {
    const document = errorDocument(error);
    logInvokeError(error);
    post({
      type: 'error',
      requestId: message.requestId,
      error: document,
      maxMemoryUsedMB: maxMemoryUsedMB(),
      fatal: false,
    });
  }
  // Frozen until the next invocation, as Lambda freezes an environment after its response.
  Atomics.wait(freeze, 0, message.generation);
}

port.on('message', (message: ToRuntimeMessage) => {
  if (message.type === 'invoke') void invoke(message);
  else if (message.type === 'authorized') {
    pendingAuthorizations.get(message.id)?.(message.denied);
    pendingAuthorizations.delete(message.id);
  }
});
