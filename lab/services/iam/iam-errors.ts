/** Errors of the lab's IAM. */

/** Base of the IAM errors. */
export class IamError extends Error {
  override readonly name: string = 'IamError';
}

/** A managed policy ARN the lab has no document for. */
export class UnknownManagedPolicyError extends IamError {
  override readonly name = 'UnknownManagedPolicyError';
}

/** An SDK call the lab cannot map to an IAM action and resource. */
export class UnmappedCallError extends IamError {
  override readonly name = 'UnmappedCallError';
}
