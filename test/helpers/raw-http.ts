/**
 * Raw HTTP requests for the guard's tests, to loopback only: any Host or Origin header, a body
 * declared larger than what is sent (streamed in chunks until the server answers), chunked
 * bodies, and half-open connections that send part of their headers and wait.
 */
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';

/** One answer: status, headers (lower-case names), body text. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** What to send. */
export interface RawRequest {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A body sent whole (a string is UTF-8). */
  readonly body?: string | Buffer;
  /**
   * A body of this many zero bytes, streamed in 64 KiB chunks until the server answers (or all
   * is sent). With `chunked`, no Content-Length is declared.
   */
  readonly streamBytes?: number;
  readonly chunked?: boolean;
}

const CHUNK = Buffer.alloc(64 * 1024);

/** Sends `request` to `url` (which must be on 127.0.0.0/8 or ::1) and reads the answer. */
export function rawRequest(url: string, request: RawRequest = {}): Promise<RawAnswer> {
  const target = new URL(url);
  if (!/^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/.test(target.hostname))
    throw new Error(`tests send traffic to loopback only, not ${target.hostname}`);
  const headers: Record<string, string> = { ...request.headers };
  if (request.streamBytes !== undefined && request.chunked !== true)
    headers['content-length'] = String(request.streamBytes);
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise<RawAnswer>((resolve, reject) => {
    let answered = false;
    const outgoing = httpRequest(
      {
        host: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: request.method ?? 'GET',
        headers,
        // Our own Host header (when given) replaces the one Node would write.
        setHost: headers.host === undefined && headers.Host === undefined,
        agent: false,
      },
      (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        incoming.on('error', reject);
      },
    );
    // The server may close while the body is still being written: its answer is what counts.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (request.body !== undefined) {
      outgoing.end(request.body);
      return;
    }
    if (request.streamBytes === undefined) {
      outgoing.end();
      return;
    }
    let left = request.streamBytes;
    const pump = (): void => {
      while (left > 0 && !answered && !outgoing.destroyed) {
        const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
        left -= chunk.length;
        if (!outgoing.write(chunk)) {
          outgoing.once('drain', pump);
          return;
        }
      }
      if (left === 0 && !outgoing.destroyed) outgoing.end();
    };
    pump();
  });
}

/**
 * Opens a connection to `url` that sends the request line and one header, then waits: a
 * half-open request. Resolves with what the server wrote before it closed the connection.
 */
export function halfOpenRequest(url: string): { readonly socket: Socket; readonly closed: Promise<string> } {
  const target = new URL(url);
  const socket = connect(Number(target.port), target.hostname);
  socket.write(`POST / HTTP/1.1\r\nHost: ${target.host}\r\n`);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', () => undefined);
  });
  return { socket, closed };
}
