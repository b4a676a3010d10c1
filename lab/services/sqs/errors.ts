/**
 * SQS's errors in the lab: the {@link SqsApiError} its actions answer with, and how the lab's SQS
 * endpoint answers requests that never reach an action: refused by the lab's guard, too large,
 * or not parseable. In SQS's JSON-protocol shape (`__type`, and the
 * `x-amzn-query-error` header SQS adds as an `awsQueryCompatible` service), so the SDK raises
 * a named error instead of failing to parse.
 *
 * - Too large: SQS's front end answers `413 Request Entity Too Large` with the plain-text body
 *   `HTTP content length exceeded 1662976 bytes.` (recorded in aws/aws-sdk-js#479 and
 *   spring-cloud-aws#111, when messages were limited to 256 KiB: six times a fully escaped
 *   maximal body plus 88 KiB). With 1 MiB messages the lab scales that limit the same way:
 *   {@link SQS_MAX_REQUEST_BYTES}.
 * - Malformed JSON or invalid UTF-8: 400 `SerializationException`, as AWS's JSON protocols answer an invalid
 *   body (Smithy's protocol tests, `MalformedRequestBody`: "When the request body is not valid
 *   JSON, the response should be a 400 SerializationException").
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RefusalWriter } from '../../common/request-guard';
import { ServiceError } from '../service-error';

/** The largest request the lab's SQS endpoint reads: 6 × 1 MiB + 88 KiB (see the module comment). */
export const SQS_MAX_REQUEST_BYTES = 6 * 1024 * 1024 + 90_112;

/** Writes one SQS error in its JSON-protocol shape (`__type`, `x-amzn-query-error`). */
export function sendSqsError(
  response: ServerResponse,
  status: number,
  shape: string,
  queryCode: string,
  message: string,
) {
  const body = JSON.stringify({ __type: `com.amazonaws.sqs#${shape}`, message });
  response.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(body),
    'x-amzn-query-error': `${queryCode};${status >= 500 ? 'Receiver' : 'Sender'}`,
  });
  response.end(body);
}

/**
 * The guard's refusals as SQS answers: 403 `AccessDenied`, SQS's own 413, or 500 `InternalError`;
 * in SQS's query XML (`<ErrorResponse>`) for a client that speaks it (a form post, no
 * `X-Amz-Target`: SDKs before SQS's JSON protocol), in its JSON otherwise.
 */
export const sqsRefusal: RefusalWriter = (response, refusal, request) => {
  const headers = request?.headers ?? {};
  if (
    refusal.status !== 413 &&
    headers['x-amz-target'] === undefined &&
    String(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
  ) {
    const code = refusal.status === 500 ? 'InternalError' : 'AccessDenied';
    const body = `<?xml version="1.0"?><ErrorResponse><Error><Type>${refusal.status === 500 ? 'Receiver' : 'Sender'}</Type><Code>${code}</Code><Message>${escapeXml(refusal.message)}</Message><Detail/></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`;
    response.writeHead(refusal.status, { 'content-type': 'text/xml', 'content-length': Buffer.byteLength(body) });
    response.end(body);
    return;
  }
  if (refusal.status === 500) {
    sendSqsError(response, 500, 'InternalError', 'InternalError', refusal.message);
    return;
  }
  if (refusal.status === 413) {
    const body = `HTTP content length exceeded ${refusal.limitBytes} bytes.`;
    response.writeHead(413, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
    response.end(body);
    return;
  }
  sendSqsError(response, 403, 'AccessDenied', 'AccessDenied', refusal.message);
};

/** The part of a Fastify reply the error handler uses. */
interface ErrorReply {
  status(code: number): ErrorReply;
  header(name: string, value: string): ErrorReply;
  send(payload: unknown): unknown;
}

/**
 * fauxqs's Fastify error handler, for what fails before an action runs (fauxqs has none, so an
 * unparseable body was a 500): malformed JSON → 400 `SerializationException`; Fastify's own 4xx
 * (body too large, bad content length) keep their status in SQS's shape; anything else → 500
 * `InternalError` with no stack trace.
 */
export function sqsErrorHandler(
  error: Error & { statusCode?: number; code?: string },
  _request: unknown,
  reply: ErrorReply,
) {
  const json = (status: number, type: string, queryCode: string, message: string) => {
    reply.status(status);
    reply.header('content-type', 'application/x-amz-json-1.0');
    reply.header('x-amzn-query-error', `${queryCode};${status >= 500 ? 'Receiver' : 'Sender'}`);
    return reply.send({ __type: type, message });
  };
  if (error instanceof SyntaxError)
    return json(
      400,
      'com.amazon.coral.service#SerializationException',
      'SerializationException',
      'The request body is not valid JSON.',
    );
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500)
    return json(
      status,
      `com.amazonaws.sqs#${error.code ?? 'InvalidRequest'}`,
      error.code ?? 'InvalidRequest',
      error.message,
    );
  return json(500, 'com.amazonaws.sqs#InternalError', 'InternalError', "The lab's SQS failed to handle the request.");
}

/*
 * SQS errors as AWS sends them over the JSON protocol. SQS is `awsQueryCompatible`: the
 * body's `__type` names the error shape (`com.amazonaws.sqs#InvalidParameterValueException`)
 * and the `x-amzn-query-error` header carries the legacy query code and fault
 * (`InvalidParameterValue;Sender`). The SDK v3 sets `error.name` from the shape and
 * `error.Code` from the header. Shapes, codes and HTTP statuses below are the SQS service
 * model's (`awsQueryError` traits in @aws-sdk/client-sqs) and, for the two unmodelled ones,
 * the responses LocalStack recorded against AWS (`test_sqs.snapshot.json`, `QueryErrorCode`).
 */

/** The wire shape of one error code: `[__type shape name, x-amzn-query-error code, HTTP status]`. */
type WireShape = readonly [shape: string, queryCode: string, status: number];

const WIRE_SHAPES: Readonly<Record<string, WireShape>> = {
  InvalidParameterValue: ['InvalidParameterValueException', 'InvalidParameterValue', 400],
  MissingParameter: ['MissingRequiredParameterException', 'MissingParameter', 400],
  QueueDoesNotExist: ['QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue', 400],
  QueueNameExists: ['QueueNameExists', 'QueueAlreadyExists', 400],
  PurgeQueueInProgress: ['PurgeQueueInProgress', 'AWS.SimpleQueueService.PurgeQueueInProgress', 403],
  ReceiptHandleIsInvalid: ['ReceiptHandleIsInvalid', 'ReceiptHandleIsInvalid', 404],
  ResourceNotFoundException: ['ResourceNotFoundException', 'ResourceNotFoundException', 404],
  TooManyEntriesInBatchRequest: [
    'TooManyEntriesInBatchRequest',
    'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
    400,
  ],
  EmptyBatchRequest: ['EmptyBatchRequest', 'AWS.SimpleQueueService.EmptyBatchRequest', 400],
  InvalidBatchEntryId: ['InvalidBatchEntryId', 'AWS.SimpleQueueService.InvalidBatchEntryId', 400],
  BatchEntryIdsNotDistinct: ['BatchEntryIdsNotDistinct', 'AWS.SimpleQueueService.BatchEntryIdsNotDistinct', 400],
  BatchRequestTooLong: ['BatchRequestTooLong', 'AWS.SimpleQueueService.BatchRequestTooLong', 400],
  UnsupportedOperation: ['UnsupportedOperation', 'AWS.SimpleQueueService.UnsupportedOperation', 400],
  InvalidAttributeName: ['InvalidAttributeName', 'InvalidAttributeName', 400],
  InvalidAttributeValue: ['InvalidAttributeValue', 'InvalidAttributeValue', 400],
  InvalidMessageContents: ['InvalidMessageContents', 'InvalidMessageContents', 400],
  OverLimit: ['OverLimit', 'OverLimit', 403],
};

/** An SQS error the layer answers with, in AWS's words: `code` is the query code SQS documents. */
export class SqsApiError extends ServiceError {
  override readonly name = 'SqsApiError';
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, { ...options, code, statusCode: WIRE_SHAPES[code]?.[2] ?? 400 });
  }

  /** The JSON body, header and status AWS sends for this error. */
  toWire(): { status: number; queryErrorHeader: string; body: { __type: string; message: string } } {
    const [shape, queryCode] = WIRE_SHAPES[this.code] ?? [this.code, this.code];
    return {
      status: this.statusCode,
      queryErrorHeader: `${queryCode};Sender`,
      body: { __type: `com.amazonaws.sqs#${shape}`, message: this.message },
    };
  }
}

/** fauxqs's own error class, as far as the layer reads it. */
interface FauxqsSqsError {
  readonly code: string;
  readonly message: string;
}

function isFauxqsSqsError(error: unknown): error is FauxqsSqsError {
  return error instanceof Error && error.name === 'SqsError' && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * Turns what a handler threw into AWS's error, or undefined when it is no SQS error (a bug,
 * which the router lets fail as a 500). fauxqs's messages are kept; its codes are mapped.
 */
export function toSqsApiError(error: unknown): SqsApiError | undefined {
  if (error instanceof SqsApiError) return error;
  if (isFauxqsSqsError(error)) return new SqsApiError(error.code, error.message, { cause: error });
  return undefined;
}

/** `InvalidParameterValue` with SQS's "Value X for parameter Y is invalid. Reason: Z" sentence. */
export function invalidParameter(name: string, value: unknown, reason: string): SqsApiError {
  return new SqsApiError(
    'InvalidParameterValue',
    `Value ${String(value)} for parameter ${name} is invalid. Reason: ${reason}`,
  );
}

/** This fauxqs is not the version whose router and store the layer knows. */
export class SqsFidelityInstallError extends ServiceError {
  override readonly name = 'SqsFidelityInstallError';
  override readonly statusCode = 500;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
