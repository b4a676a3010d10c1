/**
 * SQS's actions as its query protocol spells them, for sqs-api.ts: each action's
 * input and output members under their JSON names, and, for lists and maps, the element name the
 * query protocol writes instead. Every SQS list and map is flattened there: the JSON member
 * `Entries` of SendMessageBatch is `SendMessageBatchRequestEntry.1.Id=…` in the form and repeated
 * `<SendMessageBatchResultEntry>` elements in the XML; the map `Attributes` is
 * `Attribute.1.Name=…&Attribute.1.Value=…` and `<Attribute><Name/><Value/></Attribute>`.
 *
 * Read from the last botocore model of SQS with the query protocol (boto/botocore@79c92132,
 * botocore/data/sqs/2012-11-05/service-2.json, kept by LocalStack as
 * localstack-core/localstack/aws/data/sqs-query/2012-11-05/service-2.json): its `locationName`
 * and `flattened` traits. It has every action SQS has; ReceiveMessage's
 * `MessageSystemAttributeNames`, added since, follows the same rule
 * (`MessageSystemAttributeName.1=…`).
 */

/** A value in the query protocol: a scalar, a flattened list or map, or a structure. */
export type QueryShape =
  | 'string'
  | 'number'
  | 'boolean'
  | { readonly list: QueryShape; readonly element: string }
  | { readonly map: QueryShape; readonly element: string; readonly key: string; readonly value: string }
  | { readonly structure: QueryMembers };

/** A structure's members, by their JSON names. */
export type QueryMembers = Readonly<Record<string, QueryShape>>;

/** One action: what its form carries, and what its `<ActionResult>` holds (none for actions without output). */
export interface QueryAction {
  readonly input: QueryMembers;
  readonly output?: QueryMembers;
}

/** SQS's XML namespace (the model's `xmlNamespace`). */
export const SQS_XML_NAMESPACE = 'http://queue.amazonaws.com/doc/2012-11-05/';

const queueAttributes: QueryShape = { map: 'string', element: 'Attribute', key: 'Name', value: 'Value' };
const tags: QueryShape = { map: 'string', element: 'Tag', key: 'Key', value: 'Value' };
const messageAttributeValue: QueryShape = {
  structure: {
    StringValue: 'string',
    BinaryValue: 'string',
    StringListValues: { list: 'string', element: 'StringListValue' },
    BinaryListValues: { list: 'string', element: 'BinaryListValue' },
    DataType: 'string',
  },
};
const messageAttributes: QueryShape = {
  map: messageAttributeValue,
  element: 'MessageAttribute',
  key: 'Name',
  value: 'Value',
};
const messageSystemAttributes: QueryShape = {
  map: messageAttributeValue,
  element: 'MessageSystemAttribute',
  key: 'Name',
  value: 'Value',
};
const names = (element: string): QueryShape => ({ list: 'string', element });
const entries = (element: string, members: QueryMembers): QueryShape => ({ list: { structure: members }, element });
const failed = entries('BatchResultErrorEntry', {
  Id: 'string',
  SenderFault: 'boolean',
  Code: 'string',
  Message: 'string',
});
const sent = {
  MD5OfMessageBody: 'string',
  MD5OfMessageAttributes: 'string',
  MD5OfMessageSystemAttributes: 'string',
  MessageId: 'string',
  SequenceNumber: 'string',
} as const;
const message = {
  MessageBody: 'string',
  DelaySeconds: 'number',
  MessageAttributes: messageAttributes,
  MessageSystemAttributes: messageSystemAttributes,
  MessageDeduplicationId: 'string',
  MessageGroupId: 'string',
} as const;

/** Every action of SQS (API version 2012-11-05). */
export const SQS_QUERY_ACTIONS: Readonly<Record<string, QueryAction>> = {
  AddPermission: {
    input: { QueueUrl: 'string', Label: 'string', AWSAccountIds: names('AWSAccountId'), Actions: names('ActionName') },
  },
  CancelMessageMoveTask: { input: { TaskHandle: 'string' }, output: { ApproximateNumberOfMessagesMoved: 'number' } },
  ChangeMessageVisibility: { input: { QueueUrl: 'string', ReceiptHandle: 'string', VisibilityTimeout: 'number' } },
  ChangeMessageVisibilityBatch: {
    input: {
      QueueUrl: 'string',
      Entries: entries('ChangeMessageVisibilityBatchRequestEntry', {
        Id: 'string',
        ReceiptHandle: 'string',
        VisibilityTimeout: 'number',
      }),
    },
    output: { Successful: entries('ChangeMessageVisibilityBatchResultEntry', { Id: 'string' }), Failed: failed },
  },
  CreateQueue: {
    input: { QueueName: 'string', Attributes: queueAttributes, tags },
    output: { QueueUrl: 'string' },
  },
  DeleteMessage: { input: { QueueUrl: 'string', ReceiptHandle: 'string' } },
  DeleteMessageBatch: {
    input: {
      QueueUrl: 'string',
      Entries: entries('DeleteMessageBatchRequestEntry', { Id: 'string', ReceiptHandle: 'string' }),
    },
    output: { Successful: entries('DeleteMessageBatchResultEntry', { Id: 'string' }), Failed: failed },
  },
  DeleteQueue: { input: { QueueUrl: 'string' } },
  GetQueueAttributes: {
    input: { QueueUrl: 'string', AttributeNames: names('AttributeName') },
    output: { Attributes: queueAttributes },
  },
  GetQueueUrl: { input: { QueueName: 'string', QueueOwnerAWSAccountId: 'string' }, output: { QueueUrl: 'string' } },
  ListDeadLetterSourceQueues: {
    input: { QueueUrl: 'string', NextToken: 'string', MaxResults: 'number' },
    output: { queueUrls: names('QueueUrl'), NextToken: 'string' },
  },
  ListMessageMoveTasks: {
    input: { SourceArn: 'string', MaxResults: 'number' },
    output: {
      Results: entries('ListMessageMoveTasksResultEntry', {
        TaskHandle: 'string',
        Status: 'string',
        SourceArn: 'string',
        DestinationArn: 'string',
        MaxNumberOfMessagesPerSecond: 'number',
        ApproximateNumberOfMessagesMoved: 'number',
        ApproximateNumberOfMessagesToMove: 'number',
        FailureReason: 'string',
        StartedTimestamp: 'number',
      }),
    },
  },
  ListQueueTags: { input: { QueueUrl: 'string' }, output: { Tags: tags } },
  ListQueues: {
    input: { QueueNamePrefix: 'string', NextToken: 'string', MaxResults: 'number' },
    output: { QueueUrls: names('QueueUrl'), NextToken: 'string' },
  },
  PurgeQueue: { input: { QueueUrl: 'string' } },
  ReceiveMessage: {
    input: {
      QueueUrl: 'string',
      AttributeNames: names('AttributeName'),
      MessageSystemAttributeNames: names('MessageSystemAttributeName'),
      MessageAttributeNames: names('MessageAttributeName'),
      MaxNumberOfMessages: 'number',
      VisibilityTimeout: 'number',
      WaitTimeSeconds: 'number',
      ReceiveRequestAttemptId: 'string',
    },
    output: {
      Messages: entries('Message', {
        MessageId: 'string',
        ReceiptHandle: 'string',
        MD5OfBody: 'string',
        Body: 'string',
        Attributes: queueAttributes,
        MD5OfMessageAttributes: 'string',
        MessageAttributes: messageAttributes,
      }),
    },
  },
  RemovePermission: { input: { QueueUrl: 'string', Label: 'string' } },
  SendMessage: { input: { QueueUrl: 'string', ...message }, output: sent },
  SendMessageBatch: {
    input: { QueueUrl: 'string', Entries: entries('SendMessageBatchRequestEntry', { Id: 'string', ...message }) },
    output: { Successful: entries('SendMessageBatchResultEntry', { Id: 'string', ...sent }), Failed: failed },
  },
  SetQueueAttributes: { input: { QueueUrl: 'string', Attributes: queueAttributes } },
  StartMessageMoveTask: {
    input: { SourceArn: 'string', DestinationArn: 'string', MaxNumberOfMessagesPerSecond: 'number' },
    output: { TaskHandle: 'string' },
  },
  TagQueue: { input: { QueueUrl: 'string', Tags: tags } },
  UntagQueue: { input: { QueueUrl: 'string', TagKeys: names('TagKey') } },
};
