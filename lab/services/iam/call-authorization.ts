/**
 * From an SDK call to the IAM request AWS authorizes it as: the action and the resource ARN.
 * SQS batch operations are authorized by their single-message action (SQS developer guide,
 * "Amazon SQS API permissions: Actions and resource reference": SendMessageBatch needs
 * sqs:SendMessage, DeleteMessageBatch sqs:DeleteMessage, ChangeMessageVisibilityBatch
 * sqs:ChangeMessageVisibility).
 */
import { ownProperty } from '../../common/own-property';
import { UnmappedCallError } from './errors';

/** One action on one resource. */
export interface IamRequest {
  readonly action: string;
  readonly resource: string;
}

const SQS_BATCH_ACTIONS: Readonly<Record<string, string>> = {
  SendMessageBatch: 'SendMessage',
  DeleteMessageBatch: 'DeleteMessage',
  ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
};

/**
 * The KMS permissions an SQS call needs of its caller on a queue under a customer-managed key
 * (SQS developer guide, "Configuring KMS permissions for Amazon SQS": a producer needs
 * kms:GenerateDataKey and kms:Decrypt, a consumer kms:Decrypt).
 */
const SQS_KMS_ACTIONS = new Map<string, readonly string[]>([
  ['SendMessage', ['kms:GenerateDataKey', 'kms:Decrypt']],
  ['SendMessageBatch', ['kms:GenerateDataKey', 'kms:Decrypt']],
  ['ReceiveMessage', ['kms:Decrypt']],
]);

/**
 * DynamoDB's item operations: on a table under a customer-managed key each needs the caller's
 * kms:Decrypt on that key, or DynamoDB answers AccessDeniedException "KMS key access denied error"
 * (reported for PutItem in aws/aws-cdk#10010 and aws-samples/aws-secure-environment-accelerator#919,
 * for DeleteItem in aws/aws-cdk#19531; CDK's table grants add the key's permissions for this).
 */
const DYNAMODB_ITEM_OPERATIONS = new Set([
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactGetItems',
  'TransactWriteItems',
]);

/**
 * The IAM requests of one call (a DynamoDB batch touches several tables); `keyOf` names the
 * customer-managed KMS key a resource is encrypted with, whose permissions the call needs too.
 */
export function iamRequestsOf(
  call: { readonly service: string; readonly operation: string; readonly input: unknown },
  target: { readonly region: string; readonly accountId: string },
  keyOf: (resourceArn: string) => string | undefined = () => undefined,
): IamRequest[] {
  const input = (call.input ?? {}) as Record<string, unknown>;
  switch (call.service) {
    case 'SQS': {
      const action = `sqs:${ownProperty(SQS_BATCH_ACTIONS, call.operation) ?? call.operation}`;
      if (call.operation === 'ListQueues' || (call.operation === 'CreateQueue' && typeof input.QueueName !== 'string'))
        return [{ action, resource: '*' }];
      const name =
        typeof input.QueueUrl === 'string'
          ? input.QueueUrl.slice(input.QueueUrl.lastIndexOf('/') + 1)
          : typeof input.QueueName === 'string'
            ? input.QueueName
            : undefined;
      if (name === undefined) return [{ action, resource: '*' }];
      const queueArn = `arn:aws:sqs:${target.region}:${target.accountId}:${name}`;
      const key = keyOf(queueArn);
      const kmsActions = key === undefined ? [] : (SQS_KMS_ACTIONS.get(call.operation) ?? []);
      return [
        { action, resource: queueArn },
        ...kmsActions.map((kmsAction) => ({ action: kmsAction, resource: key ?? '*' })),
      ];
    }
    case 'DynamoDB': {
      const action = `dynamodb:${call.operation}`;
      const tables = new Set<string>();
      if (typeof input.TableName === 'string') tables.add(input.TableName);
      for (const key of ['RequestItems']) {
        const items = input[key];
        if (items !== null && typeof items === 'object') for (const table of Object.keys(items)) tables.add(table);
      }
      for (const item of (input.TransactItems ?? []) as Record<string, { TableName?: string }>[]) {
        for (const inner of Object.values(item)) if (typeof inner.TableName === 'string') tables.add(inner.TableName);
      }
      if (tables.size === 0) return [{ action, resource: '*' }];
      const index = typeof input.IndexName === 'string' ? `/index/${input.IndexName}` : '';
      return [...tables].flatMap((table) => {
        const tableArn = `arn:aws:dynamodb:${target.region}:${target.accountId}:table/${table}`;
        const key = DYNAMODB_ITEM_OPERATIONS.has(call.operation) ? keyOf(tableArn) : undefined;
        return [
          { action, resource: `${tableArn}${index}` },
          ...(key === undefined ? [] : [{ action: 'kms:Decrypt', resource: key }]),
        ];
      });
    }
    case 'SNS': {
      // PublishBatch is authorized as sns:Publish (SNS developer guide, "Amazon SNS API permissions").
      const operation = call.operation === 'PublishBatch' ? 'Publish' : call.operation;
      const action = `sns:${operation}`;
      const topic = [input.TopicArn, input.TargetArn].find((value): value is string => typeof value === 'string');
      if (topic === undefined) return [{ action, resource: '*' }];
      const key = keyOf(topic);
      // A publisher to a topic under a customer-managed key needs kms:GenerateDataKey* and kms:Decrypt
      // on it (SNS developer guide, "Enable compatibility between event sources and encrypted topics").
      const kmsActions = key === undefined || operation !== 'Publish' ? [] : ['kms:GenerateDataKey', 'kms:Decrypt'];
      return [
        { action, resource: topic },
        ...kmsActions.map((kmsAction) => ({ action: kmsAction, resource: key ?? '*' })),
      ];
    }
    case 'STS':
      // "No permissions are required to perform this operation" (STS API reference, GetCallerIdentity).
      return call.operation === 'GetCallerIdentity' ? [] : [{ action: `sts:${call.operation}`, resource: '*' }];
    case 'CloudWatch Logs':
      return [{ action: `logs:${call.operation}`, resource: '*' }];
    case 'AmazonSSM': {
      // Parameter Store's actions name the parameter: arn:aws:ssm:<region>:<account>:parameter/<name without its leading slash>.
      const names = [input.Name, ...(Array.isArray(input.Names) ? input.Names : [])].filter(
        (name): name is string => typeof name === 'string',
      );
      const action = `ssm:${call.operation}`;
      if (names.length === 0) return [{ action, resource: '*' }];
      return names.map((name) => ({
        action,
        resource: `arn:aws:ssm:${target.region}:${target.accountId}:parameter/${name.replace(/^\//, '')}`,
      }));
    }
    default: {
      // Any other JSON-protocol service: its IAM action on every resource, so the role's
      // policies decide (an AccessDenied, as AWS answers a role without the permission).
      const namespace = ownProperty(IAM_NAMESPACES, call.service);
      if (namespace === undefined)
        throw new UnmappedCallError(
          `the lab cannot authorize ${call.service}.${call.operation}: no IAM mapping for ${call.service}`,
        );
      return [{ action: `${namespace}:${call.operation}`, resource: '*' }];
    }
  }
}

/**
 * The IAM namespace of each JSON-protocol service by its `X-Amz-Target` prefix (the services'
 * models, `aws.auth#sigv4` names), for the services the lab knows by name but does not map per
 * resource. A prefix not listed here cannot be authorized.
 */
const IAM_NAMESPACES: Readonly<Record<string, string>> = {
  AWSEvents: 'events',
  TrentService: 'kms',
  secretsmanager: 'secretsmanager',
  AWSStepFunctions: 'states',
  Kinesis_20131202: 'kinesis',
  Firehose_20150804: 'firehose',
  AWSCognitoIdentityProviderService: 'cognito-idp',
  AmazonEC2ContainerRegistry_V20150921: 'ecr',
  GraniteServiceVersion20100801: 'cloudwatch',
  CertificateManager: 'acm',
  DynamoDBStreams_20120810: 'dynamodb',
  AWSSecurityTokenServiceV20110615: 'sts',
};
