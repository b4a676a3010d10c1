/**
 * The errors of the lab's API Gateway, each a {@link ServiceError} with API Gateway's exception
 * name and status: `NotFoundException` (404, "Invalid API identifier specified <id>") and
 * `BadRequestException` (400), as the API Gateway API reference lists them under Errors.
 */
import { ServiceError } from '../service-error';

/** `NotFoundException`: the REST API or resource id names nothing. */
export class NotFoundError extends ServiceError {
  override readonly name = 'NotFoundException';
  override readonly code = 'NotFoundException';
  override readonly statusCode = 404;
}

/** `BadRequestException`: the request cannot be carried out as it stands (a stage with no route to serve). */
export class BadRequestError extends ServiceError {
  override readonly name = 'BadRequestException';
  override readonly code = 'BadRequestException';
}
