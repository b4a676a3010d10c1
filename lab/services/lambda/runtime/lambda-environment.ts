/**
 * The environment variables of a Lambda function as the Node.js managed runtime sets them
 * (Lambda guide, "Defined runtime environment variables"): the reserved ones, the function's
 * own, and, in the lab only, the lab's endpoints through the SDK's standard variables:
 * `AWS_ENDPOINT_URL_SQS` and `_DYNAMODB` for the emulators, `AWS_ENDPOINT_URL` (the lab's one
 * endpoint) for every other service, so that no SDK call of a function is addressed to AWS. Per environment (`AWS_LAMBDA_LOG_STREAM_NAME`) and per
 * invocation (`_X_AMZN_TRACE_ID`) values are made by the helpers below.
 */
import { ReservedVariableError } from '../errors';
import { randomFillSync } from 'node:crypto';
import type { FunctionRef } from '../../../bus/lab-log-record';

/** Application and system log levels Lambda knows, least severe first. */
export const LOG_LEVEL_NAMES = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'] as const;
export type LogLevelName = (typeof LOG_LEVEL_NAMES)[number];

/** A function's LoggingConfig (CloudFormation `AWS::Lambda::Function.LoggingConfig`). */
export interface LambdaLogging {
  /** `JSON` or `Text` (Lambda's default is Text). */
  readonly format: 'JSON' | 'Text';
  /** With JSON only; Lambda's default is INFO. */
  readonly applicationLogLevel: LogLevelName;
  /** With JSON only; Lambda's default is INFO. */
  readonly systemLogLevel: 'DEBUG' | 'INFO' | 'WARN';
}

/**
 * What every function of this project has: `lib/constructs/function-with-log-group.ts` sets
 * `loggingFormat: JSON` and leaves both levels at Lambda's default, INFO.
 */
export const LAB_FUNCTION_LOGGING: LambdaLogging = {
  format: 'JSON',
  applicationLogLevel: 'INFO',
  systemLogLevel: 'INFO',
};

/** The runtime identifier Lambda puts in `AWS_EXECUTION_ENV` for `nodejs24.x`. */
export const EXECUTION_ENV = 'AWS_Lambda_nodejs24.x';

/** `/aws/lambda/<function>`: the group Lambda writes to when the function names no other. */
export function logGroupName(functionName: string): string {
  return `/aws/lambda/${functionName}`;
}

/**
 * A new execution environment's log stream: `2026/11/23/[$LATEST]` and 32 hex digits, the
 * date in UTC.
 */
export function newLogStreamName(now: Date = new Date(), version = '$LATEST'): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '/');
  return `${day}/[${version}]${randomHex(16)}`;
}

/**
 * An X-Ray trace header for one invocation, as Lambda passes it in `_X_AMZN_TRACE_ID` even
 * with tracing off (PassThrough): `Root=1-<epoch hex>-<24 hex>;Parent=<16 hex>;Sampled=0;Lineage=…`.
 */
export function newTraceHeader(now: number = Date.now()): string {
  const epoch = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  // One draw for the three random parts (24, 16 and 8 hex digits).
  const hex = randomHex(TRACE_RANDOM_BYTES);
  return `Root=1-${epoch}-${hex.slice(0, 24)};Parent=${hex.slice(24, 40)};Sampled=0;Lineage=1:${hex.slice(40)}:0`;
}

/** Random bytes in one trace header. */
const TRACE_RANDOM_BYTES = 24;
/**
 * Random bytes drawn at once for the next trace headers and log stream names: a header is made on
 * every invocation, and one draw from the system's generator costs several µs however few bytes it
 * returns.
 */
const randomPool = Buffer.alloc(TRACE_RANDOM_BYTES * 256);
let randomPoolUsed = randomPool.length;

/** `bytes` random bytes as hex, each byte taken from the pool once. */
function randomHex(bytes: number): string {
  if (randomPoolUsed + bytes > randomPool.length) {
    randomFillSync(randomPool);
    randomPoolUsed = 0;
  }
  const hex = randomPool.toString('hex', randomPoolUsed, randomPoolUsed + bytes);
  randomPoolUsed += bytes;
  return hex;
}

/**
 * The variables Lambda sets in every environment of a function, plus the function's own
 * bindings and the emulator endpoints. Nothing Lambda does not set: no function timeout
 * (the handler asks `context.getRemainingTimeInMillis()`), no
 * `AWS_NODEJS_CONNECTION_REUSE_ENABLED` (CDK adds it only for SDK v2 runtimes).
 * `AWS_LAMBDA_LOG_STREAM_NAME` is added per environment, `_X_AMZN_TRACE_ID` per invocation.
 */
export function lambdaEnvironment(options: {
  readonly ref: FunctionRef;
  /** The function's configuration the variables report (`MemorySize`). */
  readonly spec: { readonly memoryMb: number };
  readonly bindings: Readonly<Record<string, string>>;
  readonly awsEnvironment: Readonly<Record<string, string>>;
  readonly sqsEndpoint: string;
  readonly dynamodbEndpoint: string;
  /** The lab's one endpoint; without one (a lab of emulators only), an address on loopback that answers nothing. */
  readonly awsEndpoint?: string | undefined;
  readonly logging?: LambdaLogging;
}): Record<string, string> {
  const { functionName } = options.ref;
  const logging = options.logging ?? LAB_FUNCTION_LOGGING;
  const reserved = Object.keys(options.bindings).filter((name) =>
    (RESERVED_VARIABLES as readonly string[]).includes(name),
  );
  if (reserved.length > 0) throw new ReservedVariableError(reserved);
  return {
    // Not reserved; the managed runtime's values.
    LANG: 'en_US.UTF-8',
    PATH: '/var/lang/bin:/usr/local/bin:/usr/bin/:/bin:/opt/bin',
    LD_LIBRARY_PATH: '/var/lang/lib:/lib64:/usr/lib64:/var/runtime:/var/runtime/lib:/var/task:/var/task/lib:/opt/lib',
    NODE_PATH:
      '/opt/nodejs/node24/node_modules:/opt/nodejs/node_modules:/var/runtime/node_modules:/var/runtime:/var/task',
    ...options.awsEnvironment,
    AWS_ENDPOINT_URL: options.awsEndpoint ?? NO_ENDPOINT,
    AWS_ENDPOINT_URL_SQS: options.sqsEndpoint,
    AWS_ENDPOINT_URL_DYNAMODB: options.dynamodbEndpoint,
    // Reserved.
    _HANDLER: 'index.handler',
    AWS_EXECUTION_ENV: EXECUTION_ENV,
    AWS_LAMBDA_FUNCTION_NAME: functionName,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(options.spec.memoryMb),
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_LAMBDA_LOG_GROUP_NAME: logGroupName(functionName),
    AWS_LAMBDA_RUNTIME_API: '127.0.0.1:9001',
    LAMBDA_TASK_ROOT: '/var/task',
    LAMBDA_RUNTIME_DIR: '/var/runtime',
    TZ: ':UTC',
    ...(logging.format === 'JSON'
      ? { AWS_LAMBDA_LOG_FORMAT: 'JSON', AWS_LAMBDA_LOG_LEVEL: logging.applicationLogLevel }
      : {}),
    // The function's own: FunctionWithLogGroup sets it, because the bundle ships a source map.
    NODE_OPTIONS: '--enable-source-maps',
    ...options.bindings,
  };
}

/**
 * Where a function's SDK calls go when the lab has no one endpoint: port 9 (discard) on loopback,
 * so a call fails with a refused connection on this machine instead of looking up AWS's hosts.
 */
const NO_ENDPOINT = 'http://127.0.0.1:9';

/** Variables Lambda reserves: a function's own environment cannot set them. */
export const RESERVED_VARIABLES = [
  '_HANDLER',
  '_X_AMZN_TRACE_ID',
  'AWS_DEFAULT_REGION',
  'AWS_REGION',
  'AWS_EXECUTION_ENV',
  'AWS_LAMBDA_FUNCTION_NAME',
  'AWS_LAMBDA_FUNCTION_MEMORY_SIZE',
  'AWS_LAMBDA_FUNCTION_VERSION',
  'AWS_LAMBDA_INITIALIZATION_TYPE',
  'AWS_LAMBDA_LOG_GROUP_NAME',
  'AWS_LAMBDA_LOG_STREAM_NAME',
  'AWS_ACCESS_KEY',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_LAMBDA_RUNTIME_API',
  'LAMBDA_TASK_ROOT',
  'LAMBDA_RUNTIME_DIR',
] as const;
