/**
 * `AWS::Lambda::Function`: the code CDK bundled (the asset directory its `Code.S3Key` names),
 * started as a {@link LocalFunction} with the template's handler, timeout, memory, environment,
 * role (every AWS call it makes is authorized against that role) and log group.
 */
import { join } from 'node:path';
import { fakeAwsEnvironment, functionArn } from '../../../common/local-aws';
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';
import type { LambdaService } from '../lambda-service';
import { type LambdaLogging, lambdaEnvironment } from '../runtime/lambda-environment';
import { LocalFunction, type LocalFunctionOptions } from '../runtime/local-function';
import { generatedName } from '../../cloudformation/generated-name';
import { DESCRIPTION_NOTE, TAGS_NOTE } from '../../cloudformation/common-notes';
import type { PropertyCoverage } from '../../cloudformation/property-coverage';

/** What the function provider does with each property of `AWS::Lambda::Function`. */
export const LAMBDA_FUNCTION_PROPERTIES: PropertyCoverage = {
  emulated: [
    'Code',
    'Environment',
    'FunctionName',
    'Handler',
    'LoggingConfig',
    'MemorySize',
    'ReservedConcurrentExecutions',
    'Role',
    'Runtime',
    'Timeout',
  ],
  noted: {
    Architectures: {
      en: 'arm64 or x86_64 changes the price per GB-second, not what JavaScript does',
      ja: 'arm64 か x86_64 かで GB 秒あたりの料金は変わりますが、JavaScript の動きは変わりません',
    },
    EphemeralStorage: {
      en: 'the lab does not limit /tmp; the handlers here write nothing there',
      ja: 'ラボは /tmp の容量を制限しません。このプロジェクトのハンドラーは /tmp に何も書きません',
    },
    RuntimeManagementConfig: {
      en: 'runtime updates are Lambda’s to schedule; the lab runs one Node.js for every function',
      ja: 'ランタイムの更新時期は Lambda が決めます。ラボはすべての関数を同じ Node.js で動かします',
    },
    TracingConfig: {
      en: 'X-Ray tracing sends segments the lab does not collect (the trace header is set either way)',
      ja: 'X-Ray トレースが送るセグメントをラボは集めません（トレースヘッダーはどちらでも設定されます）',
    },
    Description: DESCRIPTION_NOTE,
    Tags: TAGS_NOTE,
  },
  refused: [
    'CapacityProviderConfig',
    'CodeSigningConfigArn',
    'DeadLetterConfig',
    'DurableConfig',
    'FileSystemConfigs',
    'FunctionScalingConfig',
    'ImageConfig',
    'KmsKeyArn',
    'Layers',
    'PackageType',
    'PublishToLatestPublished',
    'RecursiveLoop',
    'SnapStart',
    'TenancyConfig',
    'VpcConfig',
  ],
};

/** What the provider needs from the lab. */
export interface LambdaFunctionProviderOptions {
  readonly lambda: LambdaService;
  /** The asset directory of `<stack>` whose S3 key is `key`. */
  assetDir(stackName: string, key: string): string;
  readonly runtimePath: string;
  readonly localhostDnsModuleUrl: string;
  readonly endpoints: { readonly sqsEndpoint: string; readonly dynamodbEndpoint: string };
  /** Everything else a LocalFunction takes that the lab decides (logs, call counting, IAM, redirects). */
  runtimeOptions(function_: {
    readonly functionName: string;
    readonly roleArn: string;
  }): Pick<LocalFunctionOptions, 'logs' | 'awsCalls' | 'authorize' | 'httpsRedirects' | 'iamVersion' | 'activeAt'>;
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
  ) => {
    const code = properties.Code as { S3Key?: string } | undefined;
    if (code?.S3Key === undefined)
      throw new Error(`${logicalId}: the lab runs only Code.S3Key assets from the cloud assembly`);
    const runtime = String(properties.Runtime ?? '');
    if (!runtime.startsWith('nodejs'))
      throw new Error(`${logicalId}: the lab runs Node.js functions only, got Runtime ${runtime || '(none)'}`);
    const handler = String(properties.Handler ?? 'index.handler');
    const [file, exported] = splitHandler(handler);
    if (exported !== 'handler')
      throw new Error(`${logicalId}: the lab runs handlers exported as "handler", got ${handler}`);
    const timeoutSeconds = Number(properties.Timeout ?? 3);
    const memoryMb = Number(properties.MemorySize ?? 128);
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
    const ref = { stackName, functionId: constructIdOf(logicalId), functionName: name };
    const environment = lambdaEnvironment({
      ref,
      spec: { memoryMb },
      logging: lambdaLogging,
      bindings: Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, String(value)])),
      awsEnvironment: fakeAwsEnvironment(),
      sqsEndpoint: options.endpoints.sqsEndpoint,
      dynamodbEndpoint: options.endpoints.dynamodbEndpoint,
    });
    environment._HANDLER = handler;
    if (logging?.LogGroup !== undefined) environment.AWS_LAMBDA_LOG_GROUP_NAME = logging.LogGroup;
    const fn = new LocalFunction({
      ref,
      bundlePath: join(options.assetDir(stackName, code.S3Key), `${file}.js`),
      runtimePath: options.runtimePath,
      localhostDnsModuleUrl: options.localhostDnsModuleUrl,
      timeoutSeconds,
      memoryMb,
      environment,
      ...(logging?.LogGroup === undefined ? {} : { logGroupName: logging.LogGroup }),
      ...options.runtimeOptions({ functionName: name, roleArn }),
    });
    const arn = functionArn(name);
    await options.lambda.put(name, {
      fn,
      roleArn,
      timeoutSeconds,
      arn,
      logGroupName: logging?.LogGroup ?? `/aws/lambda/${name}`,
      ...(properties.ReservedConcurrentExecutions === undefined
        ? {}
        : { reservedConcurrency: Number(properties.ReservedConcurrentExecutions) }),
    });
    return { physicalId: name, attributes: { Arn: arn } };
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
      ),
    update: async ({ stackName, logicalId, properties, previous }) =>
      start(stackName, logicalId, previous.physicalId, properties),
    delete: async ({ resource }) => options.lambda.remove(resource.physicalId),
    requiresReplacement: (previous, next) => changedAny(['FunctionName'], previous, next),
  };
}

function splitHandler(handler: string): [string, string] {
  const dot = handler.lastIndexOf('.');
  return dot < 0 ? [handler, 'handler'] : [handler.slice(0, dot), handler.slice(dot + 1)];
}
