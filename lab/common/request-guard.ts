/**
 * The guard in front of every server the lab opens on loopback (lab/common/serve-on-loopback.ts
 * puts it there). A server on 127.0.0.1 is out of other machines' reach, but not out of a web
 * page's: any page the learner visits can post a form to it, send a `no-cors` fetch, frame it,
 * or rebind a DNS name of its own to 127.0.0.1 and read the answers. So, before a request
 * reaches the server's handler:
 *
 * - **Host** must name loopback (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`) with the
 *   server's own port, or with none (a browser always sends a port other than 80): a rebound
 *   name (`rebind.evil.example`) gets 403. This is the check webpack-dev-server
 *   (`allowedHosts`) and Vite added after DNS-rebinding reports.
 * - **Origin**: a request whose `Origin` is neither the server's own nor one the lab allows
 *   (lab-origins.ts) gets 403, whatever its method and content type; so does a write
 *   (not GET/HEAD) that the browser marks `Sec-Fetch-Site: cross-site` or `same-site` without an
 *   allowed Origin, and a frame load from another site. Requests without `Origin` and
 *   `Sec-Fetch-*` (the AWS SDK, the AWS CLI, curl, the CDK CLI) pass.
 * - **CORS**: the guard answers preflights itself, granting only allowed origins by name (never
 *   `*`), and removes any `Access-Control-*` header the handler writes (dynalite grants `*`).
 * - **Body size**: a declared `Content-Length` above the server's limit gets 413 before a byte of
 *   the body is read; a chunked body is counted as it arrives and cut at the limit. Either way
 *   the rest is discarded, never buffered, and the connection is closed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { labOrigins, type LabOrigins } from './lab-origins';

/**
 * Why the guard refused a request; `failure` is the server's error boundary
 * (serve-on-loopback.ts): the handler failed, and the same writer answers in the server's shape.
 */
export type GuardRefusalKind = 'host' | 'origin' | 'cross-site' | 'frame' | 'body-too-large' | 'failure';

/** A refused request, handed to the server's {@link RefusalWriter}. */
export interface GuardRefusal {
  readonly kind: GuardRefusalKind;
  readonly status: 403 | 413 | 500;
  /** One sentence a user understands (English: the lab's servers answer in English, as AWS does). */
  readonly message: string;
  /** The server's body limit (for `body-too-large`). */
  readonly limitBytes: number;
}

/**
 * Writes a refusal in the shape of the server's own errors (AWS JSON, API Gateway, the console's),
 * and in the protocol the request speaks where the server speaks several (`request`: its headers).
 */
export type RefusalWriter = (response: ServerResponse, refusal: GuardRefusal, request?: IncomingMessage) => void;

/** `{ "error": "…" }`, the console's and the deploy endpoint's error shape. */
export const jsonErrorRefusal: RefusalWriter = (response, refusal) => {
  const body = JSON.stringify({ error: refusal.message });
  response.writeHead(refusal.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
};

/** What a guard needs to know of its server. */
export interface RequestGuardOptions {
  /** What the server is (`console`, `SQS`…), for messages. */
  readonly name: string;
  /** The largest request body the server takes, in bytes. */
  readonly maxBodyBytes: number;
  /** Default {@link jsonErrorRefusal}. */
  readonly refuse?: RefusalWriter;
  /** Origins allowed cross-origin; default this thread's {@link labOrigins}. */
  readonly origins?: LabOrigins;
}

/** `hostname` (without brackets or port) is a loopback name or address. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name === '::1' || name === '[::1]') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name);
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/** Splits a Host header into hostname and port (`[::1]:8080`, `localhost:80`, `127.0.0.1`). */
export function parseHostHeader(host: string): { readonly hostname: string; readonly port: number | undefined } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host.trim());
  if (match === null) return { hostname: host, port: NaN };
  return { hostname: match[1] ?? '', port: match[2] === undefined ? undefined : Number(match[2]) };
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const FRAME_DESTINATIONS = new Set(['iframe', 'frame', 'embed', 'object']);
const UNTRUSTED_SITES = new Set(['cross-site', 'same-site']);

/** Checks requests for one server; see the module comment for the rules. */
export class RequestGuard {
  private readonly refuseWith: RefusalWriter;
  private readonly origins: LabOrigins;

  constructor(private readonly options: RequestGuardOptions) {
    this.refuseWith = options.refuse ?? jsonErrorRefusal;
    this.origins = options.origins ?? labOrigins;
  }

  /**
   * Runs the checks for a request to a server listening on `port`. Returns true when the
   * request may go on to the handler (with the body count and CORS headers installed), false
   * when the guard has answered it.
   */
  admit(request: IncomingMessage, response: ServerResponse, port: number): boolean {
    const refusal = this.refusalOf(request, port);
    if (refusal !== undefined) {
      this.refuse(request, response, refusal);
      return false;
    }
    const origin = request.headers.origin;
    const crossOrigin = origin !== undefined && !this.isOwnOrigin(request, origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      // A preflight from an allowed origin (refusalOf has refused every other): answered here.
      response.writeHead(204, {
        'access-control-allow-origin': origin ?? '',
        'access-control-allow-methods': String(request.headers['access-control-request-method']),
        'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? ''),
        'access-control-max-age': '600',
        vary: 'Origin',
      });
      response.end();
      request.resume();
      return false;
    }
    keepCorsToItself(response, crossOrigin ? origin : undefined);
    this.countBody(request, response);
    return true;
  }

  private refusalOf(request: IncomingMessage, port: number): GuardRefusal | undefined {
    const { name, maxBodyBytes } = this.options;
    const refusal = (kind: GuardRefusalKind, status: 403 | 413, message: string): GuardRefusal => ({
      kind,
      status,
      message,
      limitBytes: maxBodyBytes,
    });
    const host = request.headers.host;
    // HTTP/1.0 may omit Host (Node refuses HTTP/1.1 without one); no browser does.
    if (host !== undefined) {
      const { hostname, port: hostPort } = parseHostHeader(host);
      // A Host without a port (older SDKs leave it out) names the default port, which no browser
      // sends for a server on another port: only a loopback name is needed then.
      if (!isLoopbackHostname(hostname) || (hostPort !== port && hostPort !== undefined))
        return refusal(
          'host',
          403,
          `The lab's ${name} answers only loopback host names with its own port (localhost:${port}, 127.0.0.1:${port}); Host ${JSON.stringify(host)} is refused, as a DNS-rebinding guard.`,
        );
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !this.isOwnOrigin(request, origin) && !this.allowsOrigin(origin))
      return refusal(
        'origin',
        403,
        `The lab's ${name} does not answer requests from the web origin ${JSON.stringify(origin)}; add it to LAB_EXTRA_CORS_ALLOWED_ORIGINS to allow it.`,
      );
    const site = String(request.headers['sec-fetch-site'] ?? '');
    if (UNTRUSTED_SITES.has(site) && origin === undefined) {
      if (!SAFE_METHODS.has(request.method ?? ''))
        return refusal('cross-site', 403, `The lab's ${name} refuses a write sent by another site's page.`);
      if (FRAME_DESTINATIONS.has(String(request.headers['sec-fetch-dest'] ?? '')))
        return refusal('frame', 403, `The lab's ${name} may not be framed by another site's page.`);
    }
    const declared = request.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBodyBytes)
      return refusal('body-too-large', 413, bodyTooLarge(name, maxBodyBytes));
    return undefined;
  }

  private isOwnOrigin(request: IncomingMessage, origin: string): boolean {
    // The Host header has passed the loopback check, so this is the server's own origin.
    return (
      request.headers.host !== undefined && origin.toLowerCase() === `http://${request.headers.host.toLowerCase()}`
    );
  }

  private allowsOrigin(origin: string): boolean {
    try {
      return this.origins.allows(origin);
    } catch {
      // A malformed LAB_EXTRA_CORS_ALLOWED_ORIGINS (the CLIs refuse it at start) allows nothing.
      return false;
    }
  }

  /** Counts a body without Content-Length as it arrives; past the limit, refuses and stops reading. */
  private countBody(request: IncomingMessage, response: ServerResponse): void {
    if (request.headers['content-length'] !== undefined) return;
    const limit = this.options.maxBodyBytes;
    const push = request.push.bind(request);
    let received = 0;
    // Node's HTTP parser hands each body chunk to `push` (node:_http_common, parserOnBody):
    // counting there sees the body without consuming it before the handler does.
    request.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
      if (chunk !== null && chunk !== undefined) {
        received += (chunk as Buffer).length;
        if (received > limit) {
          request.push = () => false;
          this.refuse(request, response, {
            kind: 'body-too-large',
            status: 413,
            message: bodyTooLarge(this.options.name, limit),
            limitBytes: limit,
          });
          return false;
        }
      }
      return push(chunk, encoding);
    };
  }

  private refuse(request: IncomingMessage, response: ServerResponse, refusal: GuardRefusal): void {
    if (refusal.kind === 'body-too-large') {
      // Node would destroy the socket as soon as the answer is written (when the client asked for
      // `Connection: close`), resetting a sender that is still sending: the lab closes it instead.
      response.shouldKeepAlive = true;
      response.once('finish', () => closeAfterGrace(request));
    } else request.resume();
    if (response.headersSent) {
      response.end();
      return;
    }
    this.refuseWith(response, refusal, request);
  }
}

function bodyTooLarge(name: string, limit: number): string {
  return `The lab's ${name} takes request bodies up to ${limit} bytes; this one is larger.`;
}

/** How long a refused sender may go on sending (discarded) before its connection is cut. */
const CLOSE_GRACE_MS = 2000;

/**
 * Ends a connection whose body was refused. Closing at once would reset it while the sender is
 * still sending, and a reset can destroy the 413 before the sender reads it; so the server
 * sends FIN after the answer, discards what still arrives (nothing is buffered), and cuts the
 * connection after a short grace.
 */
function closeAfterGrace(request: IncomingMessage): void {
  const socket = request.socket;
  socket.end();
  const timer = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

const CORS_HEADER = /^access-control-/i;

/**
 * Drops every `Access-Control-*` header the handler sets, and adds the guard's own grant for
 * `origin` (an allowed cross-origin caller) or none.
 */
function keepCorsToItself(response: ServerResponse, origin: string | undefined): void {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = ((name: string, value: number | string | readonly string[]) =>
    CORS_HEADER.test(name) ? response : setHeader(name, value)) as ServerResponse['setHeader'];
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((status: number, ...rest: unknown[]) => {
    const args = rest.map((arg) => (typeof arg === 'object' && arg !== null ? withoutCors(arg) : arg));
    return writeHead(status, ...args);
  }) as ServerResponse['writeHead'];
  if (origin !== undefined) {
    setHeader('access-control-allow-origin', origin);
    setHeader('access-control-expose-headers', 'x-amzn-requestid, x-amzn-errortype, x-amz-request-id');
    setHeader('vary', 'Origin');
  }
}

function withoutCors(headers: object): object {
  if (Array.isArray(headers)) {
    // Raw [name, value, name, value…] pairs.
    const kept: unknown[] = [];
    for (let index = 0; index < headers.length; index += 2)
      if (!CORS_HEADER.test(String(headers[index]))) kept.push(headers[index], headers[index + 1]);
    return kept;
  }
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CORS_HEADER.test(name)));
}
