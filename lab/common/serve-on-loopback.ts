/**
 * The one way the lab opens a server: HTTP on 127.0.0.1 only, behind the {@link RequestGuard}
 * (Host, Origin, CORS, body size), with short header and request timeouts so half-open
 * connections cannot pile up. On the port a previous run used when it is free (a restarted lab
 * keeps its URLs), else on one the OS picks. `npm run lint` refuses `.listen(` anywhere else in
 * lab/ and bench/, so no server can skip the guard.
 *
 * Every request also passes an error boundary: a handler that throws, or whose promise rejects,
 * gets a 500 in the server's own shape (its refusal writer, kind `failure`) and a line in the
 * lab's log (server-fault.ts); a client that leaves mid-answer is a normal event (the errors of
 * its request and response are its own loss). The server, and the state behind it, go on.
 */
import { createServer, type IncomingMessage, type RequestListener, Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonErrorRefusal, RequestGuard, type RequestGuardOptions } from './request-guard';
import { faultSummary, reportServerFault } from './server-fault';

/** The address every lab server binds: loopback, never `0.0.0.0`. */
export const LOOPBACK_ADDRESS = '127.0.0.1';

/** How long a client may take to send its headers, and its whole request, before a 408. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 60_000;
/** How often Node looks for connections past those timeouts (its default is 30 s). */
const CHECKING_INTERVAL_MS = 1000;

/** What {@link serveOnLoopback} needs beside the handler. */
export interface ServeOnLoopbackOptions extends RequestGuardOptions {
  /** The port to try first (0 or absent: one the OS picks). */
  readonly preferredPort?: number;
}

/** A running lab server. */
export interface LoopbackServer {
  readonly server: Server;
  readonly port: number;
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly origin: string;
  /** Stops listening and closes every connection, open or idle. */
  stop(): Promise<void>;
}

/**
 * Serves `handler` on 127.0.0.1 behind the guard. `handler` may also be a server that an
 * emulator built without listening (dynalite closes its database in its own `close`): its request
 * listeners are moved behind the guard and it listens on loopback.
 */
export async function serveOnLoopback(
  handler: RequestListener | Server,
  options: ServeOnLoopbackOptions,
): Promise<LoopbackServer> {
  const guard = new RequestGuard(options);
  let port = 0;
  let server: Server;
  let handle: RequestListener;
  if (handler instanceof Server) {
    server = handler;
    const listeners = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    handle = (request, response) => {
      for (const listener of listeners) listener.call(server, request, response);
    };
    server.headersTimeout = HEADERS_TIMEOUT_MS;
    server.requestTimeout = REQUEST_TIMEOUT_MS;
    // Read when the server starts listening (node:_http_server, setupConnectionsTracking).
    (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = CHECKING_INTERVAL_MS;
  } else {
    server = createServer({
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: CHECKING_INTERVAL_MS,
    });
    handle = handler;
  }
  const fail = (request: IncomingMessage, response: ServerResponse, error: unknown): void => {
    // A client that left took its answer with it: its own loss, not the server's fault.
    if (request.socket.destroyed) {
      response.destroy();
      return;
    }
    reportServerFault({ server: options.name, method: request.method, path: request.url ?? '', error });
    if (response.headersSent || response.destroyed) {
      response.destroy();
      return;
    }
    try {
      (options.refuse ?? jsonErrorRefusal)(
        response,
        {
          kind: 'failure',
          status: 500,
          message: `The lab's ${options.name} failed to answer this request (${faultSummary(error)}); it goes on serving.`,
          limitBytes: options.maxBodyBytes,
        },
        request,
      );
    } catch {
      response.destroy();
    }
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // A client that leaves (Ctrl-C, a timeout, a reset) fails its own streams, never the server.
    request.on('error', ignore);
    response.on('error', ignore);
    try {
      if (!guard.admit(request, response, port)) return;
      // A listener may be async although Node's type says void: its rejection is caught too.
      const result: unknown = handle(request, response);
      if (result instanceof Promise) result.catch((error: unknown) => fail(request, response, error));
    } catch (error) {
      fail(request, response, error);
    }
  });
  await listen(server, options.preferredPort ?? 0);
  port = (server.address() as AddressInfo).port;
  let stopped: Promise<void> | undefined;
  return {
    server,
    port,
    origin: `http://${LOOPBACK_ADDRESS}:${port}`,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}

function ignore(): void {}

async function listen(server: Server, preferredPort: number): Promise<void> {
  const attempt = (port: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      server.once('error', onError);
      server.listen(port, LOOPBACK_ADDRESS, () => {
        server.off('error', onError);
        resolve();
      });
    });
  try {
    await attempt(preferredPort);
  } catch (error) {
    if (preferredPort === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await attempt(0);
  }
}
