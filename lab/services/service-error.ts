/**
 * The one base of every error a lab service raises: an error code (AWS's, where AWS has one for
 * the case), a message in AWS's words, the HTTP status AWS answers it with, and the `cause`.
 * LocalStack's services share one such base, `CommonServiceException(code, message,
 * status_code=400, sender_fault=False)` over `ServiceException`
 * (localstack/localstack, localstack-core/localstack/aws/api/core.py): "an exception which can be
 * raised within a service during its execution, even if it is not specified". The lab keeps
 * LocalStack's default status (400) and leaves out `sender_fault`: every error the lab's
 * services answer with is the sender's, and the one receiver fault (SQS's `InternalError`) is
 * written by the endpoint, not raised.
 *
 * The base sets no `name`: each service's class keeps the name it had (some are AWS's exception
 * names, which the SDK and the tests read), and a class without one stays an `Error` by name.
 */

/** What a {@link ServiceError} is raised with, beyond its message. */
export interface ServiceErrorOptions {
  /** AWS's error code (`ValidationException`, `QueueDoesNotExist`); default: the class's name, the lab's own code. */
  readonly code?: string;
  /** The HTTP status AWS answers the error with; default 400. */
  readonly statusCode?: number;
  /** The error underneath, if any. */
  readonly cause?: unknown;
}

/** Base of every lab service's errors (code, message, HTTP status, `cause`). */
export class ServiceError extends Error {
  /** AWS's error code for the case; a subclass may fix it as a field (`override readonly code = '…'`). */
  readonly code: string;
  /** The HTTP status AWS answers with. */
  readonly statusCode: number;

  constructor(message: string, options: ServiceErrorOptions = {}) {
    // `cause` only when given, as `new Error(message, options)` does: no own `cause` otherwise.
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.code = options.code ?? new.target.name;
    this.statusCode = options.statusCode ?? 400;
  }
}
