/**
 * What the Lambda API answers about a function and a mapping, in the shapes GetFunction and
 * GetEventSourceMapping return (LocalStack's aws.validated snapshots,
 * tests/aws/services/lambda_/test_lambda_api.snapshot.json, test_function_lifecycle, and
 * event_source_mapping/test_lambda_integration_sqs.snapshot.json). The lab's functions are all
 * `$LATEST`, x86_64, Zip packages with Lambda's default ephemeral storage.
 */
import { pathToFileURL } from 'node:url';
import { functionArn, LAB_ACCOUNT_ID, LAB_REGION } from '../../common/local-aws';
import type { EventSourceMapping } from './event-source-mapping/event-source-mapping';
import type { DeployedFunction, FunctionUpdateStatus } from './lambda-state';
import { RUNTIME_VERSION_ARN } from './runtime/platform-records';

/** The `Configuration` of GetFunction (and the answer of GetFunctionConfiguration and the updates). */
export function functionConfigurationDocument(
  name: string,
  deployed: DeployedFunction,
  update: FunctionUpdateStatus | undefined,
): Record<string, unknown> {
  const { configuration } = deployed;
  const { logging } = configuration;
  return {
    FunctionName: name,
    FunctionArn: deployed.arn,
    Runtime: configuration.runtime,
    Role: deployed.roleArn,
    Handler: configuration.handler,
    CodeSize: configuration.code.size,
    Description: configuration.description,
    Timeout: deployed.timeoutSeconds,
    MemorySize: configuration.memoryMb,
    LastModified: configuration.lastModified,
    CodeSha256: configuration.code.sha256,
    Version: '$LATEST',
    Environment: { Variables: configuration.variables },
    ...(configuration.kmsKeyArn === undefined ? {} : { KMSKeyArn: configuration.kmsKeyArn }),
    TracingConfig: { Mode: 'PassThrough' },
    RevisionId: configuration.revisionId,
    // Pending until the grants its role had at creation have propagated (LocalFunction.whenActive).
    ...(deployed.fn.isActive
      ? { State: 'Active' }
      : { State: 'Pending', StateReason: 'The function is being created.', StateReasonCode: 'Creating' }),
    LastUpdateStatus: update?.status ?? 'Successful',
    ...(update === undefined
      ? {}
      : { LastUpdateStatusReason: update.reason, LastUpdateStatusReasonCode: update.reasonCode }),
    PackageType: 'Zip',
    Architectures: ['x86_64'],
    EphemeralStorage: { Size: 512 },
    SnapStart: { ApplyOn: 'None', OptimizationStatus: 'Off' },
    RuntimeVersionConfig: { RuntimeVersionArn: RUNTIME_VERSION_ARN },
    LoggingConfig: {
      LogFormat: logging.format,
      LogGroup: deployed.logGroupName,
      ...(logging.format === 'JSON'
        ? { ApplicationLogLevel: logging.applicationLogLevel, SystemLogLevel: logging.systemLogLevel }
        : {}),
    },
  };
}

/**
 * GetFunction's `Code.Location`: on AWS a presigned URL of the code zip. The lab points at the
 * S3 object the code came from on its own endpoint (`origin`), or at the unpacked directory
 * (a `file:` URL) for code that came from no object (an assembly asset, inline source).
 */
export function codeLocation(deployed: DeployedFunction, origin: string): string {
  const { code } = deployed.configuration;
  if (code.s3 !== undefined && code.s3.bucket !== '')
    return `${origin}/${encodeURIComponent(code.s3.bucket)}/${code.s3.key.split('/').map(encodeURIComponent).join('/')}`;
  return pathToFileURL(code.dir).href;
}

/** One SQS event source mapping, as GetEventSourceMapping answers. */
export function eventSourceMappingDocument(uuid: string, mapping: EventSourceMapping): Record<string, unknown> {
  const { properties } = mapping;
  return {
    UUID: uuid,
    BatchSize: properties.BatchSize,
    MaximumBatchingWindowInSeconds: properties.MaximumBatchingWindowInSeconds,
    EventSourceArn: mapping.queue.arn,
    EventSourceMappingArn: `arn:aws:lambda:${LAB_REGION}:${LAB_ACCOUNT_ID}:event-source-mapping:${uuid}`,
    FunctionArn: functionArn(mapping.functionRef.functionName),
    State: properties.Enabled === false ? 'Disabled' : 'Enabled',
    StateTransitionReason: 'USER_INITIATED',
    // A restJson1 timestamp: epoch seconds.
    LastModified: mapping.lastModified.getTime() / 1000,
    FunctionResponseTypes: properties.FunctionResponseTypes ?? [],
    ...(properties.ScalingConfig === undefined ? {} : { ScalingConfig: properties.ScalingConfig }),
    ...(properties.FilterCriteria === undefined ? {} : { FilterCriteria: properties.FilterCriteria }),
  };
}
