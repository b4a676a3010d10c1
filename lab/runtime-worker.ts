/**
 * The code that runs inside one execution environment (a worker thread), playing the part
 * of Lambda's Node.js runtime: it loads the function bundle once (the INIT phase), then
 * runs one invocation at a time with a Lambda-shaped context, and freezes in between.
 *
 * Bundled on its own to `.lab/runtime/runtime-worker.cjs`; it imports nothing from the lab
 * but types, so the function's module graph is the bundle alone, as in Lambda.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { ErrorDocument, FromRuntimeMessage, RuntimeWorkerData, ToRuntimeMessage } from './runtime-protocol';

type Handler = (event: unknown, context: unknown) => unknown;

const data = workerData as RuntimeWorkerData;
const port = parentPort;
if (port === null) throw new Error('runtime-worker.ts runs only as a worker thread');
const freeze = new Int32Array(data.freezeBuffer);
let currentRequestId: string | undefined;

function post(message: FromRuntimeMessage): void {
  port?.postMessage(message);
}

// Everything the function writes goes to the lab, in order with its results.
for (const stream of ['stdout', 'stderr'] as const) {
  const target = process[stream];
  target.write = ((chunk: string | Uint8Array, encodingOrCallback?: unknown, callback?: unknown): boolean => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    post({ type: 'log', stream, text });
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }) as typeof target.write;
}

// console.* as Lambda's Node.js runtime writes it with the JSON log format.
const consoleLevels = { log: 'INFO', info: 'INFO', warn: 'WARN', error: 'ERROR', debug: 'DEBUG', trace: 'TRACE' } as const;
for (const [method, level] of Object.entries(consoleLevels)) {
  (console as unknown as Record<string, (...args: unknown[]) => void>)[method] = (...args: unknown[]) => {
    const line = { timestamp: new Date().toISOString(), level, requestId: currentRequestId, message: format(...args) };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
}

function errorDocument(error: unknown, fallbackType = 'Error'): ErrorDocument {
  if (error instanceof Error) {
    return {
      errorType: error.name || fallbackType,
      errorMessage: error.message,
      trace: (error.stack ?? '').split('\n'),
    };
  }
  return { errorType: fallbackType, errorMessage: String(error), trace: [] };
}

function maxMemoryUsedMB(): number {
  return Math.ceil(getHeapStatistics().total_heap_size / (1024 * 1024));
}

function logInvokeError(error: ErrorDocument): void {
  const line = {
    timestamp: new Date().toISOString(),
    level: 'ERROR',
    requestId: currentRequestId,
    message: 'Invoke Error',
    errorType: error.errorType,
    errorMessage: error.errorMessage,
    stackTrace: error.trace,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

function failFatally(kind: string, error: unknown): void {
  const document = { ...errorDocument(error), errorType: kind };
  if (currentRequestId === undefined) {
    post({ type: 'init-error', error: document });
  } else {
    logInvokeError(document);
    post({ type: 'error', requestId: currentRequestId, error: document, maxMemoryUsedMB: maxMemoryUsedMB(), fatal: true });
  }
  process.exit(1);
}
process.on('unhandledRejection', (reason) => failFatally('Runtime.UnhandledPromiseRejection', reason));
process.on('uncaughtException', (error) => failFatally('Runtime.UncaughtException', error));

function loadHandler(): Handler {
  // NODE_OPTIONS=--enable-source-maps (set by NodejsFunction with sourceMap) is not read by a worker thread.
  if (process.env.NODE_OPTIONS?.includes('--enable-source-maps') === true) process.setSourceMapsEnabled(true);
  // The SDK inside the function talks to fauxqs's `sqs.<region>.localhost` host.
  const localhost = createRequire(data.bundlePath)(fileURLToPath(data.localhostDnsModuleUrl)) as {
    interceptLocalhostDns: () => () => void;
  };
  localhost.interceptLocalhostDns();
  const module = createRequire(data.bundlePath)(data.bundlePath) as { handler?: unknown };
  if (typeof module.handler !== 'function') {
    const error = new Error('index.handler is undefined or not exported');
    error.name = 'Runtime.HandlerNotFound';
    throw error;
  }
  return module.handler as Handler;
}

const initStart = performance.now();
let handler: Handler;
try {
  handler = loadHandler();
} catch (error) {
  post({ type: 'init-error', error: errorDocument(error, 'Runtime.ImportModuleError') });
  process.exit(1);
}
post({ type: 'ready', initDurationMs: performance.now() - initStart });

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

async function invoke(message: ToRuntimeMessage): Promise<void> {
  currentRequestId = message.requestId;
  try {
    const event: unknown = JSON.parse(message.eventJson);
    const result = await handler(event, contextFor(message.requestId, message.deadlineMs));
    // Lambda serialises the response with JSON.stringify; `undefined` becomes null.
    const payloadJson = JSON.stringify(result) ?? 'null';
    post({ type: 'result', requestId: message.requestId, payloadJson, maxMemoryUsedMB: maxMemoryUsedMB() });
  } catch (error) {
    const document = errorDocument(error);
    logInvokeError(document);
    post({ type: 'error', requestId: message.requestId, error: document, maxMemoryUsedMB: maxMemoryUsedMB(), fatal: false });
  }
  // Frozen until the next invocation, as Lambda freezes an environment after its response.
  Atomics.wait(freeze, 0, message.generation);
}

port.on('message', (message: ToRuntimeMessage) => {
  if (message.type === 'invoke') void invoke(message);
});
