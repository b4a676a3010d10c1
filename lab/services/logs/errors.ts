/**
 * CloudWatch Logs' errors as the lab's endpoint returns them, each a {@link ServiceError}: its
 * `code` is the `__type` AWS sends (the SDK turns it into the modeled exception class), with a
 * message in AWS's words.
 */
import { ServiceError } from '../service-error';

/** Base of the lab's CloudWatch Logs errors. */
export class LogsServiceError extends ServiceError {
  override readonly name: string = 'LogsServiceError';
  /** The `__type` of the error body. */
  override readonly code: string = 'ServiceUnavailableException';

  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
  }
}

/** `ResourceNotFoundException`: the log group (or stream) does not exist. */
export class ResourceNotFoundError extends LogsServiceError {
  override readonly name = 'ResourceNotFoundError';
  override readonly code = 'ResourceNotFoundException';
}

/** `InvalidParameterException`: a parameter is missing, malformed or combined with one it excludes. */
export class InvalidParameterError extends LogsServiceError {
  override readonly name = 'InvalidParameterError';
  override readonly code = 'InvalidParameterException';
}

/** An action the lab's endpoint does not implement (AWS would answer it; the lab says so plainly). */
export class UnknownOperationError extends LogsServiceError {
  override readonly name = 'UnknownOperationError';
  override readonly code = 'UnknownOperationException';
}

/** `SerializationException`: a member of the wrong JSON type (AWS's JSON protocol, 400). */
export class SerializationError extends LogsServiceError {
  override readonly name = 'SerializationError';
  override readonly code = 'SerializationException';
}

/** Where a query stopped parsing: MalformedQueryException's `queryCompileError.location` (API_QueryCompileErrorLocation). */
export interface QueryCompileErrorLocation {
  readonly startCharOffset: number;
  readonly endCharOffset: number;
}

/**
 * `MalformedQueryException`: the Logs Insights query does not parse. Its body carries
 * `queryCompileError: { location: { startCharOffset, endCharOffset }, message }`, the members of
 * the API's QueryCompileError (https://docs.aws.amazon.com/AmazonCloudWatchLogs/latest/APIReference/API_QueryCompileError.html).
 */
export class MalformedQueryError extends LogsServiceError {
  override readonly name = 'MalformedQueryError';
  override readonly code = 'MalformedQueryException';

  constructor(
    message: string,
    readonly location: QueryCompileErrorLocation,
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
  }

  /** The `queryCompileError` member of the error body. */
  get queryCompileError(): { location: QueryCompileErrorLocation; message: string } {
    return { location: this.location, message: this.message };
  }
}
