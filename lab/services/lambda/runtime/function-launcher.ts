/**
 * Starts a {@link LocalFunction} from what a function was deployed with: the CloudFormation
 * provider does it on create and update, the Lambda API after UpdateFunctionCode and
 * UpdateFunctionConfiguration, so both build the environment (variables, log group, handler
 * file) the same way.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FunctionRef } from '../../../bus/lab-log-record';
import { fakeAwsEnvironment, functionAccessKeyId } from '../../../common/local-aws';
import type { FunctionConfiguration } from '../lambda-state';
import { lambdaEnvironment } from './lambda-environment';
import { LocalFunction, type LocalFunctionOptions } from './local-function';
import { pythonExecutable } from './python/python-executable';
import { runtimeSdkRoots } from './runtime-sdk';

/** What the lab gives every function it starts, whoever starts it. */
export interface FunctionRuntimeOptions {
  readonly runtimePath: string;
  readonly localhostDnsModuleUrl: string;
  readonly endpoints: { readonly sqsEndpoint: string; readonly dynamodbEndpoint: string };
  /** Whether a role's session may decrypt with a KMS key (`kms:Decrypt`): a `KmsKeyArn` environment needs it. */
  readonly keyAccess?: (roleArn: string, sessionName: string, keyArn: string) => Promise<boolean>;
  /** The lab's one endpoint, where every other AWS call of a function goes (read when a function starts). */
  readonly awsEndpoint?: () => string | undefined;
  /** Everything else a LocalFunction takes that the lab decides (logs, call counting, IAM, redirects, debugging). */
  runtimeOptions(function_: {
    readonly functionName: string;
    readonly roleArn: string;
  }): Pick<
    LocalFunctionOptions,
    'logs' | 'awsCalls' | 'authorize' | 'httpsRedirects' | 'iamVersion' | 'activeAt' | 'debugging' | 'concurrency'
  >;
}

/** One function to start. */
export interface FunctionLaunch {
  readonly ref: FunctionRef;
  readonly roleArn: string;
  readonly timeoutSeconds: number;
  readonly configuration: FunctionConfiguration;
  /** `LoggingConfig.LogGroup`, when the function names one. */
  readonly logGroupName?: string;
}

/** A new LocalFunction (no environment runs until its first invocation). */
export function launchFunction(runtime: FunctionRuntimeOptions, launch: FunctionLaunch): LocalFunction {
  const { ref, configuration } = launch;
  const environment = lambdaEnvironment({
    ref,
    spec: { memoryMb: configuration.memoryMb },
    logging: configuration.logging,
    bindings: configuration.variables,
    // The role's session, as Lambda hands each function its execution role's credentials.
    awsEnvironment: {
      ...fakeAwsEnvironment(),
      AWS_ACCESS_KEY_ID: functionAccessKeyId(launch.roleArn, ref.functionName),
    },
    sqsEndpoint: runtime.endpoints.sqsEndpoint,
    dynamodbEndpoint: runtime.endpoints.dynamodbEndpoint,
    awsEndpoint: runtime.awsEndpoint?.(),
  });
  environment._HANDLER = configuration.handler;
  const python = configuration.runtime.startsWith('python');
  // A Python function runs in the machine's Python, through the bridge the worker loads as its module.
  if (python) {
    // The code's folder on this machine, where Lambda's is /var/task: the working directory and
    // LAMBDA_TASK_ROOT, so that a handler finds the files beside it as it does on Lambda.
    environment.LAMBDA_TASK_ROOT = configuration.code.dir;
    environment.LAB_PYTHON = pythonExecutable();
    environment.AWS_EXECUTION_ENV = `AWS_Lambda_${configuration.runtime}`;
  }
  if (launch.logGroupName !== undefined) environment.AWS_LAMBDA_LOG_GROUP_NAME = launch.logGroupName;
  return new LocalFunction({
    ref,
    bundlePath: python ? PYTHON_BRIDGE : handlerPath(configuration.code.dir, configuration.handler),
    // Its imports resolve in its code's folder, then in the runtime's SDK, as on Lambda (runtime-sdk.ts).
    ...(python ? {} : { moduleRoots: { codeDir: configuration.code.dir, runtimeSdkRoots: runtimeSdkRoots() } }),
    runtimePath: runtime.runtimePath,
    localhostDnsModuleUrl: runtime.localhostDnsModuleUrl,
    timeoutSeconds: launch.timeoutSeconds,
    memoryMb: configuration.memoryMb,
    environment,
    ...(launch.logGroupName === undefined ? {} : { logGroupName: launch.logGroupName }),
    ...runtime.runtimeOptions({ functionName: ref.functionName, roleArn: launch.roleArn }),
    ...(configuration.kmsKeyArn === undefined || runtime.keyAccess === undefined
      ? {}
      : {
          environmentKeyAccess: () =>
            runtime.keyAccess?.(launch.roleArn, ref.functionName, configuration.kmsKeyArn ?? '') ??
            Promise.resolve(true),
        }),
  });
}

/** The module a Python function's worker loads: the bridge to the Python runtime loop (python/bootstrap.py). */
const PYTHON_BRIDGE = fileURLToPath(new URL('./python/python-shim.cjs', import.meta.url));

/**
 * `src/app.handler` → [`src/app`, `handler`]: the file is up to the first dot after the last
 * slash, as the Node.js runtime splits it (`index.handlers.orders` → [`index`, `handlers.orders`]).
 */
export function splitHandler(handler: string): [string, string] {
  const dot = handler.indexOf('.', handler.lastIndexOf('/') + 1);
  return dot < 0 ? [handler, 'handler'] : [handler.slice(0, dot), handler.slice(dot + 1)];
}

/**
 * The file a handler names, as the Node.js runtime looks it up: `<file>.js`, `.mjs` or `.cjs`,
 * the first that exists (Lambda guide, "Define Lambda function handler in Node.js"); `.js` when
 * none does, so the INIT error names the file Lambda would have looked for first.
 */
export function handlerPath(codeDir: string, handler: string): string {
  const base = join(codeDir, splitHandler(handler)[0]);
  return ['.js', '.mjs', '.cjs'].map((extension) => base + extension).find((path) => existsSync(path)) ?? `${base}.js`;
}

/** When a function was created or updated, as Lambda writes `LastModified` (`2026-11-26T02:30:00.000+0000`). */
export function lambdaTimestamp(now: Date = new Date()): string {
  return now.toISOString().replace('Z', '+0000');
}
