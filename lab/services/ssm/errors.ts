/**
 * SSM Parameter Store's errors as the lab's endpoint answers them (JSON 1.1, the code in
 * `__type`), each a {@link ServiceError}, in AWS's words.
 */
import { ServiceError } from '../service-error';

/** Base of the lab's SSM errors. */
export class SsmError extends ServiceError {
  override readonly name: string = 'SsmError';
}

/**
 * `ParameterNotFound` (400). AWS answers it with an empty message: "An error occurred
 * (ParameterNotFound) when calling the GetParameter operation: " (awslabs/aws-simple-cicd#10,
 * aws-solutions/aws-control-tower-customizations#68); the lab keeps the name in `parameterName`.
 */
export class ParameterNotFoundError extends SsmError {
  override readonly name = 'ParameterNotFoundError';
  override readonly code = 'ParameterNotFound';

  constructor(readonly parameterName: string) {
    super('');
  }
}

/** `ParameterAlreadyExists` (400): PutParameter on an existing name without `Overwrite`. */
export class ParameterAlreadyExistsError extends SsmError {
  override readonly name = 'ParameterAlreadyExistsError';
  override readonly code = 'ParameterAlreadyExists';

  constructor() {
    super('The parameter already exists. To overwrite this value, set the overwrite option in the request to true.');
  }
}

/** `ValidationException` (400): a member outside its constraint. */
export class SsmValidationError extends SsmError {
  override readonly name = 'SsmValidationError';
  override readonly code = 'ValidationException';
}

/** An operation the lab's SSM does not implement. */
export class SsmUnknownOperationError extends SsmError {
  override readonly name = 'SsmUnknownOperationError';
  override readonly code = 'UnknownOperationException';
}
