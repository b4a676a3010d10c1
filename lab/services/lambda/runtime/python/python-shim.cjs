// The lab's bridge from a Node.js execution environment to the Python runtime loop
// (bootstrap.py): the worker requires this file as the function's handler module; it starts one
// Python process at INIT (an import error fails INIT, as on Lambda), and hands each invocation
// to it, its stdout and stderr going to the function's log as they are.
'use strict';
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const python = spawn(process.env.LAB_PYTHON ?? 'python3', [join(__dirname, 'bootstrap.py')], {
  env: process.env,
  stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
});
python.stdout.on('data', (chunk) => process.stdout.write(chunk));
python.stderr.on('data', (chunk) => process.stderr.write(chunk));
process.once('exit', () => python.kill('SIGKILL'));

let buffered = '';
const waiting = [];
python.stdio[3].on('data', (chunk) => {
  buffered += chunk.toString('utf8');
  let newline;
  while ((newline = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    waiting.shift()?.(JSON.parse(line));
  }
});
const next = () => new Promise((resolve) => waiting.push(resolve));
python.once('exit', (code) => {
  for (const resolve of waiting.splice(0))
    resolve({ error: { errorType: 'Runtime.ExitError', errorMessage: `RequestId: Error: Runtime exited with error: exit status ${code}`, stackTrace: [] } });
});

function failure(document) {
  const error = new Error(document.errorMessage);
  error.name = document.errorType;
  error.stack = `${document.errorType}: ${document.errorMessage}\n${(document.stackTrace ?? []).join('')}`;
  return error;
}

/** INIT: the handler imported, or the error that ends INIT. */
const ready = next().then((first) => {
  if (first.init !== undefined) throw failure(first.init);
});

// The lab's HTTPS redirects (a custom resource's ResponseURL host → the lab's receiver on
// loopback), applied to the event's ResponseURL: Python's urllib goes through no Node.js hook.
const redirects = require('node:worker_threads').workerData?.httpsRedirects ?? {};
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
  python.stdin.write(
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
    })}\n`,
  );
  const outcome = await answered;
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
