/** AWS::SNS::Topic, AWS::SNS::TopicPolicy and AWS::SNS::Subscription on the lab's SNS. */
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { IamState } from '../../iam/iam-state';
import type { PolicyDocument } from '../../iam/policy-document';
import type { SnsService } from '../sns-service';
import type { SnsSubscription } from '../sns-state';
import { type EventPattern, parseEventPattern } from '../../../common/event-pattern';
import { generatedName, randomSuffix } from '../../cloudformation/engine/generated-name';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';
import { isAwsManagedKey, isServableKey, type LabKeys } from '../../../common/aws-managed-key';

/** What the topic provider does with each property of `AWS::SNS::Topic`. */
export const SNS_TOPIC_PROPERTIES: PropertyCoverage = {
  emulated: ['ContentBasedDeduplication', 'FifoTopic', 'TopicName'],
  noted: {
    FifoThroughputScope: 'snsTopicFifoThroughputScope',
    DisplayName: 'snsTopicDisplayName',
    KmsMasterKeyId: 'snsTopicKmsMasterKeyId',
    SignatureVersion: 'snsTopicSignatureVersion',
    TracingConfig: 'xRayTracing',
    Tags: 'tags',
  },
  refused: ['ArchivePolicy', 'DataProtectionPolicy', 'DeliveryStatusLogging', 'MaximumMessageSize', 'Subscription'],
};

/** `AWS::SNS::TopicPolicy`: both properties become the topics' resource policy. */
export const SNS_TOPIC_POLICY_PROPERTIES: PropertyCoverage = {
  emulated: ['PolicyDocument', 'Topics'],
  noted: {},
  refused: [],
};

/** `AWS::SNS::Subscription`: recorded (e-mail ones pending confirmation, as on AWS). */
export const SNS_SUBSCRIPTION_PROPERTIES: PropertyCoverage = {
  emulated: ['Endpoint', 'FilterPolicy', 'FilterPolicyScope', 'Protocol', 'RawMessageDelivery', 'TopicArn'],
  noted: {
    DeliveryPolicy: 'snsSubscriptionDeliveryPolicy',
    Region: 'snsSubscriptionRegion',
  },
  refused: ['RedrivePolicy', 'ReplayPolicy', 'SubscriptionRoleArn'],
};

/** The three providers. */
export function snsProviders(options: {
  readonly sns: SnsService;
  readonly iam: IamState;
  /** The lab's KMS: a customer-managed key must be one of its keys, and a topic under one is recorded with it. */
  readonly kms?: LabKeys & { encrypts(resourceArn: string, keyRef: string | undefined): void };
}): ResourceProvider[] {
  const { sns, iam } = options;
  return [
    {
      type: 'AWS::SNS::Topic',
      properties: SNS_TOPIC_PROPERTIES,
      async create({ stackName, logicalId, properties }) {
        const fifo = properties.FifoTopic === true || properties.FifoTopic === 'true';
        // A generated name of a FIFO topic ends in .fifo, as CloudFormation names FIFO queues.
        const name =
          typeof properties.TopicName === 'string'
            ? properties.TopicName
            : `${generatedName({ stackName, logicalId })}${fifo ? '.fifo' : ''}`;
        // SNS's CreateTopic rule for names (the pattern LocalStack checks, localstack-core/localstack/services/sns/provider.py).
        if (!(fifo ? /^[a-zA-Z0-9_-]{1,256}\.fifo$/ : /^[a-zA-Z0-9_-]{1,256}$/).test(name))
          throw new Error(
            `${logicalId}: Invalid parameter: Topic Name (${fifo ? 'a FIFO topic name ends in .fifo; ' : ''}letters, digits, - and _, 1 to 256 of them: ${JSON.stringify(name)})`,
          );
        const contentBased =
          properties.ContentBasedDeduplication === true || properties.ContentBasedDeduplication === 'true';
        if (contentBased && !fifo)
          throw new Error(`${logicalId}: ContentBasedDeduplication is for FIFO topics only (FifoTopic: true)`);
        const arn = sns.topicArn(name);
        const key = properties.KmsMasterKeyId;
        if (!isServableKey(key, 'sns', options.kms))
          throw new Error(
            `${logicalId}: KmsMasterKeyId ${JSON.stringify(key)} names no key of the lab: a topic runs unencrypted, under the AWS-managed key alias/aws/sns, or under an AWS::KMS::Key of your stacks (its Arn, id or alias)`,
          );
        sns.topics.set(arn, {
          name,
          ...(typeof key === 'string' ? { kmsMasterKeyId: key } : {}),
          ...(fifo ? { fifo, contentBasedDeduplication: contentBased } : {}),
        });
        // A function publishing to it then needs the key's permissions (lab/services/iam/call-authorization.ts).
        options.kms?.encrypts(arn, typeof key === 'string' && !isAwsManagedKey(key, 'sns') ? key : undefined);
        return { physicalId: arn, attributes: { TopicArn: arn, TopicName: name } };
      },
      async update({ properties, previous }) {
        const topic = sns.topics.get(previous.physicalId);
        const contentBased =
          properties.ContentBasedDeduplication === true || properties.ContentBasedDeduplication === 'true';
        if (topic?.fifo === true)
          sns.topics.set(previous.physicalId, { ...topic, contentBasedDeduplication: contentBased });
        return previous;
      },
      async delete({ resource }) {
        sns.topics.delete(resource.physicalId);
        options.kms?.encrypts(resource.physicalId, undefined);
      },
      // A topic's name and type are fixed when it is created (AWS::SNS::Topic: both "Update requires: Replacement").
      requiresReplacement: (previous, next) =>
        previous.TopicName !== next.TopicName ||
        String(previous.FifoTopic ?? false) !== String(next.FifoTopic ?? false),
    },
    {
      type: 'AWS::SNS::TopicPolicy',
      properties: SNS_TOPIC_POLICY_PROPERTIES,
      async create({ stackName, logicalId, properties }) {
        const id = `${stackName}-${logicalId}`;
        for (const arn of (properties.Topics ?? []) as string[])
          iam.putResourcePolicy(arn, id, properties.PolicyDocument as PolicyDocument);
        return { physicalId: id, attributes: { Id: id } };
      },
      async update({ properties, previous }) {
        for (const arn of (previous.properties.Topics ?? []) as string[])
          iam.deleteResourcePolicy(arn, previous.physicalId);
        for (const arn of (properties.Topics ?? []) as string[])
          iam.putResourcePolicy(arn, previous.physicalId, properties.PolicyDocument as PolicyDocument);
        return previous;
      },
      async delete({ resource, properties }) {
        for (const arn of (properties.Topics ?? []) as string[]) iam.deleteResourcePolicy(arn, resource.physicalId);
      },
    },
    {
      type: 'AWS::SNS::Subscription',
      properties: SNS_SUBSCRIPTION_PROPERTIES,
      async create({ logicalId, properties }) {
        const topicArn = String(properties.TopicArn);
        const topicRegion = topicArn.split(':')[3];
        if (properties.Region !== undefined && properties.Region !== topicRegion)
          throw new Error(
            `${logicalId}: the lab subscribes in the topic's own Region (${topicRegion}), not Region ${String(properties.Region)}`,
          );
        const protocol = String(properties.Protocol);
        const endpoint = String(properties.Endpoint ?? '');
        const fifoTopic = sns.topics.get(topicArn)?.fifo === true;
        // As SNS answers Subscribe (recorded against AWS: LocalStack's test_sns.snapshot.json,
        // TestSNSSubscriptionSQSFifo::test_validations_for_fifo).
        if (protocol === 'sqs' && endpoint.endsWith('.fifo') && !fifoTopic)
          throw new Error(
            `${logicalId}: Invalid parameter: Invalid parameter: Endpoint Reason: FIFO SQS Queues can not be subscribed to standard SNS topics`,
          );
        if (fifoTopic && protocol !== 'sqs')
          throw new Error(
            `${logicalId}: a FIFO topic delivers to Amazon SQS queues only (SNS developer guide, "FIFO topics"), not to protocol ${protocol}`,
          );
        const id = `${topicArn}:${randomSuffix(12, true)}`;
        sns.subscriptions.set(id, {
          topicArn,
          protocol,
          endpoint,
          status: protocol === 'email' ? 'PendingConfirmation' : 'Confirmed',
          ...deliveryOptions(logicalId, properties),
        });
        return { physicalId: id, attributes: {} };
      },
      update: async ({ previous }) => previous,
      async delete({ resource }) {
        sns.subscriptions.delete(resource.physicalId);
      },
      requiresReplacement: () => true,
    },
  ];
}

/** A subscription's raw delivery and filter policy, as the template sets them (a policy SNS would refuse is refused). */
function deliveryOptions(
  logicalId: string,
  properties: Readonly<Record<string, unknown>>,
): Pick<SnsSubscription, 'rawMessageDelivery' | 'filterPolicy' | 'filterPolicyScope'> {
  const raw = properties.RawMessageDelivery === true || properties.RawMessageDelivery === 'true';
  const scope = properties.FilterPolicyScope;
  if (scope !== undefined && scope !== 'MessageAttributes' && scope !== 'MessageBody')
    throw new Error(`${logicalId}: FilterPolicyScope is MessageAttributes or MessageBody, got ${String(scope)}`);
  const policy = properties.FilterPolicy;
  if (policy === undefined) return { rawMessageDelivery: raw };
  let filterPolicy: EventPattern;
  try {
    filterPolicy = parseEventPattern(typeof policy === 'string' ? policy : JSON.stringify(policy));
  } catch (error) {
    throw new Error(
      `${logicalId}: Invalid parameter: FilterPolicy: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return { rawMessageDelivery: raw, filterPolicy, filterPolicyScope: scope ?? 'MessageAttributes' };
}
