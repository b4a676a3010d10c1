/**
 * The errors of the lab's CloudFormation stand-in: one base class over {@link ServiceError},
 * each with a `cause` when one exists. A template CloudFormation cannot read is its API's
 * `ValidationError` (400); a failed stack operation is no API error but the stack's status.
 */
import { ServiceError } from '../service-error';

/** Base of every error the stand-in raises. */
export class CloudFormationError extends ServiceError {
  override readonly name: string = 'CloudFormationError';
}

/** A cloud assembly or template the stand-in cannot read. */
export class AssemblyError extends CloudFormationError {
  override readonly name = 'AssemblyError';
  override readonly code = 'ValidationError';
}

/** A template uses a construct (an intrinsic, a reference) the stand-in cannot resolve. */
export class TemplateError extends CloudFormationError {
  override readonly name = 'TemplateError';
  override readonly code = 'ValidationError';
}

/** A resource type no provider handles. */
export class UnsupportedResourceTypeError extends CloudFormationError {
  override readonly name = 'UnsupportedResourceTypeError';
  override readonly code = 'ValidationError';
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
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A resource whose properties fail its registry schema, with CloudFormation's words (the stack
 * events in aws-cloudformation/cloudformation-coverage-roadmap#1005 and #1514, awslabs/aws-saas-boost#179).
 */
export class PropertiesValidationError extends CloudFormationError {
  override readonly name = 'PropertiesValidationError';
  constructor(
    readonly logicalId: string,
    /** Each failure, e.g. `#/VisibilityTimeout: expected type: Number, found: String`. */
    readonly failures: readonly string[],
  ) {
    super(
      `Resource template validation failed for resource ${logicalId} as the template has invalid properties. ` +
        'Please refer to the resource documentation to fix the template. ' +
        `Properties validation failed for resource ${logicalId} with message: ${failures.join(' ')}`,
    );
  }
}

/** A property the lab refuses by name: it would change what the lab shows, and the lab does not emulate it. */
export class UnemulatedPropertyError extends CloudFormationError {
  override readonly name = 'UnemulatedPropertyError';
  constructor(
    /** `AWS::Lambda::EventSourceMapping.ProvisionedPollerConfig`. */
    readonly property: string,
  ) {
    super(`the lab does not emulate ${property}`);
  }
}

/** A create refused because another stack's resource has the name (the resource handlers' `AlreadyExists`). */
export class ResourceAlreadyExistsError extends CloudFormationError {
  override readonly name = 'ResourceAlreadyExistsError';
  override readonly code = 'AlreadyExists';
}

/** Raised when the CDK app throws while synthesizing (a bad context switch, an invalid topology). */
export class SynthesisError extends ServiceError {
  override readonly name = 'SynthesisError';
}

/** Input the CloudFormation API refuses (its `ValidationError`, 400), in AWS's words. */
export class ApiValidationError extends CloudFormationError {
  override readonly name = 'ApiValidationError';
  override readonly code = 'ValidationError';
}

/** A change set that does not exist (the query code `ChangeSetNotFound`, 404). */
export class ChangeSetNotFoundError extends CloudFormationError {
  override readonly name = 'ChangeSetNotFoundError';
  override readonly code = 'ChangeSetNotFound';
  override readonly statusCode = 404;
}

/** A template with IAM resources submitted without the capability it needs. */
export class InsufficientCapabilitiesError extends CloudFormationError {
  override readonly name = 'InsufficientCapabilitiesError';
  override readonly code = 'InsufficientCapabilitiesException';
}

/** A change set that cannot be executed in its status (the query code `InvalidChangeSetStatus`). */
export class InvalidChangeSetStatusError extends CloudFormationError {
  override readonly name = 'InvalidChangeSetStatusError';
  override readonly code = 'InvalidChangeSetStatus';
}

/** A stack created under a name a live stack holds. */
export class StackAlreadyExistsError extends CloudFormationError {
  override readonly name = 'StackAlreadyExistsError';
  override readonly code = 'AlreadyExistsException';
}

/** An action the API does not have (the query protocol's `InvalidAction`, 400). */
export class InvalidActionError extends CloudFormationError {
  override readonly name = 'InvalidActionError';
  override readonly code = 'InvalidAction';
}

/**
 * A change set the lab's own deploy made that CloudFormation could not compute (FAILED for a
 * reason other than "no changes"), with its status reason.
 */
export class ChangeSetFailedError extends CloudFormationError {
  override readonly name = 'ChangeSetFailedError';
}

/**
 * A delete of a stack whose export another stack still imports: CloudFormation's stack event says
 * "Export <name> cannot be deleted as it is in use by <stack>", and nothing of the stack goes.
 */
export class ExportInUseError extends CloudFormationError {
  override readonly name = 'ExportInUseError';

  constructor(
    readonly exportName: string,
    readonly importer: string,
  ) {
    super(`Export ${exportName} cannot be deleted as it is in use by ${importer}`);
  }
}
