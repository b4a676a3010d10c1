/**
 * The lab's one endpoint's listener in front of the SQS emulator, in the emulator's own thread
 * (lab/emulators/): an SQS JSON call (`X-Amz-Target: AmazonSQS.*`, signed for
 * `sqs` or unsigned) is handed in-process to fauxqs's request listener, the very listener the
 * emulator's own port serves; every other request (the other services, and SQS's form-encoded
 * query protocol, which the `sqs` GatewayHandler answers) is streamed to the endpoint's router
 * in the lab's main thread (lab-gateway.ts) and its answer streamed back.
 *
 * Why here: the bench's SQS batch loops (bench/sections/endpoint-overhead.ts) run their client
 * in the main thread, which sets their pace; read whole and sent again from there, every SQS call
 * was parsed and written twice on that thread, and the endpoint cost the batch path about a
 * third of its rate. Served here, an SQS call costs the main thread what a call to the
 * emulator's own port costs it.
 *
 * Every request passes the same guard as before (serveOnLoopback: Host, Origin, body size), with
 * the endpoint's limits and error answers; an SQS call whose body is larger than the emulator
 * takes, or has no declared length, goes the long way, so that the emulator's own guard answers
 * it as it did.
 */
import {
  Agent,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
  request as httpRequest,
} from 'node:http';
import { pipeline } from 'node:stream';
import { splitRequestTarget } from '../common/request-target';
import { type LoopbackServer, serveOnLoopback } from '../common/serve-on-loopback';
import { GATEWAY_MAX_REQUEST_BYTES } from './lab-gateway';
import { jsonError } from './protocols/json-protocol';
import { HOP_BY_HOP } from './proxy-handler';
import { routeRequest } from './service-router';
import { gatewayRefusal, writeGatewayResponse } from './write-gateway-response';

/** What the front needs of the SQS emulator and of the endpoint's router. */
export interface EndpointFrontOptions {
  /** fauxqs's request listener (behind the lab's fidelity layer), as the emulator's own port serves it. */
  readonly sqs: RequestListener;
  /** The emulator's own `127.0.0.1:<port>`: the Host fauxqs is shown, as the proxy showed it (queue URLs name it). */
  readonly sqsHost: string;
  /** The largest body the emulator takes; a larger one goes the long way (see the module comment). */
  readonly sqsMaxBodyBytes: number;
  /** The endpoint's router in the main thread, `http://127.0.0.1:<port>`. */
  readonly behind: string;
  /** The endpoint's port to try first (0: one the OS picks). */
  readonly preferredPort: number;
}

/**
 * Headers the front's guard has already judged; the router's own guard would judge them against
 * its internal port and refuse the endpoint's own origin. The front's guard writes the CORS answer.
 */
const JUDGED_BY_THE_FRONT = new Set(['origin', 'sec-fetch-site', 'sec-fetch-dest', 'sec-fetch-mode', 'sec-fetch-user']);

/**
 * Whether `request` is an SQS JSON call the main thread's router would pass to `sqs` unchanged:
 * an `AmazonSQS.*` target in a JSON body of a declared length up to `maxBodyBytes`, signed for
 * `sqs` or unsigned (service-router.ts decides, as in the main thread).
 */
export function takesSqsFastPath(request: IncomingMessage, maxBodyBytes: number): boolean {
  const { headers } = request;
  const target = headers['x-amz-target'];
  if (typeof target !== 'string' || !target.startsWith('AmazonSQS.')) return false;
  if (!headers['content-type']?.startsWith('application/x-amz-json')) return false;
  const length = headers['content-length'];
  if (length === undefined || !(Number(length) <= maxBodyBytes)) return false;
  return routeRequest(headers, splitRequestTarget(request.url).query).signingName === 'sqs';
}

/** Opens the endpoint's listener on loopback, behind the guard; `stop()` closes it. */
export async function serveEndpointFront(options: EndpointFrontOptions): Promise<LoopbackServer> {
  const behind = new URL(options.behind);
  // Connections to the router stay open between requests, as the proxies' do (proxy-handler.ts).
  const agent = new Agent({ keepAlive: true });
  const server = await serveOnLoopback(
    (request, response) => {
      if (takesSqsFastPath(request, options.sqsMaxBodyBytes)) {
        request.headers.host = options.sqsHost;
        options.sqs(request, response);
      } else forward(behind, agent, request, response);
    },
    {
      name: 'AWS endpoint',
      maxBodyBytes: GATEWAY_MAX_REQUEST_BYTES,
      preferredPort: options.preferredPort,
      refuse: gatewayRefusal,
    },
  );
  return {
    ...server,
    async stop() {
      await server.stop();
      agent.destroy();
    },
  };
}

/** Streams `request` to the router and its answer back. */
function forward(behind: URL, agent: Agent, request: IncomingMessage, response: ServerResponse): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined && !HOP_BY_HOP.has(name) && !JUDGED_BY_THE_FRONT.has(name)) headers[name] = value;
  const length = request.headers['content-length'];
  // Without a declared length Node sends the body chunked, as it arrived.
  if (length !== undefined) headers['content-length'] = length;
  const outgoing = httpRequest(
    {
      host: behind.hostname,
      port: behind.port,
      agent,
      method: request.method,
      path: request.url,
      headers: { ...headers, host: behind.host },
    },
    (incoming) => {
      if (response.headersSent || response.destroyed) {
        // The guard has refused the body meanwhile (too large, counted as it arrived), or the
        // client has left (Ctrl-C, a timeout): nobody reads this answer.
        incoming.resume();
        return;
      }
      const answer: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(incoming.headers))
        if (value !== undefined && (name === 'content-length' || !HOP_BY_HOP.has(name))) answer[name] = value;
      response.writeHead(incoming.statusCode ?? 502, answer);
      pipeline(incoming, response, () => undefined);
    },
  );
  outgoing.on('error', (error) => {
    if (response.headersSent || response.destroyed) response.destroy();
    else
      writeGatewayResponse(
        response,
        jsonError('InternalFailure', `the lab's endpoint could not reach its router: ${error.message}`, 502),
      );
  });
  // A client that leaves mid-request ends the request to the router too, never the thread.
  pipeline(request, outgoing, () => undefined);
  response.once('close', () => {
    if (!response.writableFinished) outgoing.destroy();
  });
}
