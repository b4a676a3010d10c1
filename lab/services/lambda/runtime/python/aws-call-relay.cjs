// The loopback relay a Python function's AWS calls go through, so that they pass the same gate as
// a Node.js function's (count → IAM → faults, aws-request-interceptor.ts): boto3 is pointed at a
// relay on 127.0.0.1 in the function's own worker, and the relay sends each request on through
// this worker's `http.request`, where the lab's interceptor holds every JSON-protocol call (SQS,
// DynamoDB, and the lab endpoint's JSON services) until the gate decides. A refused call is
// answered with AWS's error response, which botocore parses into its ClientError. Other requests
// (S3's REST calls) pass through unchanged, as a Node.js function's do.
'use strict';
const http = require('node:http');

/** Headers that belong to one connection, not to the request the relay sends on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/**
 * Starts one relay per distinct http endpoint among `names` of `environment`; resolves to the
 * variables to give the Python process instead (`{ AWS_ENDPOINT_URL_SQS: 'http://127.0.0.1:41234' }`).
 */
async function relayEndpoints(environment, names) {
  const relays = new Map();
  const overrides = {};
  for (const name of names) {
    let target;
    try {
      target = new URL(environment[name] ?? '');
    } catch {
      continue;
    }
    if (target.protocol !== 'http:') continue;
    if (!relays.has(target.origin)) relays.set(target.origin, startRelay(target));
    overrides[name] = await relays.get(target.origin);
  }
  return overrides;
}

/** A relay to `target` on a free loopback port; resolves to its URL. */
function startRelay(target) {
  return new Promise((resolve, reject) => {
    const server = http.createServer((request, response) => relay(server, target, request, response));
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      // The relay lives as long as the function's worker, and keeps nothing of it alive.
      server.unref();
      resolve(`http://127.0.0.1:${server.address().port}`);
    });
  });
}

function relay(server, target, request, response) {
  // Only the function's own Python calls this port: a web page's request (another Host, an
  // Origin) is refused, as the lab's own servers refuse it.
  if (request.headers.host !== `127.0.0.1:${server.address().port}` || request.headers.origin !== undefined) {
    refuse(response, 403, 'the relay of a Python function serves only that function');
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('error', () => response.destroy());
  request.on('end', () => {
    const headers = { ...request.headers, host: target.host };
    for (const name of HOP_BY_HOP) delete headers[name];
    let answered = false;
    const onward = http.request(
      { hostname: target.hostname, port: target.port, method: request.method, path: request.url, headers },
      (answer) => {
        answered = true;
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    // A request the gate answered is discarded after its answer (aws-request-interceptor.ts `answer`).
    onward.on('error', (error) => {
      if (!answered) refuse(response, 502, `the lab did not answer: ${error.message}`);
    });
    // One end(body): the call the lab's interceptor holds until the gate decides.
    onward.end(Buffer.concat(chunks));
  });
}

function refuse(response, status, message) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

module.exports = { relayEndpoints };
