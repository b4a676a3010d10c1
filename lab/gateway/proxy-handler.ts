/**
 * A service the lab already serves on its own port (SQS on fauxqs behind the lab's fidelity
 * layer, DynamoDB on dynalite, Logs), reached through the one endpoint: the request is passed on
 * unchanged but for its Host, and the answer comes back unchanged.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { GatewayHandler, GatewayRequest, GatewayResponse } from './gateway-handler';

/**
 * Headers that belong to one connection, not to the request (RFC 9110, section 7.6.1), and the
 * two a proxy writes itself (Host, Content-Length).
 */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

/** A {@link GatewayHandler} passing `signingName`'s requests to `upstream` (`http://127.0.0.1:<port>`). */
export function proxyHandler(signingName: string, upstream: string): GatewayHandler {
  const target = new URL(upstream);
  // Connections to the service are kept open between requests (Node unreferences idle ones, so
  // they never hold the process open): a new connection per call cost the SQS batch path a tenth
  // of its rate in the bench.
  const agent = new Agent({ keepAlive: true });
  return {
    signingName,
    handle: (request) => forward(target, request, agent),
  };
}

function forward(upstream: URL, request: GatewayRequest, agent: Agent): Promise<GatewayResponse> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  headers['content-length'] = String(request.body.length);
  const search = request.query.toString();
  return new Promise<GatewayResponse>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        agent,
        method: request.method,
        path: `${request.path}${search === '' ? '' : `?${search}`}`,
        headers: { ...headers, host: upstream.host },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const answer: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers))
            if (value !== undefined && !HOP_BY_HOP.has(name))
              answer[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({ status: incoming.statusCode ?? 502, headers: answer, body: Buffer.concat(chunks) });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
