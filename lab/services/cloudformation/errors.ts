/** The errors of the lab's CloudFormation stand-in: one base class, each with a `cause` when one exists. */

/** Base of every error the stand-in raises. */
export class CloudFormationError extends Error {
  override readonly name: string = 'CloudFormationError';
}

/** A cloud assembly or template the stand-in cannot read. */
export class AssemblyError extends CloudFormationError {
  override readonly name = 'AssemblyError';
}

/** A template uses a construct (an intrinsic, a reference) the stand-in cannot resolve. */
export class TemplateError extends CloudFormationError {
  override readonly name = 'TemplateError';
}

/** A resource type no provider handles. */
export class UnsupportedResourceTypeError extends CloudFormationError {
  override readonly name = 'UnsupportedResourceTypeError';
}

/** A stack operation ended in a failed or rolled-back state. */
export class StackOperationFailedError extends CloudFormationError {
  override readonly name = 'StackOperationFailedError';
  constructor(
    message: string,
    /** The stack's final status, e.g. `ROLLBACK_COMPLETE`, `UPDATE_ROLLBACK_COMPLETE`. */
    readonly status: string,
    /** The logical id of the resource that failed. */
    readonly logicalId: string | undefined,
    /** The provider's reason, as CloudFormation shows it on `*_FAILED`. */
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
