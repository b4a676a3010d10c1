// Lambda's runtime API (https://docs.aws.amazon.com/lambda/latest/dg/runtimes-api.html) for one
// execution environment, on 127.0.0.1 in the environment's worker: the runtime process asks for
// its next invocation (`GET /2018-06-01/runtime/invocation/next`, answered with the event and the
// Lambda-Runtime-* headers when there is one), and posts its response, its error, or its INIT
// error. The Python runtime loop (bootstrap.py) speaks it, as Lambda's runtime interface client does.
//
// One thing the lab adds: a runtime may send `Lab-Log-Sync: <n>` with a post, and the post is
// taken only once the log channel has delivered the runtime's mark n (see python-shim.cjs), so
// that what the function printed is logged before its invocation ends, however the two
// connections' packets are scheduled.
'use strict';
const http = require('node:http');

const PREFIX = '/2018-06-01/runtime';
/** Lambda's limit on a synchronous response (6 MB). */
const MAX_RESPONSE_BYTES = 6 * 1024 * 1024;

/**
 * Starts the API; `logsSynced(n)` resolves once the runtime's log mark n has been logged.
 * Resolves to the API: its `address` (AWS_LAMBDA_RUNTIME_API), `initialized` (the runtime's first
 * `next`, or its INIT error), `invoke(invocation)` (its response or error), and `end(outcome)`.
 */
function startRuntimeApi(logsSynced) {
  let initialized;
  const init = new Promise((resolve) => {
    initialized = resolve;
  });
  /** The runtime's `next` request waiting for an invocation, if any. */
  let waitingNext;
  /** An invocation waiting for the runtime's `next`, if any. */
  let queued;
  /** Request id → how its invocation ends. */
  const running = new Map();
  let ended;

  const send = (response, status, document, headers = {}) => {
    const body = JSON.stringify(document);
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...headers,
    });
    response.end(body);
  };
  const deliver = (response, invocation) => {
    const body = JSON.stringify(invocation.event);
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'lambda-runtime-aws-request-id': invocation.requestId,
      'lambda-runtime-deadline-ms': String(invocation.deadlineMs),
      'lambda-runtime-invoked-function-arn': invocation.invokedFunctionArn,
      ...(invocation.traceId === undefined ? {} : { 'lambda-runtime-trace-id': invocation.traceId }),
    });
    response.end(body);
  };

  const server = http.createServer((request, response) => {
    // Only the environment's own runtime calls this port: another Host or any Origin is a web page.
    if (request.headers.host !== `127.0.0.1:${server.address().port}` || request.headers.origin !== undefined) {
      send(response, 403, { errorMessage: 'the runtime API serves only its environment', errorType: 'Forbidden' });
      return;
    }
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      void route(request, response, Buffer.concat(chunks).toString('utf8'), size);
    });
  });

  const route = async (request, response, body, size) => {
    const path = request.url ?? '';
    if (request.method === 'GET' && path === `${PREFIX}/invocation/next`) {
      initialized({ ok: true });
      if (queued !== undefined) {
        deliver(response, queued);
        queued = undefined;
      } else waitingNext = response;
      return;
    }
    const mark = Number(request.headers['lab-log-sync']);
    if (Number.isInteger(mark)) await logsSynced(mark);
    if (request.method === 'POST' && path === `${PREFIX}/init/error`) {
      initialized({ ok: false, document: parsed(body), errorType: request.headers['lambda-runtime-function-error-type'] });
      send(response, 202, { status: 'OK' });
      return;
    }
    const match = /^\/2018-06-01\/runtime\/invocation\/([^/]+)\/(response|error)$/.exec(path);
    const finish = match === null ? undefined : running.get(decodeURIComponent(match[1]));
    if (request.method !== 'POST' || match === null) {
      send(response, 404, { errorMessage: `no such runtime API path: ${request.method} ${path}`, errorType: 'InvalidRequest' });
      return;
    }
    if (finish === undefined) {
      send(response, 400, { errorMessage: 'Invalid request ID', errorType: 'InvalidRequestID' });
      return;
    }
    running.delete(decodeURIComponent(match[1]));
    if (match[2] === 'response' && size > MAX_RESPONSE_BYTES) {
      finish({ kind: 'error', document: { errorMessage: `Response payload size exceeded maximum allowed payload size (${MAX_RESPONSE_BYTES} bytes).`, errorType: 'Function.ResponseSizeTooLarge' } });
      send(response, 413, { errorMessage: 'Exceeded maximum allowed payload size', errorType: 'RequestEntityTooLarge' });
      return;
    }
    finish(match[2] === 'response' ? { kind: 'response', body } : { kind: 'error', document: parsed(body) });
    send(response, 202, { status: 'OK' });
  };

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // A runtime's `next` waits as long as the environment lives.
    server.requestTimeout = 0;
    server.keepAliveTimeout = 0;
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve({
        address: `127.0.0.1:${server.address().port}`,
        initialized: init,
        /** Hands `invocation` to the runtime; resolves to its response or error, or the environment's end. */
        invoke(invocation) {
          if (ended !== undefined) return Promise.resolve(ended);
          return new Promise((finish) => {
            running.set(invocation.requestId, finish);
            if (waitingNext !== undefined) {
              deliver(waitingNext, invocation);
              waitingNext = undefined;
            } else queued = invocation;
          });
        },
        /** The runtime is gone: whatever waits gets `outcome`. */
        end(outcome) {
          ended = outcome;
          initialized(outcome);
          for (const finish of running.values()) finish(outcome);
          running.clear();
        },
      });
    });
  });
}

function parsed(body) {
  try {
    const document = JSON.parse(body);
    return document !== null && typeof document === 'object' ? document : { errorMessage: String(document) };
  } catch {
    return { errorMessage: body, errorType: 'Runtime.Unknown' };
  }
}

module.exports = { startRuntimeApi };
