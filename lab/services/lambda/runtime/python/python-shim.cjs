// The lab's bridge from a Node.js execution environment to the Python runtime loop
// (bootstrap.py): the worker requires this file as the function's handler module. At INIT it
// opens the relays boto3 reaches the lab through (aws-call-relay.cjs) and a Unix socket, and asks
// the lab's main thread to start one Python process (environment-child.ts: the main thread
// reaps it whatever becomes of this thread); the process connects to the socket and imports the
// handler (an import error fails INIT, as on Lambda), then answers each invocation handed to it
// there, one JSON line each way; what it prints comes the same way, before the answer it precedes.
'use strict';
const { mkdtempSync } = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { relayEndpoints } = require('./aws-call-relay.cjs');

/** The function's SDK endpoints, which boto3 reaches through this worker's relays. */
const ENDPOINTS = ['AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_SQS', 'AWS_ENDPOINT_URL_DYNAMODB'];

const waiting = [];
let buffered = '';
let channel;
/** The error every answer still awaited gets once the Python process is gone. */
let gone;

function read(chunk) {
  buffered += chunk.toString('utf8');
  let newline;
  while ((newline = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    const message = JSON.parse(line);
    // What the function printed, in order with its answers: logged as this worker's own output.
    if (message.log === 'stdout' || message.log === 'stderr') process[message.log].write(message.text);
    else waiting.shift()?.(message);
  }
}

/** The next line the Python process answers, or its exit. */
const next = () => (gone !== undefined ? Promise.resolve(gone) : new Promise((resolve) => waiting.push(resolve)));

function exited(message) {
  const status = message.error ?? (message.signal !== null ? `signal: ${message.signal}` : `exit status ${message.code}`);
  gone = {
    gone: true,
    errorType: message.error === undefined ? 'Runtime.ExitError' : 'Runtime.InvalidEntrypoint',
    status: `Runtime exited with error: ${status}`,
  };
  for (const resolve of waiting.splice(0)) resolve(gone);
  // The environment ends with its runtime, as on Lambda: after the invocation it failed has
  // been answered (microtasks run before this timer), not reused for the next one.
  setTimeout(() => process.exit(1), 0);
}
parentPort.on('message', (message) => {
  if (message?.type === 'child-exit') exited(message);
});

const scratch = mkdtempSync(join(tmpdir(), 'sqs-lab-py-'));
const socketPath = join(scratch, 'runtime.sock');
const server = net.createServer((socket) => {
  server.close();
  channel = socket;
  socket.on('data', read);
  socket.on('error', () => undefined);
});
const listening = new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(socketPath, resolve);
});

const started = Promise.all([relayEndpoints(process.env, ENDPOINTS), listening]).then(([relays]) => {
  parentPort.postMessage({
    type: 'spawn-child',
    command: process.env.LAB_PYTHON ?? 'python3',
    args: [join(__dirname, 'bootstrap.py')],
    environment: { ...process.env, ...relays, LAB_PYTHON_SOCKET: socketPath },
    scratch,
  });
});

/** An Error for the worker, carrying the Python runtime's own document for Invoke's answer. */
function failure(document) {
  const error = new Error(document.errorMessage);
  error.name = document.errorType;
  error.stack = `${document.errorType}: ${document.errorMessage}\n${(document.stackTrace ?? []).join('')}`;
  error.runtimeDocument = document;
  return error;
}

/** INIT: the handler imported, or the error that ends INIT. */
const ready = started.then(next).then((first) => {
  if (first.gone) throw exitFailure(first, undefined);
  if (first.init !== undefined) {
    const error = failure(first.init);
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
  event = redirected(event);
  const answered = next();
  channel?.write(
    `${JSON.stringify({
      event,
      context: {
        functionName: context.functionName,
        functionVersion: context.functionVersion,
        invokedFunctionArn: context.invokedFunctionArn,
        memoryLimitInMB: context.memoryLimitInMB,
        awsRequestId: context.awsRequestId,
        logGroupName: context.logGroupName,
        logStreamName: context.logStreamName,
        deadlineMs: Date.now() + context.getRemainingTimeInMillis(),
      },
      // The runtime worker sets it for each invocation, as Lambda's runtime API hands it over.
      traceId: process.env._X_AMZN_TRACE_ID,
    })}\n`,
  );
  const outcome = await answered;
  if (outcome.gone) throw exitFailure(outcome, context.awsRequestId);
  if (outcome.error !== undefined) {
    const error = failure(outcome.error);
    // bootstrap.py has logged it as Lambda's Python runtime does ("[ERROR] …" and the traceback).
    error.loggedByRuntime = true;
    throw error;
  }
  return outcome.result;
}

// The Handler setting names a Python function; the worker looks that name up here.
const setting = process.env._HANDLER ?? 'lambda_function.lambda_handler';
module.exports = { [setting.slice(setting.lastIndexOf('.') + 1)]: handler, ready };
