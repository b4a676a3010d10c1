/**
 * SNS on the lab's one endpoint (query protocol, signing name `sns`): Publish and PublishBatch to
 * the topics the stacks made, with message attributes, and the reads a learner checks them with
 * (ListTopics, ListSubscriptions, ListSubscriptionsByTopic, GetTopicAttributes). Topics and
 * subscriptions come from CloudFormation. Parameters and answers as the SNS API reference has
 * them (https://docs.aws.amazon.com/sns/latest/api/API_Publish.html,
 * https://docs.aws.amazon.com/sns/latest/api/API_PublishBatch.html).
 */
import type { GatewayHandler } from '../../gateway/gateway-handler';
import { members, queryError, queryParameters, queryResponse } from '../../gateway/protocols/query-protocol';
import { SnsError, SnsInvalidActionError, SnsInvalidParameterError } from './errors';
import type { SnsService } from './sns-service';
import type { SnsMessageAttribute } from './sns-state';

/** SNS's query namespace. */
const NAMESPACE = 'http://sns.amazonaws.com/doc/2010-03-31/';

/** SNS's bound on a message (256 KiB) and on a batch (10 entries). */
const MAX_MESSAGE_BYTES = 262_144;
const MAX_BATCH_ENTRIES = 10;

const ANSWERED = [
  'Publish',
  'PublishBatch',
  'ListTopics',
  'ListSubscriptions',
  'ListSubscriptionsByTopic',
  'GetTopicAttributes',
];

/** The SNS handler of the lab's endpoint. */
export function snsApi(sns: SnsService): GatewayHandler {
  const publish = (parameters: ReadonlyMap<string, string>, prefix = '', topicArn = topicOf(parameters)) => {
    const message = parameters.get(`${prefix}Message`);
    if (message === undefined) throw new SnsInvalidParameterError('Invalid parameter: Message');
    if (Buffer.byteLength(message) > MAX_MESSAGE_BYTES)
      throw new SnsInvalidParameterError('Invalid parameter: Message too long');
    const subject = parameters.get(`${prefix}Subject`);
    const groupId = parameters.get(`${prefix}MessageGroupId`);
    const deduplicationId = parameters.get(`${prefix}MessageDeduplicationId`);
    // Recorded against AWS: LocalStack's test_sns.snapshot.json, TestSNSSubscriptionSQSFifo::test_validations_for_fifo.
    if (deduplicationId !== undefined && sns.topics.get(topicArn)?.fifo !== true && sns.topics.has(topicArn))
      throw new SnsInvalidParameterError(
        'Invalid parameter: MessageDeduplicationId Reason: The request includes MessageDeduplicationId parameter that is not valid for this topic type',
      );
    return sns.publishMessage(topicArn, {
      message,
      ...(subject === undefined ? {} : { subject }),
      attributes: messageAttributes(parameters, `${prefix}MessageAttributes`),
      ...(groupId === undefined ? {} : { groupId }),
      ...(deduplicationId === undefined ? {} : { deduplicationId }),
    });
  };
  const subscriptionsOf = (topicArn?: string) =>
    members(
      [...sns.subscriptions]
        .filter(([, subscription]) => topicArn === undefined || subscription.topicArn === topicArn)
        .map(([arn, subscription]) => ({
          SubscriptionArn: subscription.status === 'Confirmed' ? arn : 'PendingConfirmation',
          Owner: subscription.topicArn.split(':')[4] ?? '',
          Protocol: subscription.protocol,
          Endpoint: subscription.endpoint,
          TopicArn: subscription.topicArn,
        })),
    );
  return {
    signingName: 'sns',
    async handle(request) {
      try {
        const parameters = queryParameters(request.body, request.query, (text) => new SnsInvalidParameterError(text));
        const action = parameters.get('Action') ?? '';
        switch (action) {
          case 'Publish': {
            const receipt = publish(parameters);
            return queryResponse('Publish', NAMESPACE, {
              MessageId: receipt.messageId,
              ...(receipt.sequenceNumber === undefined ? {} : { SequenceNumber: receipt.sequenceNumber }),
            });
          }
          case 'PublishBatch': {
            const topicArn = topicOf(parameters);
            const ids = batchIds(parameters);
            // On a FIFO topic an entry without a group id fails the whole batch (as SNS answers it).
            if (sns.topics.get(topicArn)?.fifo === true)
              for (const [index] of ids)
                if (!parameters.has(`PublishBatchRequestEntries.member.${index}.MessageGroupId`))
                  throw new SnsInvalidParameterError(
                    'Invalid parameter: The MessageGroupId parameter is required for FIFO topics',
                  );
            const successful: { Id: string; MessageId: string; SequenceNumber?: string }[] = [];
            const failed: { Id: string; Code: string; Message: string; SenderFault: boolean }[] = [];
            for (const [index, id] of ids) {
              try {
                const receipt = publish(parameters, `PublishBatchRequestEntries.member.${index}.`, topicArn);
                successful.push({
                  Id: id,
                  MessageId: receipt.messageId,
                  ...(receipt.sequenceNumber === undefined ? {} : { SequenceNumber: receipt.sequenceNumber }),
                });
              } catch (error) {
                if (!(error instanceof SnsInvalidParameterError)) throw error;
                failed.push({ Id: id, Code: error.code, Message: error.message, SenderFault: true });
              }
            }
            return queryResponse('PublishBatch', NAMESPACE, {
              Successful: members(successful),
              Failed: members(failed),
            });
          }
          case 'ListTopics':
            return queryResponse('ListTopics', NAMESPACE, {
              Topics: members([...sns.topics.keys()].map((TopicArn) => ({ TopicArn }))),
            });
          case 'ListSubscriptions':
            return queryResponse('ListSubscriptions', NAMESPACE, { Subscriptions: subscriptionsOf() });
          case 'ListSubscriptionsByTopic': {
            const topicArn = topicOf(parameters);
            if (!sns.topics.has(topicArn)) throw new SnsInvalidParameterError('Topic does not exist');
            return queryResponse('ListSubscriptionsByTopic', NAMESPACE, { Subscriptions: subscriptionsOf(topicArn) });
          }
          case 'GetTopicAttributes': {
            const topicArn = topicOf(parameters);
            const topic = sns.topics.get(topicArn);
            if (topic === undefined) throw new SnsInvalidParameterError('Topic does not exist');
            const subscriptions = [...sns.subscriptions.values()].filter((each) => each.topicArn === topicArn);
            const attributes: Record<string, string> = {
              TopicArn: topicArn,
              Owner: topicArn.split(':')[4] ?? '',
              SubscriptionsConfirmed: String(subscriptions.filter((each) => each.status === 'Confirmed').length),
              SubscriptionsPending: String(subscriptions.filter((each) => each.status !== 'Confirmed').length),
              SubscriptionsDeleted: '0',
              ...(topic.kmsMasterKeyId === undefined ? {} : { KmsMasterKeyId: topic.kmsMasterKeyId }),
              ...(topic.fifo === true
                ? { FifoTopic: 'true', ContentBasedDeduplication: String(topic.contentBasedDeduplication === true) }
                : {}),
            };
            return queryResponse('GetTopicAttributes', NAMESPACE, {
              Attributes: { entry: Object.entries(attributes).map(([key, value]) => ({ key, value })) },
            });
          }
        }
        throw new SnsInvalidActionError(
          `the lab's SNS answers ${ANSWERED.join(', ')}, not ${action === '' ? 'a request without an Action' : action}; topics and subscriptions come from your stacks`,
        );
      } catch (error) {
        if (error instanceof SnsError) return queryError(error.code, error.message, error.statusCode, NAMESPACE);
        throw error;
      }
    },
  };
}

/** The topic a request names (`TopicArn`, or Publish's `TargetArn`). */
function topicOf(parameters: ReadonlyMap<string, string>): string {
  const topicArn = parameters.get('TopicArn') ?? parameters.get('TargetArn');
  if (topicArn === undefined) throw new SnsInvalidParameterError('Invalid parameter: TopicArn');
  return topicArn;
}

/** PublishBatch's entries, by index, with their ids (1 to 10 of them, each id once). */
function batchIds(parameters: ReadonlyMap<string, string>): [number, string][] {
  const ids = new Map<number, string>();
  for (const [key, value] of parameters) {
    const match = /^PublishBatchRequestEntries\.member\.(\d+)\.Id$/.exec(key);
    if (match !== null) ids.set(Number(match[1]), value);
  }
  const entries = [...ids].sort(([a], [b]) => a - b);
  if (entries.length === 0) throw new SnsInvalidParameterError("The batch request doesn't contain any entries.");
  if (entries.length > MAX_BATCH_ENTRIES)
    throw new SnsInvalidParameterError(`The batch request contains more entries than permissible.`);
  if (new Set(ids.values()).size !== entries.length)
    throw new SnsInvalidParameterError('Two or more batch entries in the request have the same Id.');
  return entries;
}

/** `MessageAttributes.entry.N.Name` / `.Value.DataType` / `.Value.StringValue` / `.Value.BinaryValue`. */
function messageAttributes(
  parameters: ReadonlyMap<string, string>,
  prefix: string,
): Record<string, SnsMessageAttribute> {
  const entries = new Map<number, Record<string, string>>();
  for (const [key, value] of parameters) {
    if (!key.startsWith(`${prefix}.entry.`)) continue;
    const [index = '', ...path] = key.slice(`${prefix}.entry.`.length).split('.');
    const entry = entries.get(Number(index)) ?? (Object.create(null) as Record<string, string>);
    entry[path.join('.')] = value;
    entries.set(Number(index), entry);
  }
  // Keyed by the request's own words: no prototype for a name like __proto__ to reach.
  const attributes: Record<string, SnsMessageAttribute> = Object.create(null) as Record<string, SnsMessageAttribute>;
  for (const entry of entries.values()) {
    const name = entry.Name;
    const dataType = entry['Value.DataType'];
    if (name === undefined || dataType === undefined)
      throw new SnsInvalidParameterError(
        'Invalid parameter: MessageAttributes: each attribute needs a Name and a DataType',
      );
    attributes[name] = {
      DataType: dataType,
      ...(entry['Value.StringValue'] === undefined ? {} : { StringValue: entry['Value.StringValue'] }),
      ...(entry['Value.BinaryValue'] === undefined
        ? {}
        : { BinaryValue: Buffer.from(entry['Value.BinaryValue'], 'base64') }),
    };
  }
  return attributes;
}
