/**
 * How the lab's one endpoint writes an answer, and its guard's refusals (AWS JSON errors with a
 * reason), wherever it listens: in the main thread (lab-gateway.ts) or in front of the SQS
 * emulator (endpoint-front.ts).
 */
import type { ServerResponse } from 'node:http';
import type { RefusalWriter } from '../common/request-guard';
import type { GatewayResponse } from './gateway-handler';
import { jsonError } from './protocols/json-protocol';

/** Writes `answer` whole, with its length. */
export function writeGatewayResponse(response: ServerResponse, answer: GatewayResponse): void {
  const body = answer.body ?? '';
  // A HEAD answer (S3's HeadObject) keeps the length its handler gave: the object's, not the empty body's.
  const length =
    body.length === 0 && answer.headers?.['content-length'] !== undefined
      ? answer.headers['content-length']
      : String(Buffer.byteLength(body));
  response.writeHead(answer.status, { ...answer.headers, 'content-length': length });
  response.end(body);
}

/**
 * The endpoint guard's refusals: 413 `RequestEntityTooLarge`, 403 `AccessDeniedException`, and
 * the error boundary's 500 `InternalFailure` (the code every AWS JSON service shares for it).
 */
export const gatewayRefusal: RefusalWriter = (response, refusal) =>
  writeGatewayResponse(response, jsonError(GATEWAY_REFUSAL_TYPES[refusal.status], refusal.message, refusal.status));

const GATEWAY_REFUSAL_TYPES = {
  403: 'AccessDeniedException',
  413: 'RequestEntityTooLarge',
  500: 'InternalFailure',
} as const;
