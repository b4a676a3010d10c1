/**
 * S3's bucket notification sub-resource on the lab's endpoint: GetBucketNotificationConfiguration
 * and PutBucketNotificationConfiguration (what CDK's bucket-notifications handler calls), routed
 * here by s3-bucket-operations.ts.
 */
import { randomUUID } from 'node:crypto';
import type { GatewayRequest, GatewayResponse } from '../../gateway/gateway-handler';
import { InvalidRequestError, S3NotImplementedError } from './errors';
import {
  keyFilter,
  NotificationConfigurationError,
  type NotificationSender,
  validateTargets,
} from './s3-notifications';
import { readPayload } from './s3-payload';
import type { NotificationTarget } from './s3-records';
import { listOf, requestDocument, textOf } from './s3-request-xml';
import type { S3State } from './s3-state';

/** GetBucketNotificationConfiguration's document: one element per target, by kind. */
export function notificationDocument(targets: readonly NotificationTarget[]): Record<string, unknown> {
  const element = (target: NotificationTarget, arnName: string) => ({
    Id: target.id,
    [arnName]: target.arn,
    Event: target.events,
    ...(target.prefix === undefined && target.suffix === undefined
      ? {}
      : {
          Filter: {
            S3Key: {
              FilterRule: [
                ...(target.prefix === undefined ? [] : [{ Name: 'Prefix', Value: target.prefix }]),
                ...(target.suffix === undefined ? [] : [{ Name: 'Suffix', Value: target.suffix }]),
              ],
            },
          },
        }),
  });
  const of = (kind: NotificationTarget['kind'], arnName: string) =>
    targets.filter((target) => target.kind === kind).map((target) => element(target, arnName));
  return {
    QueueConfiguration: of('queue', 'Queue'),
    TopicConfiguration: of('topic', 'Topic'),
    CloudFunctionConfiguration: of('function', 'CloudFunction'),
  };
}

/**
 * PutBucketNotificationConfiguration (https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutBucketNotificationConfiguration.html):
 * the whole configuration is replaced, after S3 has checked that each destination lets it send.
 */
export async function putNotification(
  state: S3State,
  bucket: string,
  request: GatewayRequest,
  notifications: NotificationSender | undefined,
): Promise<GatewayResponse> {
  state.bucket(bucket);
  const document = requestDocument(readPayload(request).bytes, 'NotificationConfiguration');
  const read = (name: string, kind: NotificationTarget['kind'], arnNames: readonly string[]): NotificationTarget[] =>
    listOf(document, name).map((entry) => {
      const filter = (entry.Filter as Record<string, unknown> | undefined)?.S3Key as
        Record<string, unknown> | undefined;
      return {
        kind,
        arn: arnNames.map((arnName) => textOf(entry, arnName)).find((arn) => arn !== undefined) ?? '',
        id: textOf(entry, 'Id') ?? randomUUID(),
        events: (entry.Event as unknown[] | undefined)?.map(String) ?? [],
        ...keyFilter(filter === undefined ? [] : listOf(filter, 'FilterRule')),
      };
    });
  const targets = [
    ...read('QueueConfiguration', 'queue', ['Queue']),
    ...read('TopicConfiguration', 'topic', ['Topic']),
    ...read('CloudFunctionConfiguration', 'function', ['CloudFunction', 'LambdaFunctionArn']),
  ];
  if (targets.length > 0) {
    if (notifications === undefined) throw new S3NotImplementedError('event notifications');
    try {
      await validateTargets(notifications, bucket, targets);
    } catch (error) {
      if (error instanceof NotificationConfigurationError)
        throw new InvalidRequestError(error.message, 'InvalidArgument');
      throw error;
    }
  }
  if (targets.length === 0) delete state.bucket(bucket).notifications;
  else state.bucket(bucket).notifications = targets;
  return { status: 200 };
}
