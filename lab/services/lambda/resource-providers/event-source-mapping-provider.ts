/**
 * `AWS::Lambda::EventSourceMapping` for SQS: Lambda's checks on create **and** update (the
 * queue's visibility timeout against the function's timeout; the role may receive from the
 * queue), then the lab's pollers. An update changes the running mapping in place (same UUID).
 */
import { randomUUID } from 'node:crypto';
import { GetQueueUrlCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { BatchFormation } from '../event-source-mapping/batch-formation';
import type { FilterCriteria } from '../event-source-mapping/filter-criteria';
import { InvalidParameterValueError } from '../errors';
import { EventSourceMapping, type EventSourceMappingProperties } from '../event-source-mapping/event-source-mapping';
import type { LambdaService } from '../lambda-service';
import type { LabBus } from '../../../bus/lab-bus';
import type { PropagatedAttributeReader } from '../../sqs/attribute-propagation';
import type { SqsCalls } from '../../sqs/sqs-calls';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';

/**
 * What the mapping provider does with each property of `AWS::Lambda::EventSourceMapping`: the
 * SQS ones are emulated; those of streams, Kafka, MQ and DocumentDB sources are refused.
 */
export const EVENT_SOURCE_MAPPING_PROPERTIES: PropertyCoverage = {
  emulated: [
    'BatchSize',
    'Enabled',
    'EventSourceArn',
    'FilterCriteria',
    'FunctionName',
    'FunctionResponseTypes',
    'MaximumBatchingWindowInSeconds',
    'ScalingConfig',
  ],
  noted: {
    MetricsConfig: 'eventSourceMappingMetricsConfig',
    Tags: 'tags',
  },
  refused: [
    'AmazonManagedKafkaEventSourceConfig',
    'BisectBatchOnFunctionError',
    'DestinationConfig',
    'DocumentDBEventSourceConfig',
    'KmsKeyArn',
    'LoggingConfig',
    'MaximumRecordAgeInSeconds',
    'MaximumRetryAttempts',
    'ParallelizationFactor',
    'ProvisionedPollerConfig',
    'Queues',
    'SelfManagedEventSource',
    'SelfManagedKafkaEventSourceConfig',
    'SourceAccessConfigurations',
    'StartingPosition',
    'StartingPositionTimestamp',
    'Topics',
    'TumblingWindowInSeconds',
  ],
};

/** What the provider needs from the lab. */
export interface EventSourceMappingProviderOptions {
  readonly lambda: LambdaService;
  readonly sqs: SQSClient;
  /** The pollers' calls on the queue. */
  readonly sqsCalls: SqsCalls;
  readonly logs: LabBus;
  /** Whether the role may call `action` on the queue (IAM); absent: no check. */
  readonly roleMay?: (roleArn: string, functionName: string, action: string, queueArn: string) => Promise<boolean>;
  readonly pollers?: number;
  readonly waitTimeSeconds?: number;
  readonly batchFormation?: BatchFormation;
  /** How the queue's attributes reach Lambda (the lab's propagation delay); default at once. */
  readonly seenByLambda?: PropagatedAttributeReader;
}

/** The actions Lambda needs on the queue to poll it (Lambda guide, "Execution role permissions" for SQS). */
const REQUIRED_ACTIONS = ['ReceiveMessage', 'DeleteMessage', 'GetQueueAttributes'] as const;

/** The mapping provider. */
export function eventSourceMappingProvider(options: EventSourceMappingProviderOptions): ResourceProvider {
  const start = async (uuid: string, properties: Readonly<Record<string, unknown>>) => {
    const queueArn = String(properties.EventSourceArn ?? '');
    const queueName = queueArn.split(':')[5];
    if (!queueArn.startsWith('arn:aws:sqs:') || queueName === undefined)
      throw new InvalidParameterValueError(`the lab maps SQS queues only, got EventSourceArn ${queueArn}`);
    const functionName = String(properties.FunctionName ?? '');
    const deployed = options.lambda.resolve(functionName);
    // Lambda acts on a function only once it is Active (see LocalFunction.whenActive).
    await deployed.fn.whenActive();
    if (options.roleMay !== undefined) {
      for (const action of REQUIRED_ACTIONS) {
        if (!(await options.roleMay(deployed.roleArn, deployed.fn.ref.functionName, `sqs:${action}`, queueArn)))
          throw new InvalidParameterValueError(
            `The function execution role does not have permissions to call ${action} on SQS`,
          );
      }
    }
    const { QueueUrl } = await options.sqs.send(new GetQueueUrlCommand({ QueueName: queueName }));
    if (QueueUrl === undefined) throw new InvalidParameterValueError(`queue ${queueArn} does not exist`);
    const mappingProperties = mappingPropertiesOf(properties);
    const functionSettings = {
      timeoutSeconds: deployed.timeoutSeconds,
      ...(deployed.reservedConcurrency === undefined ? {} : { reservedConcurrency: deployed.reservedConcurrency }),
    };
    const existing = options.lambda.mappings.get(uuid);
    const seenByLambda = options.seenByLambda === undefined ? {} : { seenByLambda: options.seenByLambda };
    if (existing !== undefined) {
      // UpdateEventSourceMapping: Lambda checks the queue's visibility timeout again, in place.
      await existing.update({ properties: mappingProperties, function: functionSettings });
    } else {
      const mapping = await EventSourceMapping.create({
        sqs: options.sqsCalls,
        queue: { name: queueName, url: QueueUrl, arn: queueArn },
        fn: options.lambda.invocable(deployed.fn.ref.functionName),
        properties: mappingProperties,
        function: functionSettings,
        ...(options.batchFormation === undefined ? {} : { batchFormation: options.batchFormation }),
        ...(options.pollers === undefined ? {} : { pollers: options.pollers }),
        ...(options.waitTimeSeconds === undefined ? {} : { waitTimeSeconds: options.waitTimeSeconds }),
        logs: options.logs,
        ...seenByLambda,
      });
      options.lambda.mappings.set(uuid, mapping);
    }
    return { physicalId: uuid, attributes: { EventSourceMappingArn: `arn:aws:lambda:::event-source-mapping:${uuid}` } };
  };
  return {
    type: 'AWS::Lambda::EventSourceMapping',
    properties: EVENT_SOURCE_MAPPING_PROPERTIES,
    create: async ({ properties }) => start(randomUUID(), properties),
    update: async ({ properties, previous }) => start(previous.physicalId, properties),
    delete: async ({ resource }) => {
      const mapping = options.lambda.mappings.get(resource.physicalId);
      options.lambda.mappings.delete(resource.physicalId);
      await mapping?.delete();
    },
    requiresReplacement: (previous, next) =>
      previous.EventSourceArn !== next.EventSourceArn || previous.FunctionName !== next.FunctionName,
  };
}

/** The template's mapping properties the lab's mapping understands, as CloudFormation names them. */
function mappingPropertiesOf(properties: Readonly<Record<string, unknown>>): EventSourceMappingProperties {
  const scaling = properties.ScalingConfig as { MaximumConcurrency?: unknown } | undefined;
  return {
    ...(properties.BatchSize === undefined ? {} : { BatchSize: Number(properties.BatchSize) }),
    ...(properties.Enabled === undefined
      ? {}
      : { Enabled: properties.Enabled !== false && properties.Enabled !== 'false' }),
    FunctionResponseTypes: (properties.FunctionResponseTypes ?? []) as string[],
    ...(properties.FilterCriteria === undefined ? {} : { FilterCriteria: properties.FilterCriteria as FilterCriteria }),
    ...(properties.MaximumBatchingWindowInSeconds === undefined
      ? {}
      : { MaximumBatchingWindowInSeconds: Number(properties.MaximumBatchingWindowInSeconds) }),
    ...(scaling?.MaximumConcurrency === undefined
      ? {}
      : { ScalingConfig: { MaximumConcurrency: Number(scaling.MaximumConcurrency) } }),
  };
}
