/**
 * Smithy RPC v2 CBOR (CloudWatch's model lists it first among its protocols; botocore 1.43 still
 * prefers JSON 1.0):
 * `POST /service/<ServiceName>/operation/<Operation>` with `smithy-protocol: rpc-v2-cbor` and a
 * CBOR body, answered in CBOR with the same header; an error is a CBOR map with `__type` and
 * `message`. Timestamps are CBOR tag 1 over epoch seconds. Encoded and decoded with the AWS SDK's
 * own CBOR codec (`@smithy/core/cbor`), so the bytes are what the SDK itself writes.
 * Shapes: https://smithy.io/2.0/additional-specs/protocols/smithy-rpc-v2.html
 */
import { randomUUID } from 'node:crypto';
import { cbor, dateToTag } from '@smithy/core/cbor';
import type { GatewayRequest, GatewayResponse } from '../gateway-handler';

const OPERATION_PATH = /^\/service\/([^/]+)\/operation\/([^/]+)$/;

/** The service and operation an RPC v2 request names, or undefined when it is not one. */
export function cborTarget(request: GatewayRequest): { service: string; operation: string } | undefined {
  if (request.headers['smithy-protocol'] !== 'rpc-v2-cbor') return undefined;
  const match = OPERATION_PATH.exec(request.path);
  return match === null ? undefined : { service: match[1] ?? '', operation: match[2] ?? '' };
}

/**
 * The request's CBOR map, timestamps (tag 1) as `Date`s; `{}` for an empty body (an operation
 * without input), undefined when the body is not a CBOR map.
 */
export function cborBody(request: GatewayRequest): Record<string, unknown> | undefined {
  if (request.body.length === 0) return {};
  try {
    const value = fromCbor(cbor.deserialize(new Uint8Array(request.body)));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A successful answer: `body` (Dates written as tag 1), status 200. */
export function cborResponse(body: Record<string, unknown>): GatewayResponse {
  return {
    status: 200,
    headers: { ...CBOR_HEADERS, 'x-amzn-requestid': randomUUID() },
    body: Buffer.from(cbor.serialize(toCbor(body))),
  };
}

/**
 * An error: `type` the error's shape id (`com.amazonaws.cloudwatch#ResourceNotFound`), the status,
 * and extra headers (an `awsQueryCompatible` service's `x-amzn-query-error`). No message member
 * when `message` is undefined (some of AWS's errors carry none).
 */
export function cborError(
  type: string,
  message: string | undefined,
  status: number,
  headers: Readonly<Record<string, string>> = {},
): GatewayResponse {
  return {
    status,
    headers: { ...CBOR_HEADERS, 'x-amzn-requestid': randomUUID(), ...headers },
    body: Buffer.from(cbor.serialize(message === undefined ? { __type: type } : { __type: type, message })),
  };
}

const CBOR_HEADERS = { 'content-type': 'application/cbor', 'smithy-protocol': 'rpc-v2-cbor' } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

/** Tag 1 (epoch seconds) → Date, through maps and lists. */
function fromCbor(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromCbor);
  if (!isRecord(value) || value instanceof Uint8Array) return value;
  if (value.tag === 1 && typeof value.value === 'number') return new Date(value.value * 1000);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fromCbor(inner)]));
}

/** Date → tag 1; undefined members left out (CBOR has no undefined in Smithy's use). */
function toCbor(value: unknown): unknown {
  if (value instanceof Date) return dateToTag(value);
  if (Array.isArray(value)) return value.map(toCbor);
  if (!isRecord(value) || value instanceof Uint8Array) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .map(([key, inner]) => [key, toCbor(inner)]),
  );
}
