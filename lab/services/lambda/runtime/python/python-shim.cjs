// The lab's bridge from a Node.js execution environment to the Python runtime loop
// (bootstrap.py): the worker requires this file as the function's handler module. At INIT it
// opens the relays boto3 reaches the lab through (aws-call-relay.cjs), Lambda's runtime API
// (runtime-api.cjs) and a Unix socket for the function's output, and asks the lab's main thread
// to start one Python process (environment-child.ts: the main thread reaps it whatever becomes of
// this thread). The process imports the handler and asks the runtime API for invocations, as on
// Lambda (an import error fails INIT); what it prints comes over the socket, each post to the
// runtime API waiting for the output written before it (its log mark).
'use strict';
const { mkdtempSync } = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { relayEndpoints } = require('./aws-call-relay.cjs');
const { startRuntimeApi } = require('./runtime-api.cjs');

/** The function's SDK endpoints, which boto3 reaches through this worker's relays. */
const ENDPOINTS = ['AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_SQS', 'AWS_ENDPOINT_URL_DYNAMODB'];

/** The log channel's text not yet ended by a newline, and the runtime's last log mark read. */
let buffered = '';
let markRead = 0;
const markWaiters = [];

/** Reads the log channel: what the function printed, and the runtime's log marks. */
function read(chunk) {
  buffered += chunk.toString('utf8');
  let newline;
  while ((newline = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    const message = JSON.parse(line);
    // Logged as this worker's own output, in the order it was written.
    if (message.log === 'stdout' || message.log === 'stderr') process[message.log].write(message.text);
    else if (typeof message.sync === 'number') {
      markRead = message.sync;
      for (const waiter of markWaiters.splice(0)) {
        if (waiter.mark <= markRead) waiter.resolve();
        else markWaiters.push(waiter);
      }
    }
  }
}

/** Resolves once the log channel has delivered mark `mark` (everything printed before it is logged). */
function logsSynced(mark) {
  if (mark <= markRead || gone !== undefined) return Promise.resolve();
  return new Promise((resolve) => markWaiters.push({ mark, resolve }));
}

/** How an invocation or INIT ends once the runtime process is gone. */
let gone;

const scratch = mkdtempSync(join(tmpdir(), 'sqs-lab-py-'));
const socketPath = join(scratch, 'logs.sock');
const server = net.createServer((socket) => {
  server.close();
  socket.on('data', read);
  socket.on('error', () => undefined);
});
const listening = new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(socketPath, resolve);
});

const apiStarted = startRuntimeApi(logsSynced);

function exited(message) {
  const status = message.error ?? (message.signal !== null ? `signal: ${message.signal}` : `exit status ${message.code}`);
  gone = {
    kind: 'gone',
    errorType: message.error === undefined ? 'Runtime.ExitError' : 'Runtime.InvalidEntrypoint',
    status: `Runtime exited with error: ${status}`,
  };
  for (const waiter of markWaiters.splice(0)) waiter.resolve();
  void apiStarted.then((api) => api.end(gone));
  // The environment ends with its runtime, as on Lambda: after the invocation it failed has
  // been answered (microtasks run before this timer), not reused for the next one.
  setTimeout(() => process.exit(1), 0);
}
parentPort.on('message', (message) => {
  if (message?.type === 'child-exit') exited(message);
});

const started = Promise.all([relayEndpoints(process.env, ENDPOINTS), listening, apiStarted]).then(
  ([relays, , api]) => {
    const { LAB_PYTHON: python = 'python3', ...environment } = process.env;
    parentPort.postMessage({
      type: 'spawn-child',
      command: python,
      args: [join(__dirname, 'bootstrap.py')],
      environment: { ...environment, ...relays, AWS_LAMBDA_RUNTIME_API: api.address, LAB_PYTHON_LOG_SOCKET: socketPath },
      cwd: process.env.LAMBDA_TASK_ROOT,
      scratch,
    });
    return api;
  },
);

/** An Error for the worker, carrying the Python runtime's own document for Invoke's answer. */
function failure(document) {
  const error = new Error(document.errorMessage);
  error.name = document.errorType;
  error.stack = `${document.errorType}: ${document.errorMessage}\n${(document.stackTrace ?? []).join('')}`;
  error.runtimeDocument = document;
  return error;
}

/** INIT: ends when the runtime first asks for an invocation, or with the error it posts. */
const ready = started.then(async (api) => {
  const outcome = await api.initialized;
  if (outcome.kind === 'gone') throw exitFailure(outcome, undefined);
  if (outcome.ok === false) {
    const error = failure(outcome.document);
    // bootstrap.py has logged it as Lambda's Python runtime does (LAMBDA_WARNING and "[ERROR] …").
    error.loggedByRuntime = true;
    throw error;
  }
});

/** Lambda's error when the runtime process is gone (`RequestId: … Error: Runtime exited with error: …`). */
function exitFailure(exit, requestId) {
  const error = new Error(requestId === undefined ? exit.status : `RequestId: ${requestId} Error: ${exit.status}`);
  error.name = exit.errorType;
  return error;
}

// The lab's HTTPS redirects (a custom resource's ResponseURL host → the lab's receiver on
// loopback), applied to the event's ResponseURL: Python's urllib goes through no Node.js hook.
const redirects = workerData?.httpsRedirects ?? {};
function redirected(event) {
  if (event === null || typeof event !== 'object' || typeof event.ResponseURL !== 'string') return event;
  const url = new URL(event.ResponseURL);
  const target = url.protocol === 'https:' ? redirects[url.hostname] : undefined;
  if (target === undefined) return event;
  return { ...event, ResponseURL: `http://${target.host}:${target.port}${url.pathname}${url.search}` };
}

async function handler(event, context) {
  await ready;
  const api = await started;
  const outcome = await api.invoke({
    requestId: context.awsRequestId,
    event: redirected(event),
    deadlineMs: Date.now() + context.getRemainingTimeInMillis(),
    invokedFunctionArn: context.invokedFunctionArn,
    // The runtime worker sets it for each invocation; the runtime API hands it over as Lambda-Runtime-Trace-Id.
    traceId: process.env._X_AMZN_TRACE_ID,
  });
  if (outcome.kind === 'gone') throw exitFailure(outcome, context.awsRequestId);
  if (outcome.kind === 'error') {
    const error = failure(outcome.document);
    // bootstrap.py has logged it as Lambda's Python runtime does ("[ERROR] …" and the traceback).
    error.loggedByRuntime = true;
    throw error;
  }
  return JSON.parse(outcome.body);
}

// The Handler setting names a Python function; the worker looks that name up here.
const setting = process.env._HANDLER ?? 'lambda_function.lambda_handler';
module.exports = { [setting.slice(setting.lastIndexOf('.') + 1)]: handler, ready };
