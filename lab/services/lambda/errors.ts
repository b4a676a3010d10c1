/**
 * The errors of the lab's Lambda, each a {@link ServiceError}: the API's answers with Lambda's
 * exception names (`ResourceNotFoundException`, `InvalidParameterValueException`,
 * `ValidationException`, as the SDK names them) and the lab's own failures (a bundle esbuild
 * cannot build, a stopped function, a message a record cannot be built from).
 */
import { ServiceError, type ServiceErrorOptions } from '../service-error';

/** Raised when something invokes a function name the lab does not have (Lambda answers 404). */
export class ResourceNotFoundError extends ServiceError {
  override readonly name = 'ResourceNotFoundException';
  override readonly code = 'ResourceNotFoundException';
  override readonly statusCode = 404;
}

/** Base of the errors Lambda's mapping API answers with; `cause` carries the underlying error, if any. */
export class LambdaMappingApiError extends ServiceError {
  constructor(message: string, options?: Pick<ServiceErrorOptions, 'cause'>) {
    super(message, options);
  }
}

/** `InvalidParameterValueException`: Lambda will not create or update the mapping as asked. */
export class InvalidParameterValueError extends LambdaMappingApiError {
  override readonly name = 'InvalidParameterValueException';
  override readonly code = 'InvalidParameterValueException';
}

/** `ValidationException`: a value outside the API's constraints (Lambda's "1 validation error detected" form). */
export class MappingValidationError extends LambdaMappingApiError {
  override readonly name = 'ValidationException';
  override readonly code = 'ValidationException';
}

/** A filter pattern Lambda would refuse (not JSON, not an object, an unknown rule). */
export class InvalidFilterPatternError extends ServiceError {
  override readonly name = 'InvalidFilterPatternError';
}

/** A function's own environment sets a variable Lambda reserves; Lambda refuses such a configuration. */
export class ReservedVariableError extends ServiceError {
  override readonly name = 'ReservedVariableError';
  override readonly code = 'InvalidParameterValueException';

  constructor(readonly keys: readonly string[]) {
    super(
      `Lambda was unable to configure your environment variables because the environment variables you have provided contains reserved keys that are currently not supported for modification. Reserved keys used in this request: ${keys.join(', ')}`,
    );
  }
}

/** Raised when a function is invoked after `stop()`. */
export class FunctionStoppedError extends ServiceError {
  override readonly name = 'FunctionStoppedError';
}

/** Raised when esbuild cannot bundle a function entry. */
export class BundleError extends ServiceError {
  override readonly name = 'BundleError';
  override readonly statusCode = 500;
}

/** Raised when ReceiveMessage returned a message without the fields every record needs. */
export class IncompleteMessageError extends ServiceError {
  override readonly name = 'IncompleteMessageError';
  override readonly statusCode = 500;
}

/**
 * A code archive Lambda would not unzip: not a zip, bigger than Lambda's unzipped limit, or (the
 * lab's check) an entry whose path leaves the code directory (`../`, an absolute path). Lambda's
 * words (LocalStack, localstack-core/localstack/services/lambda_/invocation/lambda_service.py,
 * `store_lambda_archive`); the lab's reason is the `cause`.
 */
export class InvalidCodeArchiveError extends ServiceError {
  override readonly name = 'InvalidCodeArchiveError';
  override readonly code = 'InvalidParameterValueException';

  constructor(
    readonly reason: string,
    message = 'Could not unzip uploaded file. Please check your file, then try to upload again.',
  ) {
    super(message, { cause: new Error(reason) });
  }
}

/** The S3 object a function's code names is not in the lab's S3 (Lambda's GetObject failure). */
export class CodeObjectNotFoundError extends ServiceError {
  override readonly name = 'CodeObjectNotFoundError';
  override readonly code = 'InvalidParameterValueException';

  constructor(
    readonly bucket: string,
    readonly key: string,
  ) {
    // Lambda's words for a missing key (LocalStack's aws.validated snapshot, test_lambda_api.snapshot.json).
    super(
      'Error occurred while GetObject. S3 Error Code: NoSuchKey. S3 Error Message: The specified key does not exist.',
    );
  }
}

/**
 * `TooManyRequestsException` (429): the account's concurrency quota is in use, so Lambda
 * throttles the invocation before it runs (account-concurrency.ts). AWS's body names the reason:
 * `{"Reason":"ConcurrentInvocationLimitExceeded","Type":"User","message":"Rate Exceeded."}`
 * (Lambda API reference, Invoke, Errors; the "Rate Exceeded." words as the SDKs show them).
 */
export class TooManyRequestsError extends ServiceError {
  override readonly name = 'TooManyRequestsException';
  override readonly code = 'TooManyRequestsException';
  override readonly statusCode = 429;
  readonly reason = 'ConcurrentInvocationLimitExceeded';

  constructor(readonly functionName: string) {
    super('Rate Exceeded.');
  }
}

/**
 * `KMSAccessDeniedException` (502): the function's environment is encrypted with a key its role
 * may not decrypt with, so Lambda cannot start it (Lambda API reference, Invoke, Errors:
 * "Lambda couldn't decrypt the environment variables because KMS access was denied. Check the
 * Lambda function's KMS permissions.").
 */
export class KmsAccessDeniedError extends ServiceError {
  override readonly name = 'KMSAccessDeniedException';
  override readonly code = 'KMSAccessDeniedException';
  override readonly statusCode = 502;

  constructor(readonly functionName: string) {
    super(
      "Lambda couldn't decrypt the environment variables because KMS access was denied. Check the Lambda function's KMS permissions.",
    );
  }
}

/** `ResourceConflictException` (409): an update is already being applied to the function. */
export class ResourceConflictError extends ServiceError {
  override readonly name = 'ResourceConflictException';
  override readonly code = 'ResourceConflictException';
  override readonly statusCode = 409;
}

/** `PreconditionFailedException` (412): the request's `RevisionId` is not the function's. */
export class PreconditionFailedError extends ServiceError {
  override readonly name = 'PreconditionFailedException';
  override readonly code = 'PreconditionFailedException';
  override readonly statusCode = 412;
}

/** `InvalidRequestContentException`: an Invoke payload that is not JSON. */
export class InvalidRequestContentError extends ServiceError {
  override readonly name = 'InvalidRequestContentException';
  override readonly code = 'InvalidRequestContentException';
}

/** `RequestTooLargeException` (413): an Invoke payload above Lambda's limit. */
export class RequestTooLargeError extends ServiceError {
  override readonly name = 'RequestTooLargeException';
  override readonly code = 'RequestTooLargeException';
  override readonly statusCode = 413;
}

/** `ValidationException`: a function setting outside the API's constraints (Lambda's "1 validation error detected" form). */
export class FunctionValidationError extends ServiceError {
  override readonly name = 'ValidationException';
  override readonly code = 'ValidationException';
}

/** Lambda's words for a value outside a member's constraint: `1 validation error detected: Value '0' at 'timeout' …`. */
export function constraintMessage(value: unknown, path: string, rule: string): string {
  return `1 validation error detected: Value '${String(value)}' at '${path}' failed to satisfy constraint: ${rule}`;
}

/** A request the lab's Lambda API does not serve (another operation, or a setting it does not update). */
export class UnsupportedLambdaRequestError extends ServiceError {
  override readonly name = 'UnsupportedLambdaRequestError';
  override readonly code = 'InvalidParameterValueException';
}
