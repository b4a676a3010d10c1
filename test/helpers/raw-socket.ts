/**
 * Requests written byte by byte on a TCP socket to loopback, for what an HTTP client would not
 * send: a path as given (`///?x`, `/a/../b`, never normalised), junk after a request, a body cut
 * halfway, a client that leaves before the answer. Each request is bounded in time, and closes.
 */
import { connect } from 'node:net';

/** How a request is sent. */
export type RawMode =
  /** Whole, with `Connection: close`: an answer is owed. */
  | 'complete'
  /** Whole, then junk bytes on the same connection: an answer to the request is still owed. */
  | 'junk-after'
  /** The headers and half the declared body, then the socket is destroyed: no answer is owed. */
  | 'half-body'
  /** Whole, then the socket is destroyed at once, before any answer (a client's Ctrl-C). */
  | 'leave';

/** One request. */
export interface RawSocketRequest {
  readonly port: number;
  readonly method: string;
  /** Sent as it is in the request line. */
  readonly path: string;
  /** Header lines; `host` defaults to `127.0.0.1:<port>`. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly mode: RawMode;
}

/** What came back: undefined when nothing did (the connection closed without an answer). */
export interface RawSocketAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** How long one request may take before the client gives up (an answer owed and missing is then reported). */
export const RAW_REQUEST_TIMEOUT_MS = 5000;

/** Sends `request` on a new connection to 127.0.0.1; resolves with the first answer, if any. */
export function sendRaw(request: RawSocketRequest): Promise<RawSocketAnswer | undefined> {
  const headers: Record<string, string> = {
    host: `127.0.0.1:${request.port}`,
    connection: 'close',
    'content-length': String(request.body.length),
    ...request.headers,
  };
  const head = Buffer.from(
    `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`,
    'latin1',
  );
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: request.port });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (answer: RawSocketAnswer | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(parseAnswer(Buffer.concat(chunks))), RAW_REQUEST_TIMEOUT_MS);
    socket.on('error', () => finish(parseAnswer(Buffer.concat(chunks))));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish(parseAnswer(Buffer.concat(chunks))));
    socket.on('connect', () => {
      switch (request.mode) {
        case 'half-body':
          socket.write(Buffer.concat([head, request.body.subarray(0, Math.floor(request.body.length / 2))]));
          setTimeout(() => finish(undefined), 20);
          return;
        case 'leave':
          socket.write(Buffer.concat([head, request.body]));
          setImmediate(() => finish(undefined));
          return;
        case 'junk-after':
          socket.write(
            Buffer.concat([head, request.body, Buffer.from('\u0000\u0001\u0002GARBAGE \r\n\r\n', 'latin1')]),
          );
          return;
        case 'complete':
          socket.write(Buffer.concat([head, request.body]));
      }
    });
  });
}

/** The first HTTP answer in `bytes` (a chunked body decoded), or undefined when there is none. */
export function parseAnswer(bytes: Buffer): RawSocketAnswer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  if (status === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(end + 4);
  const length = headers['content-length'];
  if (length !== undefined) body = body.subarray(0, Number(length));
  else if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  return { status: Number(status), headers, body };
}

function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const lineEnd = bytes.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = parseInt(bytes.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
