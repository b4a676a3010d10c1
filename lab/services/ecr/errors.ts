/**
 * ECR's errors as the lab raises them, each a {@link ServiceError} with ECR's code and words
 * (the `Errors` of the CreateRepository API reference,
 * https://docs.aws.amazon.com/AmazonECR/latest/APIReference/API_CreateRepository.html#API_CreateRepository_Errors).
 */
import { ServiceError } from '../service-error';

/** A repository name another repository of the lab holds (ECR's `RepositoryAlreadyExistsException`). */
export class RepositoryAlreadyExistsError extends ServiceError {
  override readonly name = 'RepositoryAlreadyExistsError';
  override readonly code = 'RepositoryAlreadyExistsException';
}
