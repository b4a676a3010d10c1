/** Errors of the lab's IAM. */
import { ServiceError } from '../service-error';

/** Base of the IAM errors. */
export class IamError extends ServiceError {
  override readonly name: string = 'IamError';
}

/** A managed policy ARN the lab has no document for (IAM answers `NoSuchEntity`, 404). */
export class UnknownManagedPolicyError extends IamError {
  override readonly name = 'UnknownManagedPolicyError';
  override readonly code = 'NoSuchEntity';
  override readonly statusCode = 404;
}

/** An SDK call the lab cannot map to an IAM action and resource. */
export class UnmappedCallError extends IamError {
  override readonly name = 'UnmappedCallError';
}
