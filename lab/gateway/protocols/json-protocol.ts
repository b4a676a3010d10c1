/**
 * AWS's JSON protocols: awsJson1.0/1.1 (SSM, DynamoDB, Logs; the action in `X-Amz-Target`) and
 * restJson1 (Lambda; the action in the method and path). Answers are JSON; errors carry their
 * code in `x-amzn-ErrorType` and `__type`, as the SDK's parsers read it.
 * Shapes: https://smithy.io/2.0/aws/protocols/aws-json-1_1-protocol.html,
 * https://smithy.io/2.0/aws/protocols/aws-restjson1-protocol.html
 */
import { randomUUID } from 'node:crypto';
import type { GatewayRequest, GatewayResponse } from '../gateway-handler';

/** The operation an awsJson request names: `AmazonSSM.GetParameter` → `GetParameter`. */
export function jsonTarget(request: GatewayRequest): string | undefined {
  const target = request.headers['x-amz-target'];
  return target === undefined ? undefined : target.slice(target.lastIndexOf('.') + 1);
}

/** A successful JSON answer (`status` 200 unless given). */
export function jsonResponse(
  body: unknown,
  status = 200,
  contentType = 'application/x-amz-json-1.1',
  headers: Readonly<Record<string, string>> = {},
): GatewayResponse {
  return {
    status,
    headers: { 'content-type': contentType, 'x-amzn-requestid': randomUUID(), ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/** A JSON error: its code (`ParameterNotFound`), message, status (default 400). */
export function jsonError(
  code: string,
  message: string,
  status = 400,
  contentType = 'application/x-amz-json-1.1',
): GatewayResponse {
  return {
    status,
    headers: { 'content-type': contentType, 'x-amzn-requestid': randomUUID(), 'x-amzn-errortype': code },
    body: JSON.stringify({ __type: code, message, Message: message }),
  };
}

/**
 * A restJson1 error as Lambda writes it: the code in `x-amzn-ErrorType`, and a body of
 * `{ "Type": "User", "message": … }` (some of Lambda's errors spell the key `Message`, e.g.
 * ResourceNotFoundException; LocalStack's aws.validated snapshots,
 * tests/aws/services/lambda_/test_lambda_api.snapshot.json, record which).
 */
export function restJsonError(
  code: string,
  message: string,
  status = 400,
  messageKey: 'message' | 'Message' = 'message',
): GatewayResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID(), 'x-amzn-errortype': code },
    body: JSON.stringify({ Type: 'User', [messageKey]: message }),
  };
}

/** The JSON body of a request; `undefined` when it is not a JSON object. */
export function jsonBody(request: GatewayRequest): Record<string, unknown> | undefined {
  if (request.body.length === 0) return {};
  try {
    const value: unknown = JSON.parse(request.body.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
