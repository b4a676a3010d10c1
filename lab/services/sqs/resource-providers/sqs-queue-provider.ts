/** `AWS::SQS::Queue` on fauxqs: CreateQueue, SetQueueAttributes on update, DeleteQueue. */
import {
  CreateQueueCommand,
  DeleteQueueCommand,
  GetQueueAttributesCommand,
  SetQueueAttributesCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { changedAny, type ProvisionedResource, type ResourceProvider } from '../../cloudformation/resource-provider';
import { randomSuffix } from '../../cloudformation/engine/generated-name';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';
import { isAwsManagedKey, isServableKey, type LabKeys } from '../../../common/aws-managed-key';

/** What the queue provider does with each property of `AWS::SQS::Queue`. */
export const SQS_QUEUE_PROPERTIES: PropertyCoverage = {
  emulated: [
    'ContentBasedDeduplication',
    'DeduplicationScope',
    'DelaySeconds',
    'FifoQueue',
    'FifoThroughputLimit',
    'MaximumMessageSize',
    'MessageRetentionPeriod',
    'QueueName',
    'ReceiveMessageWaitTimeSeconds',
    'RedriveAllowPolicy',
    'RedrivePolicy',
    'VisibilityTimeout',
  ],
  noted: {
    SqsManagedSseEnabled: 'sqsQueueSqsManagedSseEnabled',
    KmsMasterKeyId: 'sqsQueueKmsMasterKeyId',
    KmsDataKeyReusePeriodSeconds: 'sqsQueueKmsDataKeyReusePeriodSeconds',
    Tags: 'tags',
  },
  refused: [],
};

/** Queue properties that map one to one onto SQS attributes. */
const ATTRIBUTES = [
  'DelaySeconds',
  'MaximumMessageSize',
  'MessageRetentionPeriod',
  'ReceiveMessageWaitTimeSeconds',
  'VisibilityTimeout',
  'ContentBasedDeduplication',
  'DeduplicationScope',
  'FifoThroughputLimit',
  'KmsMasterKeyId',
  'KmsDataKeyReusePeriodSeconds',
  'SqsManagedSseEnabled',
] as const;

/** Each attribute's value when the template stops setting it (SQS's defaults). */
const DEFAULTS: Partial<Record<string, string>> = {
  DelaySeconds: '0',
  MaximumMessageSize: '1048576',
  MessageRetentionPeriod: '345600',
  ReceiveMessageWaitTimeSeconds: '0',
  VisibilityTimeout: '30',
  RedrivePolicy: '',
  RedriveAllowPolicy: '',
};

/** The queue provider; `namePrefix` keeps several labs on one emulator apart. */
export function sqsQueueProvider(options: {
  readonly sqs: SQSClient;
  readonly namePrefix: string;
  /**
   * The lab's KMS: a customer-managed key must be one of its keys, and the queue is recorded as
   * encrypted with it, so its producers and consumers need the key's permissions.
   */
  readonly kms?: LabKeys & { encrypts(resourceArn: string, keyRef: string | undefined): void };
}): ResourceProvider {
  const { sqs } = options;
  const refuseUnknownKey = (logicalId: string, properties: Readonly<Record<string, unknown>>): void => {
    const key = properties.KmsMasterKeyId;
    if (isServableKey(key, 'sqs', options.kms)) return;
    throw new Error(
      `${logicalId}: KmsMasterKeyId ${JSON.stringify(key)} names no key of the lab: a queue runs under SSE-SQS, the AWS-managed key alias/aws/sqs, or an AWS::KMS::Key of your stacks (its Arn, id or alias)`,
    );
  };
  /** Records the queue's customer-managed key (or that it has none) with the lab's KMS. */
  const recordKey = (queue: ProvisionedResource, properties: Readonly<Record<string, unknown>>) => {
    const key = properties.KmsMasterKeyId;
    options.kms?.encrypts(
      String(queue.attributes.Arn),
      typeof key === 'string' && !isAwsManagedKey(key, 'sqs') ? key : undefined,
    );
    return queue;
  };
  const describe = async (url: string): Promise<ProvisionedResource> => {
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }),
    );
    const arn = Attributes?.QueueArn ?? '';
    const name = url.slice(url.lastIndexOf('/') + 1);
    return { physicalId: url, attributes: { Arn: arn, QueueName: name, QueueUrl: url } };
  };
  return {
    type: 'AWS::SQS::Queue',
    properties: SQS_QUEUE_PROPERTIES,
    async create({ stackName, logicalId, properties }) {
      refuseUnknownKey(logicalId, properties);
      const fifo = properties.FifoQueue === true || properties.FifoQueue === 'true';
      const name =
        typeof properties.QueueName === 'string'
          ? properties.QueueName
          : generatedName(options.namePrefix, stackName, logicalId, fifo);
      const { QueueUrl } = await sqs.send(
        new CreateQueueCommand({
          QueueName: name,
          Attributes: { ...queueAttributes(properties), ...(fifo ? { FifoQueue: 'true' } : {}) },
        }),
      );
      if (QueueUrl === undefined) throw new Error(`CreateQueue returned no URL for ${name}`);
      return recordKey(await describe(QueueUrl), properties);
    },
    async update({ logicalId, properties, previous }) {
      refuseUnknownKey(logicalId, properties);
      const next = queueAttributes(properties);
      const before = queueAttributes(previous.properties);
      const changes: Record<string, string> = {};
      for (const name of new Set([...Object.keys(next), ...Object.keys(before)])) {
        if (next[name] === before[name]) continue;
        const value = next[name] ?? DEFAULTS[name];
        if (value !== undefined) changes[name] = value;
      }
      if (Object.keys(changes).length > 0)
        await sqs.send(new SetQueueAttributesCommand({ QueueUrl: previous.physicalId, Attributes: changes }));
      return recordKey(await describe(previous.physicalId), properties);
    },
    async delete({ resource }) {
      await sqs.send(new DeleteQueueCommand({ QueueUrl: resource.physicalId }));
      options.kms?.encrypts(String(resource.attributes.Arn), undefined);
    },
    requiresReplacement: (previous, next) => changedAny(['QueueName', 'FifoQueue'], previous, next),
  };
}

/** The SQS attributes a queue's properties ask for. */
export function queueAttributes(properties: Readonly<Record<string, unknown>>): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const name of ATTRIBUTES) {
    const value = properties[name];
    if (value !== undefined) attributes[name] = String(value);
  }
  for (const name of ['RedrivePolicy', 'RedriveAllowPolicy'] as const) {
    const value = properties[name];
    if (value !== undefined) attributes[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return attributes;
}

/** CloudFormation's generated name, `<stack>-<logical id>-<random>`, after the lab's prefix (80 characters at most). */
function generatedName(prefix: string, stackName: string, logicalId: string, fifo: boolean): string {
  const suffix = randomSuffix(8);
  const base = `${prefix}${stackName}-${logicalId}`.slice(0, fifo ? 66 : 71);
  return `${base}-${suffix}${fifo ? '.fifo' : ''}`;
}
