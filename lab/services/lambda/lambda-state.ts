/**
 * What the lab's Lambda keeps (LocalStack keeps the same in its `LambdaStore`,
 * localstack-core/localstack/services/lambda_/invocation/models.py): the functions by name, the
 * event source mappings by UUID, and the permissions others hold to invoke the functions.
 */
import type { EventSourceMapping } from './event-source-mapping/event-source-mapping';
import type { LocalFunction } from './runtime/local-function';

/** A deployed function: the running code and what it was deployed with. */
export interface DeployedFunction {
  readonly fn: LocalFunction;
  readonly roleArn: string;
  readonly timeoutSeconds: number;
  readonly arn: string;
  /** Where its lines go: `LoggingConfig.LogGroup`, or `/aws/lambda/<name>`. */
  readonly logGroupName: string;
  /** `ReservedConcurrentExecutions`, when the template sets it. */
  readonly reservedConcurrency?: number;
}

/** One `AWS::Lambda::Permission`: who may invoke which function. */
export interface LambdaPermission {
  readonly functionName: string;
  readonly principal: string;
}

/** Who may invoke which function, by the permission's id. */
export type PermissionStore = Map<string, LambdaPermission>;

/** The functions, mappings and permissions of one lab's Lambda. */
export class LambdaState {
  readonly functions = new Map<string, DeployedFunction>();
  readonly mappings = new Map<string, EventSourceMapping>();
  readonly permissions: PermissionStore = new Map();
}
