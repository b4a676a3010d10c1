/**
 * CloudWatch's errors as the lab's endpoint answers them. CloudWatch is `awsQueryCompatible`: in
 * JSON and RPC v2 CBOR an error names its shape in `__type`
 * (`com.amazonaws.cloudwatch.v2010_08_01#ResourceNotFound`) and its query-protocol code in the
 * `x-amzn-query-error` header (`ResourceNotFound;Sender`); the HTTP status is the error's own
 * only when the client sends `x-amzn-query-mode: true` (the SDK and botocore do), else 400.
 * Recorded against AWS by LocalStack: tests/aws/services/cloudwatch/test_cloudwatch.snapshot.json,
 * test_exception_serializing_with_no_shape_in_spec and test_set_alarm_invalid_input. Codes and
 * statuses from CloudWatch's model (botocore data/cloudwatch/2010-08-01/service-2.json).
 */
import { ServiceError } from '../service-error';

/** The namespace of CloudWatch's error shapes in `__type`. */
const SHAPES = 'com.amazonaws.cloudwatch.v2010_08_01#';

/** Base of the lab's CloudWatch errors: `type` is the `__type`, `code` the query code. */
export class CloudWatchError extends ServiceError {
  override readonly name: string = 'CloudWatchError';

  constructor(
    message: string,
    /** The error's `__type`. */
    readonly type: string,
    options: { readonly code: string; readonly statusCode?: number; readonly cause?: unknown },
  ) {
    super(message, options);
  }
}

/** SetAlarmState on an alarm that does not exist: 404 `ResourceNotFound`, without a message (as recorded). */
export class AlarmNotFoundError extends CloudWatchError {
  override readonly name = 'AlarmNotFoundError';

  constructor() {
    super('', `${SHAPES}ResourceNotFound`, { code: 'ResourceNotFound', statusCode: 404 });
  }
}

/**
 * GetDashboard of a dashboard that does not exist: 404 `ResourceNotFound` (shape
 * DashboardNotFoundError), "The specified dashboard does not exist."
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetDashboard.html).
 */
export class DashboardNotFoundError extends CloudWatchError {
  override readonly name = 'DashboardNotFoundError';

  constructor() {
    super('The specified dashboard does not exist.', `${SHAPES}DashboardNotFoundError`, {
      code: 'ResourceNotFound',
      statusCode: 404,
    });
  }
}

/** A member outside its constraint: 400 `ValidationError`, in AWS's "1 validation error detected: …" words. */
export class CloudWatchValidationError extends CloudWatchError {
  override readonly name = 'CloudWatchValidationError';

  constructor(message: string) {
    super(message, 'com.amazon.coral.validate#ValidationException', { code: 'ValidationError' });
  }
}

/** 400 `InvalidParameterValue` (shape InvalidParameterValueException). */
export class InvalidParameterValueError extends CloudWatchError {
  override readonly name = 'InvalidParameterValueError';

  constructor(message: string) {
    super(message, `${SHAPES}InvalidParameterValueException`, { code: 'InvalidParameterValue' });
  }
}

/** 400 `InvalidParameterCombination` (shape InvalidParameterCombinationException). */
export class InvalidParameterCombinationError extends CloudWatchError {
  override readonly name = 'InvalidParameterCombinationError';

  constructor(message: string) {
    super(message, `${SHAPES}InvalidParameterCombinationException`, { code: 'InvalidParameterCombination' });
  }
}

/**
 * A required member missing: 400 `MissingParameter` (shape MissingRequiredParameterException; the
 * SDKs check required members before sending, so only a hand-made request meets it; the wording
 * is the lab's).
 */
export class MissingParameterError extends CloudWatchError {
  override readonly name = 'MissingParameterError';

  constructor(member: string) {
    super(`The parameter ${member} is required.`, `${SHAPES}MissingRequiredParameterException`, {
      code: 'MissingParameter',
    });
  }
}

/** StateReasonData that is not JSON: 400 `InvalidFormat` (shape InvalidFormatFault). */
export class InvalidFormatError extends CloudWatchError {
  override readonly name = 'InvalidFormatError';

  constructor(message: string, options: { readonly cause?: unknown } = {}) {
    super(message, `${SHAPES}InvalidFormatFault`, { code: 'InvalidFormat', ...options });
  }
}

/** A NextToken the lab did not issue: 400 `InvalidNextToken`. */
export class InvalidNextTokenError extends CloudWatchError {
  override readonly name = 'InvalidNextTokenError';

  constructor() {
    super('The service cannot process the NextToken.', `${SHAPES}InvalidNextToken`, { code: 'InvalidNextToken' });
  }
}

/** An operation the lab's CloudWatch does not serve, or a body it cannot read: the lab's own 400. */
export class CloudWatchUnsupportedError extends CloudWatchError {
  override readonly name = 'CloudWatchUnsupportedError';

  constructor(message: string) {
    super(message, 'UnknownOperationException', { code: 'UnknownOperationException' });
  }
}
