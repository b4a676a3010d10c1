/**
 * The lab's one endpoint (`LocalLab.EndpointUrl`): the AWS CLI and the CDK CLI, with
 * `AWS_ENDPOINT_URL` set to it, send every service's calls here, as they would send them to
 * AWS's regional endpoints, and the endpoint passes each to the service its signature names
 * (service-router.ts). It opens through serveOnLoopback, behind the lab's request guard.
 *
 * With the lab's emulators, the endpoint listens in front of the SQS emulator, in its thread
 * (endpoint-front.ts): SQS JSON calls are answered there, and everything else comes to this
 * router, which then listens on a port of its own that only the front uses.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { splitRequestTarget } from '../common/request-target';
import { LOOPBACK_ADDRESS, serveOnLoopback } from '../common/serve-on-loopback';
import type { GatewayHandler, GatewayRequest, GatewayResponse } from './gateway-handler';
import { jsonError } from './protocols/json-protocol';
import { queryError } from './protocols/query-protocol';
import { routeRequest } from './service-router';
import { gatewayRefusal, writeGatewayResponse } from './write-gateway-response';

/** The largest request the endpoint reads: an asset upload (the CDK CLI goes multipart above 5 MB). */
export const GATEWAY_MAX_REQUEST_BYTES = 64 * 1024 * 1024;

/** A running endpoint. */
export interface LabGateway {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Adds (or replaces) the service that answers `handler.signingName`. */
  serve(handler: GatewayHandler): void;
  stop(): Promise<void>;
}

/** An open endpoint front (endpoint-front.ts). */
export interface OpenEndpointFront {
  readonly port: number;
  stop(): Promise<void>;
}

/** Opens the endpoint's listener in front of the SQS emulator (the lab's emulators do: lab/emulators/emulators.ts). */
export interface EndpointFrontHost {
  /** Listens on `preferredPort` (or one the OS picks), passing what is not SQS JSON to `behind`. */
  openEndpointFront(behind: string, preferredPort: number): Promise<OpenEndpointFront>;
}

/** How to start the endpoint. */
export interface LabGatewayOptions {
  readonly preferredPort?: number;
  /** Listen in front of the SQS emulator (see the module comment); without it, here. */
  readonly front?: EndpointFrontHost;
}

/**
 * The answer to a request for a service the endpoint does not serve, in the request's protocol:
 * XML for a form-encoded query call (SNS, SES…, whose SDK parses only XML), else JSON; it names the
 * service and the ones the lab serves. Never passed on: a function's call to it stays in the lab.
 */
function unknownService(
  request: IncomingMessage,
  signingName: string | undefined,
  served: readonly string[],
): GatewayResponse {
  const message =
    signingName === undefined
      ? `the lab's endpoint could not tell which service this request is for: sign it with SigV4 (the AWS CLI and SDKs do); it serves ${served.join(', ')}`
      : `the lab's endpoint does not serve ${signingName}; it serves ${served.join(', ')}`;
  const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') === true;
  return form
    ? queryError('UnknownServiceException', message, 400)
    : jsonError('UnknownServiceException', message, 400);
}

/** Starts the endpoint with `handlers`. */
export async function startLabGateway(
  handlers: readonly GatewayHandler[],
  options: LabGatewayOptions = {},
): Promise<LabGateway> {
  const bySigningName = new Map(handlers.map((handler) => [handler.signingName, handler]));
  let origin = '';
  // Errors past this point are serveOnLoopback's: a failed answer becomes a 500 and a log line.
  const handle = (request: IncomingMessage, response: ServerResponse): Promise<void> =>
    new Promise<Buffer | undefined>((resolve) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks)));
      // A client that leaves before its body is whole (Ctrl-C, a timeout) is owed nothing; after
      // 'end', these resolve nothing more.
      request.on('error', () => resolve(undefined));
      request.on('close', () => resolve(undefined));
    }).then(async (body) => {
      if (body === undefined) return;
      const answered = await answer(request, body);
      // A client that left meanwhile has nobody to read the answer.
      if (!response.destroyed) writeGatewayResponse(response, answered);
    });
  const answer = async (request: IncomingMessage, body: Buffer): Promise<GatewayResponse> => {
    // The path exactly as sent: an S3 key may hold `..` or `//` (request-target.ts).
    const target = splitRequestTarget(request.url);
    const routed = routeRequest(request.headers, target.query);
    const handler = routed.signingName === undefined ? undefined : bySigningName.get(routed.signingName);
    if (handler === undefined) return unknownService(request, routed.signingName, [...bySigningName.keys()].sort());
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const gatewayRequest: GatewayRequest = {
      method: request.method ?? 'GET',
      path: target.path,
      query: target.query,
      headers,
      body,
      region: routed.region,
      origin,
    };
    return handler.handle(gatewayRequest);
  };
  const { front } = options;
  const router = await serveOnLoopback(handle, {
    name: 'AWS endpoint',
    maxBodyBytes: GATEWAY_MAX_REQUEST_BYTES,
    // Behind a front, the router's port is the front's business only: the preferred port is the front's.
    ...(options.preferredPort === undefined || front !== undefined ? {} : { preferredPort: options.preferredPort }),
    refuse: gatewayRefusal,
  });
  let listening: OpenEndpointFront = router;
  if (front !== undefined) {
    try {
      listening = await front.openEndpointFront(router.origin, options.preferredPort ?? 0);
    } catch (error) {
      await router.stop();
      throw error;
    }
  }
  origin = `http://${LOOPBACK_ADDRESS}:${listening.port}`;
  return {
    url: origin,
    port: listening.port,
    serve: (handler) => {
      bySigningName.set(handler.signingName, handler);
    },
    async stop() {
      if (listening !== router) await listening.stop();
      await router.stop();
    },
  };
}
