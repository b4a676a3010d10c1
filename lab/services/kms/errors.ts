/**
 * KMS's errors as the lab's endpoint answers them (JSON 1.1, the code in `__type`), each a
 * {@link ServiceError}, in KMS's words as recorded against AWS (LocalStack's
 * tests/aws/services/kms/test_kms.snapshot.json).
 */
import { ServiceError } from '../service-error';

/** Base of the lab's KMS errors. */
export class KmsError extends ServiceError {
  override readonly name: string = 'KmsError';
}

/** `NotFoundException` (400): "Key '<arn>' does not exist", "Invalid keyId '<id>'", "Alias <arn> is not found.". */
export class KmsNotFoundError extends KmsError {
  override readonly name = 'KmsNotFoundError';
  override readonly code = 'NotFoundException';
}

/** `DisabledException` (400): "<key arn> is disabled.". */
export class KmsDisabledError extends KmsError {
  override readonly name = 'KmsDisabledError';
  override readonly code = 'DisabledException';
}

/** `InvalidCiphertextException` (400), with no message, as KMS answers it. */
export class KmsInvalidCiphertextError extends KmsError {
  override readonly name = 'KmsInvalidCiphertextError';
  override readonly code = 'InvalidCiphertextException';

  constructor(options: { readonly cause?: unknown } = {}) {
    super('', options);
  }
}

/** `ValidationException` (400): a member outside its constraint. */
export class KmsValidationError extends KmsError {
  override readonly name = 'KmsValidationError';
  override readonly code = 'ValidationException';
}

/** An operation the lab's KMS does not implement, named. */
export class KmsUnknownOperationError extends KmsError {
  override readonly name = 'KmsUnknownOperationError';
  override readonly code = 'UnknownOperationException';
}
