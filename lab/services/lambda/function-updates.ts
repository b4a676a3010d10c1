/**
 * UpdateFunctionCode and UpdateFunctionConfiguration on the lab's functions, as Lambda applies
 * them (Lambda guide, "Lambda function states"; LocalStack, localstack-core/localstack/services/
 * lambda_/provider.py `update_function_code`): the request is checked and answered with
 * `LastUpdateStatus: InProgress`, then the function is swapped for one with the new code or
 * configuration, and the status turns `Successful`. The next invocation starts a new execution
 * environment; invocations already running finish on the old one, whose environments are then
 * retired. The CDK CLI's hotswap waits for `Successful` through GetFunction.
 */
import { randomUUID } from 'node:crypto';
import { functionArn } from '../../common/local-aws';
import {
  CodeObjectNotFoundError,
  InvalidParameterValueError,
  PreconditionFailedError,
  ResourceConflictError,
  UnsupportedLambdaRequestError,
} from './errors';
import { boundedMember } from './bounded-member';
import type { LambdaService } from './lambda-service';
import { runtimeRefusal } from './runtimes';
import type { DeployedFunction, FunctionConfiguration } from './lambda-state';
import { DEFAULT_CODE_CACHE_DIR, type FunctionCode, unzipFunctionCode } from './runtime/function-code';
import { provideRuntimeSdk } from './runtime/runtime-sdk';
import { type FunctionRuntimeOptions, handlerPath, lambdaTimestamp, launchFunction } from './runtime/function-launcher';

/** What the updates need: the functions, the lab's S3, and what every new environment is started with. */
export interface FunctionUpdatesOptions extends FunctionRuntimeOptions {
  readonly lambda: LambdaService;
  /** The lab's S3: an object's bytes, or undefined when the bucket or the key is not there. */
  objectBytes(bucket: string, key: string): Buffer | undefined;
  /** Where code zips are unpacked (default `.lab/lambda-code/`). */
  readonly codeCacheDir?: string;
  /** The clock runtime deprecations are judged by (default: the machine's). */
  readonly now?: () => Date;
}

/** UpdateFunctionCode's request body (the members the lab reads). */
export interface UpdateCodeInput {
  readonly ZipFile?: unknown;
  readonly S3Bucket?: unknown;
  readonly S3Key?: unknown;
  readonly ImageUri?: unknown;
  readonly RevisionId?: unknown;
  readonly DryRun?: unknown;
  readonly Publish?: unknown;
}

/** The settings UpdateFunctionConfiguration changes in the lab. */
const UPDATABLE_SETTINGS = new Set(['Environment', 'Timeout', 'MemorySize', 'Description', 'RevisionId']);

/** Lambda's bounds (API reference, UpdateFunctionConfiguration). */
const TIMEOUT_RANGE = { min: 1, max: 900 } as const;
const MEMORY_RANGE = { min: 128, max: 10_240 } as const;

/** The lab's Lambda update operations. */
export class FunctionUpdates {
  constructor(private readonly options: FunctionUpdatesOptions) {}

  /** UpdateFunctionCode: the function as it will be (answered with InProgress unless a dry run). */
  async updateCode(name: string, input: UpdateCodeInput): Promise<DeployedFunction> {
    const deployed = this.updatable(name, input.RevisionId);
    if (input.ImageUri !== undefined && input.ImageUri !== null)
      throw new InvalidParameterValueError(
        "Please don't provide ImageUri when updating a function with packageType Zip.",
      );
    if (input.Publish === true)
      throw new UnsupportedLambdaRequestError(
        "the lab's functions have one version, $LATEST: it does not publish versions (leave out Publish)",
      );
    const code = await this.codeOf(input);
    if (deployed.configuration.runtime.startsWith('nodejs'))
      await provideRuntimeSdk(code.dir, handlerPath(code.dir, deployed.configuration.handler));
    const next = this.next(name, deployed, { code }, deployed.timeoutSeconds);
    if (input.DryRun !== true) this.apply(name, deployed, next);
    return next;
  }

  /** UpdateFunctionConfiguration of Environment, Timeout, MemorySize and Description. */
  updateConfiguration(name: string, input: Readonly<Record<string, unknown>>): DeployedFunction {
    const deployed = this.updatable(name, input.RevisionId);
    const unsupported = Object.keys(input).filter(
      (key) => !UPDATABLE_SETTINGS.has(key) && input[key] !== undefined && input[key] !== null,
    );
    if (unsupported.length > 0)
      throw new UnsupportedLambdaRequestError(
        `the lab's Lambda updates Environment, Timeout, MemorySize and Description only, not ${unsupported.join(', ')}`,
      );
    const change: Partial<FunctionConfiguration> = {
      ...(input.Environment === undefined ? {} : { variables: variablesOf(input.Environment) }),
      ...(input.MemorySize === undefined
        ? {}
        : { memoryMb: boundedMember(input.MemorySize, 'memorySize', MEMORY_RANGE) }),
      ...(input.Description === undefined ? {} : { description: descriptionOf(input.Description) }),
    };
    const timeoutSeconds =
      input.Timeout === undefined ? deployed.timeoutSeconds : boundedMember(input.Timeout, 'timeout', TIMEOUT_RANGE);
    const next = this.next(name, deployed, change, timeoutSeconds);
    this.apply(name, deployed, next);
    return next;
  }

  /** The function, when no update is being applied and the revision (if given) is its own. */
  private updatable(name: string, revisionId: unknown): DeployedFunction {
    const deployed = this.options.lambda.get(name);
    if (this.options.lambda.updates.get(name)?.status === 'InProgress')
      throw new ResourceConflictError(
        `The operation cannot be performed at this time. An update is in progress for resource: ${functionArn(name)}`,
      );
    // A runtime past its "block function update" date takes no update (Lambda guide, "Runtime deprecation").
    const refusal = runtimeRefusal(deployed.configuration.runtime, 'update', this.options.now?.() ?? new Date());
    if (refusal !== undefined) throw new InvalidParameterValueError(refusal);
    if (revisionId !== undefined && revisionId !== null && revisionId !== deployed.configuration.revisionId)
      throw new PreconditionFailedError(
        'The Revision Id provided does not match the latest Revision Id. Call the GetFunction/GetAlias API to retrieve the latest Revision Id',
      );
    return deployed;
  }

  /** The code a request names: an inline zip (base64 in the JSON body) or an S3 object of the lab. */
  private async codeOf(input: UpdateCodeInput): Promise<FunctionCode> {
    const cacheDir = this.options.codeCacheDir ?? DEFAULT_CODE_CACHE_DIR;
    if (typeof input.ZipFile === 'string') return unzipFunctionCode(Buffer.from(input.ZipFile, 'base64'), cacheDir);
    if (typeof input.S3Bucket === 'string' && typeof input.S3Key === 'string') {
      const bytes = this.options.objectBytes(input.S3Bucket, input.S3Key);
      if (bytes === undefined) throw new CodeObjectNotFoundError(input.S3Bucket, input.S3Key);
      return { ...(await unzipFunctionCode(bytes, cacheDir)), s3: { bucket: input.S3Bucket, key: input.S3Key } };
    }
    throw new InvalidParameterValueError('UpdateFunctionCode needs ZipFile, or S3Bucket and S3Key');
  }

  /** The function with `change` applied, on a new LocalFunction (whose environments start on demand). */
  private next(
    name: string,
    deployed: DeployedFunction,
    change: Partial<FunctionConfiguration>,
    timeoutSeconds: number,
  ): DeployedFunction {
    const configuration: FunctionConfiguration = {
      ...deployed.configuration,
      ...change,
      lastModified: lambdaTimestamp(),
      revisionId: randomUUID(),
    };
    const defaultLogGroup = `/aws/lambda/${name}`;
    const fn = launchFunction(this.options, {
      ref: deployed.fn.ref,
      roleArn: deployed.roleArn,
      timeoutSeconds,
      configuration,
      ...(deployed.logGroupName === defaultLogGroup ? {} : { logGroupName: deployed.logGroupName }),
    });
    return { ...deployed, fn, timeoutSeconds, configuration };
  }

  /**
   * InProgress now; the swap, and Successful, once the request has been answered. When the
   * function was replaced meanwhile (a CloudFormation deploy, a delete), the update is dropped.
   */
  private apply(name: string, base: DeployedFunction, next: DeployedFunction): void {
    const { lambda } = this.options;
    lambda.updates.set(name, {
      status: 'InProgress',
      // Lambda's words while an update is applied (LocalStack's aws.validated snapshot, test_function_lifecycle).
      reason: 'The function is being created.',
      reasonCode: 'Creating',
    });
    setImmediate(() => {
      if (lambda.all().get(name) === base) lambda.swap(name, next);
      else void next.fn.stop();
      lambda.updates.delete(name);
    });
  }
}

function variablesOf(environment: unknown): Record<string, string> {
  const variables = (environment as { Variables?: unknown } | null)?.Variables ?? {};
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables))
    throw new InvalidParameterValueError('Environment.Variables must be a map of strings');
  const entries = Object.entries(variables);
  const notString = entries.find(([, value]) => typeof value !== 'string');
  if (notString !== undefined)
    throw new InvalidParameterValueError(`Environment.Variables.${notString[0]} must be a string`);
  return Object.fromEntries(entries) as Record<string, string>;
}

function descriptionOf(value: unknown): string {
  if (typeof value !== 'string' || value.length > 256)
    throw new InvalidParameterValueError('Description must be a string of at most 256 characters');
  return value;
}
