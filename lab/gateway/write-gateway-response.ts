/**
 * How the lab's one endpoint writes an answer, and its guard's refusals (AWS JSON errors with a
 * reason), wherever it listens: in the main thread (lab-gateway.ts) or in front of the SQS
 * emulator (endpoint-front.ts).
 */
import type { ServerResponse } from 'node:http';
import type { RefusalWriter } from '../common/request-guard';
import type { GatewayResponse } from './gateway-handler';
import { jsonError } from './protocols/json-protocol';
import { queryError, xmlDocument } from './protocols/query-protocol';
import { cborError } from './protocols/rpc-v2-cbor-protocol';

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
 * The endpoint guard's refusals, in the protocol the request speaks, so its client raises a named
 * error instead of failing to parse the answer: query XML (`<ErrorResponse>`, form posts: SQS's
 * older clients, CloudFormation, STS), S3's REST XML (`<Error>`, a request signed for s3), RPC v2
 * CBOR (`smithy-protocol: rpc-v2-cbor`), and AWS JSON otherwise. 413 `RequestEntityTooLarge`, 403
 * `AccessDeniedException` (`AccessDenied` in XML), and the error boundary's 500 `InternalFailure`.
 */
export const gatewayRefusal: RefusalWriter = (response, refusal, request) => {
  const type = GATEWAY_REFUSAL_TYPES[refusal.status];
  const headers = request?.headers ?? {};
  const contentType = String(headers['content-type'] ?? '');
  const xmlCode = refusal.status === 403 ? 'AccessDenied' : type;
  let answer: GatewayResponse;
  if (headers['smithy-protocol'] === 'rpc-v2-cbor') answer = cborError(type, refusal.message, refusal.status);
  else if (headers['x-amz-target'] === undefined && contentType.startsWith('application/x-www-form-urlencoded'))
    answer = queryError(xmlCode, refusal.message, refusal.status);
  else if (/\/s3\/aws4_request/.test(String(headers.authorization ?? '')))
    answer = {
      status: refusal.status,
      headers: { 'content-type': 'application/xml' },
      body: xmlDocument('Error', { Code: xmlCode, Message: refusal.message }),
    };
  else answer = jsonError(type, refusal.message, refusal.status);
  writeGatewayResponse(response, answer);
};

const GATEWAY_REFUSAL_TYPES = {
  403: 'AccessDeniedException',
  413: 'RequestEntityTooLarge',
  500: 'InternalFailure',
} as const;
