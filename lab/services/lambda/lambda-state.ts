/**
 * What the lab's Lambda keeps (LocalStack keeps the same in its `LambdaStore`,
 * localstack-core/localstack/services/lambda_/invocation/models.py): the functions by name, the
 * event source mappings by UUID, and the permissions others hold to invoke the functions.
 */
import type { EventSourceMapping } from './event-source-mapping/event-source-mapping';
import type { EventInvokeConfig } from './event-invoke-config';
import type { FunctionCode } from './runtime/function-code';
import type { LambdaLogging } from './runtime/lambda-environment';
import type { LocalFunction } from './runtime/local-function';

/**
 * What a function was deployed with, beyond its timeout and role: what GetFunction reports and
 * what an update starts the next execution environments from.
 */
export interface FunctionConfiguration {
  /** `index.handler`: the file (without `.js`) in the code directory, and the export. */
  readonly handler: string;
  /** `nodejs24.x`. */
  readonly runtime: string;
  readonly memoryMb: number;
  /** The function's own environment variables (`Environment.Variables`). */
  readonly variables: Readonly<Record<string, string>>;
  readonly logging: LambdaLogging;
  readonly code: FunctionCode;
  readonly description: string;
  /** When the function was created or last updated, as Lambda writes it (`2026-11-26T02:30:00.000+0000`). */
  readonly lastModified: string;
  /** Changes on every update (Lambda's `RevisionId`). */
  readonly revisionId: string;
  /** `KmsKeyArn`: the customer-managed key the environment variables are encrypted with. */
  readonly kmsKeyArn?: string;
}

/**
 * Lambda's `LastUpdateStatus` while an update (UpdateFunctionCode, UpdateFunctionConfiguration)
 * is being applied, or after one failed; a function without one is `Successful`.
 */
export interface FunctionUpdateStatus {
  readonly status: 'InProgress' | 'Failed';
  readonly reason: string;
  readonly reasonCode: string;
}

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
  readonly configuration: FunctionConfiguration;
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
  /** Functions whose last update is in progress or failed, by name. */
  readonly updates = new Map<string, FunctionUpdateStatus>();
  /** Asynchronous invocation settings (`AWS::Lambda::EventInvokeConfig`), by function name. */
  readonly eventInvokeConfigs = new Map<string, EventInvokeConfig>();
}
