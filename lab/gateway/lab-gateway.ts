/**
 * The lab's one endpoint (`LocalLab.EndpointUrl`): the AWS CLI and the CDK CLI, with
 * `AWS_ENDPOINT_URL` set to it, send every service's calls here, as they would send them to
 * AWS's regional endpoints, and the endpoint passes each to the service its signature names
 * (service-router.ts). It opens through serveOnLoopback, behind the lab's request guard.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveOnLoopback } from '../common/serve-on-loopback';
import type { GatewayHandler, GatewayRequest, GatewayResponse } from './gateway-handler';
import { jsonError } from './protocols/json-protocol';
import { routeRequest } from './service-router';

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

/** Starts the endpoint with `handlers`. */
export async function startLabGateway(
  handlers: readonly GatewayHandler[],
  options: { readonly preferredPort?: number } = {},
): Promise<LabGateway> {
  const bySigningName = new Map(handlers.map((handler) => [handler.signingName, handler]));
  let origin = '';
  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      answer(request, Buffer.concat(chunks))
        .catch((error: unknown) =>
          jsonError(
            'InternalFailure',
            `the lab's endpoint failed: ${error instanceof Error ? error.message : String(error)}`,
            500,
          ),
        )
        .then(
          (answered) => write(response, answered),
          () => undefined,
        );
    });
  };
  const answer = async (request: IncomingMessage, body: Buffer): Promise<GatewayResponse> => {
    const url = new URL(request.url ?? '/', 'http://lab');
    const routed = routeRequest(request.headers, url.searchParams);
    const handler = routed.signingName === undefined ? undefined : bySigningName.get(routed.signingName);
    if (handler === undefined)
      return jsonError(
        'UnknownServiceException',
        routed.signingName === undefined
          ? `the lab's endpoint could not tell which service this request is for: sign it with SigV4 (the AWS CLI and SDKs do); it serves ${[...bySigningName.keys()].sort().join(', ')}`
          : `the lab's endpoint does not serve ${routed.signingName}; it serves ${[...bySigningName.keys()].sort().join(', ')}`,
        400,
      );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const gatewayRequest: GatewayRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
      region: routed.region,
      origin,
    };
    return handler.handle(gatewayRequest);
  };
  const server = await serveOnLoopback(handle, {
    name: 'AWS endpoint',
    maxBodyBytes: GATEWAY_MAX_REQUEST_BYTES,
    ...(options.preferredPort === undefined ? {} : { preferredPort: options.preferredPort }),
    refuse: (response, refusal) =>
      write(
        response,
        jsonError(
          refusal.kind === 'body-too-large' ? 'RequestEntityTooLarge' : 'AccessDeniedException',
          refusal.message,
          refusal.status,
        ),
      ),
  });
  origin = server.origin;
  return {
    url: server.origin,
    port: server.port,
    serve: (handler) => {
      bySigningName.set(handler.signingName, handler);
    },
    stop: () => server.stop(),
  };
}

function write(response: ServerResponse, answer: GatewayResponse): void {
  const body = answer.body ?? '';
  // A HEAD answer (S3's HeadObject) keeps the length its handler gave: the object's, not the empty body's.
  const length =
    body.length === 0 && answer.headers?.['content-length'] !== undefined
      ? answer.headers['content-length']
      : String(Buffer.byteLength(body));
  response.writeHead(answer.status, { ...answer.headers, 'content-length': length });
  response.end(body);
}
