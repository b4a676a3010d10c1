/**
 * STS's errors as the lab's endpoint answers them (query protocol): `AccessDenied` (403) and
 * `ValidationError` (400), in AWS's words.
 */
import { ServiceError } from '../service-error';

/** Base of the lab's STS errors. */
export class StsError extends ServiceError {
  override readonly name: string = 'StsError';
}

/**
 * `AccessDenied` (403) of AssumeRole: "User: <caller> is not authorized to perform:
 * sts:AssumeRole on resource: <role>", as AWS words it (the error document quoted in
 * Netflix/security_monkey#77 and aws/karpenter-provider-aws#4680). AWS answers the same for a
 * role that does not exist.
 */
export class AssumeRoleDeniedError extends StsError {
  override readonly name = 'AssumeRoleDeniedError';
  override readonly code = 'AccessDenied';
  override readonly statusCode = 403;

  constructor(callerArn: string, roleArn: string) {
    super(`User: ${callerArn} is not authorized to perform: sts:AssumeRole on resource: ${roleArn}`);
  }
}

/** `ValidationError` (400): a parameter outside its constraint. */
export class StsValidationError extends StsError {
  override readonly name = 'StsValidationError';
  override readonly code = 'ValidationError';
}

/** An action the lab's STS does not implement (`InvalidAction`, as AWS answers an unknown one). */
export class StsUnknownActionError extends StsError {
  override readonly name = 'StsUnknownActionError';
  override readonly code = 'InvalidAction';
}
