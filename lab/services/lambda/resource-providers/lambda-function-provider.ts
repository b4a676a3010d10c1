/**
 * `AWS::Lambda::Function`: the code its `Code` names (the zip the CDK CLI uploaded to the lab's
 * S3, the cloud assembly's asset directory when the lab deploys its own assembly, or inline
 * `ZipFile` source), started as a LocalFunction with the template's handler, timeout, memory, environment,
 * role (every AWS call it makes is authorized against that role) and log group.
 */
import { randomUUID } from 'node:crypto';
import { functionArn } from '../../../common/local-aws';
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';
import type { LambdaService } from '../lambda-service';
import type { FunctionConfiguration } from '../lambda-state';
import { InvalidParameterValueError } from '../errors';
import { runtimeRefusal } from '../runtimes';
import type { CodeResolver } from '../runtime/code-from-s3';
import { type FunctionCode, inlineFunctionCode } from '../runtime/function-code';
import {
  type FunctionRuntimeOptions,
  handlerPath,
  lambdaTimestamp,
  launchFunction,
} from '../runtime/function-launcher';
import type { LambdaLogging } from '../runtime/lambda-environment';
import { provideRuntimeSdk } from '../runtime/runtime-sdk';
import type { LabKeys } from '../../../common/aws-managed-key';
import { generatedName } from '../../cloudformation/engine/generated-name';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';

/** What the function provider does with each property of `AWS::Lambda::Function`. */
export const LAMBDA_FUNCTION_PROPERTIES: PropertyCoverage = {
  emulated: [
    'Code',
    'Environment',
    'FunctionName',
    'Handler',
    'KmsKeyArn',
    'LoggingConfig',
    'MemorySize',
    'ReservedConcurrentExecutions',
    'Role',
    'Runtime',
    'Timeout',
  ],
  noted: {
    Architectures: 'lambdaFunctionArchitectures',
    EphemeralStorage: 'lambdaFunctionEphemeralStorage',
    RuntimeManagementConfig: 'lambdaFunctionRuntimeManagementConfig',
    PackageType: 'lambdaFunctionPackageType',
    RecursiveLoop: 'lambdaFunctionRecursiveLoop',
    TracingConfig: 'lambdaFunctionTracingConfig',
    Description: 'description',
    Tags: 'tags',
  },
  refused: [
    'CapacityProviderConfig',
    'CodeSigningConfigArn',
    'DeadLetterConfig',
    'DurableConfig',
    'FileSystemConfigs',
    'FunctionScalingConfig',
    'ImageConfig',
    'Layers',
    'PublishToLatestPublished',
    'SnapStart',
    'TenancyConfig',
    'VpcConfig',
  ],
};

/** What the provider needs from the lab. */
export interface LambdaFunctionProviderOptions extends FunctionRuntimeOptions {
  readonly lambda: LambdaService;
  /**
   * The code `Code.S3Bucket`/`Code.S3Key` names (`codeFromS3`: the zip in the lab's S3, or the
   * cloud assembly's asset directory).
   */
  readonly code: CodeResolver;
  /** The clock runtime deprecations are judged by (default: the machine's). */
  readonly now?: () => Date;
  /** The lab's KMS: a `KmsKeyArn` must name one of its keys. */
  readonly kms?: LabKeys;
}

/** The topology id of a CDK logical id (`Worker11F36D0F` → `Worker`). */
export function constructIdOf(logicalId: string): string {
  return logicalId.replace(/[0-9A-F]{8}$/, '');
}

/** The function provider. */
export function lambdaFunctionProvider(options: LambdaFunctionProviderOptions): ResourceProvider {
  const start = async (
    stackName: string,
    logicalId: string,
    name: string,
    properties: Readonly<Record<string, unknown>>,
    phase: 'create' | 'update',
  ) => {
    const code = (properties.Code ?? {}) as { S3Bucket?: unknown; S3Key?: unknown; ZipFile?: unknown };
    const runtime = String(properties.Runtime ?? '');
    if (!runtime.startsWith('nodejs') && !runtime.startsWith('python'))
      throw new Error(
        `${logicalId}: the lab runs Node.js and Python functions only, got Runtime ${runtime || '(none)'}`,
      );
    if (properties.PackageType !== undefined && properties.PackageType !== 'Zip')
      throw new Error(
        `${logicalId}: the lab runs Zip functions only, got PackageType ${String(properties.PackageType)}`,
      );
    const refusal = runtimeRefusal(runtime, phase, options.now?.() ?? new Date());
    if (refusal !== undefined) throw new InvalidParameterValueError(refusal);
    const handler = String(properties.Handler ?? 'index.handler');
    const timeoutSeconds = Number(properties.Timeout ?? 3);
    const roleArn = String(properties.Role ?? '');
    const variables = ((properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ??
      {}) as Record<string, unknown>;
    const logging = properties.LoggingConfig as
      { LogGroup?: string; LogFormat?: string; ApplicationLogLevel?: string; SystemLogLevel?: string } | undefined;
    // Lambda's defaults: Text; with JSON, INFO for both levels.
    const lambdaLogging: LambdaLogging = {
      format: logging?.LogFormat === 'JSON' ? 'JSON' : 'Text',
      applicationLogLevel: (logging?.ApplicationLogLevel ?? 'INFO') as LambdaLogging['applicationLogLevel'],
      systemLogLevel: (logging?.SystemLogLevel ?? 'INFO') as LambdaLogging['systemLogLevel'],
    };
    const kmsKeyArn = properties.KmsKeyArn;
    if (kmsKeyArn !== undefined && !(typeof kmsKeyArn === 'string' && options.kms?.has(kmsKeyArn) === true))
      throw new Error(
        `${logicalId}: KmsKeyArn ${JSON.stringify(kmsKeyArn)} names no key of the lab: a function's environment is encrypted with an AWS::KMS::Key of your stacks, or left to Lambda's own key`,
      );
    const configuration: FunctionConfiguration = {
      ...(typeof kmsKeyArn === 'string' ? { kmsKeyArn } : {}),
      handler,
      runtime,
      memoryMb: Number(properties.MemorySize ?? 128),
      variables: Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, String(value)])),
      logging: lambdaLogging,
      code: await functionCode(stackName, logicalId, code, runtime),
      description: typeof properties.Description === 'string' ? properties.Description : '',
      lastModified: lambdaTimestamp(),
      revisionId: randomUUID(),
    };
    // The runtime's SDK clients the code imports are there before the function is (runtime-sdk.ts).
    if (runtime.startsWith('nodejs'))
      await provideRuntimeSdk(configuration.code.dir, handlerPath(configuration.code.dir, handler));
    const ref = { stackName, functionId: constructIdOf(logicalId), functionName: name };
    const logGroupName = logging?.LogGroup;
    const fn = launchFunction(options, {
      ref,
      roleArn,
      timeoutSeconds,
      configuration,
      ...(logGroupName === undefined ? {} : { logGroupName }),
    });
    const arn = functionArn(name);
    await options.lambda.put(name, {
      fn,
      roleArn,
      timeoutSeconds,
      arn,
      logGroupName: logGroupName ?? `/aws/lambda/${name}`,
      configuration,
      ...(properties.ReservedConcurrentExecutions === undefined
        ? {}
        : { reservedConcurrency: Number(properties.ReservedConcurrentExecutions) }),
    });
    return { physicalId: name, attributes: { Arn: arn } };
  };
  const functionCode = async (
    stackName: string,
    logicalId: string,
    code: { S3Bucket?: unknown; S3Key?: unknown; ZipFile?: unknown },
    runtime: string,
  ): Promise<FunctionCode> => {
    // Lambda writes inline source to index.js, or index.py for a Python runtime.
    if (typeof code.ZipFile === 'string')
      return inlineFunctionCode(code.ZipFile, undefined, runtime.startsWith('python') ? 'index.py' : 'index.js');
    if (typeof code.S3Key !== 'string')
      throw new Error(`${logicalId}: the lab runs Code.S3Key (an S3 zip or a cloud assembly asset) or Code.ZipFile`);
    return options.code({
      stackName,
      s3Bucket: typeof code.S3Bucket === 'string' ? code.S3Bucket : '',
      s3Key: code.S3Key,
    });
  };
  return {
    type: 'AWS::Lambda::Function',
    properties: LAMBDA_FUNCTION_PROPERTIES,
    create: async ({ stackName, logicalId, properties }) =>
      start(
        stackName,
        logicalId,
        typeof properties.FunctionName === 'string'
          ? properties.FunctionName
          : generatedName({ stackName, logicalId, randomLength: 12, lowerCase: true, maxLength: 64 }),
        properties,
        'create',
      ),
    update: async ({ stackName, logicalId, properties, previous }) =>
      start(stackName, logicalId, previous.physicalId, properties, 'update'),
    delete: async ({ resource }) => options.lambda.remove(resource.physicalId),
    requiresReplacement: (previous, next) => changedAny(['FunctionName'], previous, next),
  };
}
