/**
 * Whether a request declares a JSON body. The lab's own write endpoints (the console's API, the
 * deploy endpoint) take only `application/json`: a web page's plain form or `no-cors` fetch can
 * send `text/plain`, form or multipart bodies, never this type without a CORS preflight, which
 * the guard refuses for a foreign origin.
 */
import type { IncomingMessage } from 'node:http';

/** `Content-Type: application/json`, with or without parameters such as `charset`. */
export function isJsonRequest(request: IncomingMessage): boolean {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}
