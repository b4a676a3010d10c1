/**
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
export class SqsApiError extends Error {
  override readonly name = 'SqsApiError';
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The JSON body, header and status AWS sends for this error. */
  toWire(): { status: number; queryErrorHeader: string; body: { __type: string; message: string } } {
    const [shape, queryCode, status] = WIRE_SHAPES[this.code] ?? [this.code, this.code, 400];
    return {
      status,
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
