/**
 * S3 event notifications (S3 user guide, "Amazon S3 Event Notifications"): a bucket sends an
 * event message to the queues, topics and functions its notification configuration names, for
 * the event types and key prefixes and suffixes each lists. The message is S3's ("Event message
 * structure", https://docs.aws.amazon.com/AmazonS3/latest/userguide/notification-content-structure.html),
 * one record per event. A destination must let `s3.amazonaws.com` send (a queue's or topic's
 * policy with the bucket as `aws:SourceArn`; a function's permission): S3 checks it when the
 * configuration is put ("Unable to validate the following destination configurations") and sends
 * each queue an `s3:TestEvent` then.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { LAB_ACCOUNT_ID, LAB_REGION } from '../../common/local-aws';
import type { NotificationTarget, ObjectEvent } from './s3-records';

/** How the lab delivers for S3: each call throws the reason a destination refuses. */
export interface NotificationSender {
  /** Whether the destination lets `s3.amazonaws.com` send for `bucketArn`. */
  allows(target: NotificationTarget, bucketArn: string): Promise<boolean>;
  sendToQueue(queueArn: string, body: string): Promise<void>;
  publishToTopic(topicArn: string, subject: string, message: string, bucketArn: string): Promise<void>;
  invokeFunction(functionArn: string, event: unknown): Promise<void>;
}

/** A configuration S3 refuses (`InvalidArgument`, 400), with S3's words. */
export class NotificationConfigurationError extends Error {
  override readonly name = 'NotificationConfigurationError';
}

/** The targets of a CloudFormation `NotificationConfiguration` (QueueConfigurations, TopicConfigurations, LambdaConfigurations). */
export function targetsOfTemplate(configuration: unknown): NotificationTarget[] {
  const record = (configuration ?? {}) as Record<string, unknown>;
  const read = (list: unknown, kind: NotificationTarget['kind'], arnKey: string): NotificationTarget[] =>
    (Array.isArray(list) ? list : []).map((entry: Record<string, unknown>) => ({
      kind,
      arn: String(entry[arnKey]),
      id: randomUUID(),
      events: [String(entry.Event)],
      ...keyFilter(((entry.Filter as Record<string, unknown> | undefined)?.S3Key as Record<string, unknown>)?.Rules),
    }));
  return [
    ...read(record.QueueConfigurations, 'queue', 'Queue'),
    ...read(record.TopicConfigurations, 'topic', 'Topic'),
    ...read(record.LambdaConfigurations, 'function', 'Function'),
  ];
}

/** `Filter.S3Key.Rules` (`[{ Name: 'prefix', Value }]`, the API's `FilterRule`s) as a prefix and a suffix. */
export function keyFilter(rules: unknown): { prefix?: string; suffix?: string } {
  const filter: { prefix?: string; suffix?: string } = {};
  for (const rule of Array.isArray(rules) ? (rules as Record<string, unknown>[]) : []) {
    const name = String(rule.Name ?? '').toLowerCase();
    if (name === 'prefix' || name === 'suffix') filter[name] = String(rule.Value ?? '');
  }
  return filter;
}

/** Whether a target wants `event`: its type (`s3:ObjectCreated:*` or exact) and its key filter. */
export function wants(target: NotificationTarget, event: ObjectEvent): boolean {
  const typed = target.events.some((pattern) => {
    const wanted = pattern.replace(/^s3:/, '');
    return wanted.endsWith(':*') ? event.eventName.startsWith(wanted.slice(0, -1)) : wanted === event.eventName;
  });
  return (
    typed &&
    (target.prefix === undefined || event.key.startsWith(target.prefix)) &&
    (target.suffix === undefined || event.key.endsWith(target.suffix))
  );
}

/** S3's event message for one event, as the target's configuration names it. */
export function eventMessage(event: ObjectEvent, target: NotificationTarget): { Records: unknown[] } {
  return {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: LAB_REGION,
        eventTime: event.time.toISOString(),
        eventName: event.eventName,
        userIdentity: { principalId: `AWS:${LAB_ACCOUNT_ID}` },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: {
          'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase(),
          'x-amz-id-2': randomBytes(32).toString('base64'),
        },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: target.id,
          bucket: {
            name: event.bucket,
            ownerIdentity: { principalId: LAB_ACCOUNT_ID },
            arn: `arn:aws:s3:::${event.bucket}`,
          },
          object: {
            // The key as S3 writes it in events: URL-encoded, spaces as '+'.
            key: encodeURIComponent(event.key).replaceAll('%20', '+').replaceAll('%2F', '/'),
            ...(event.eventName.startsWith('ObjectCreated') ? { size: event.size, eTag: event.etag } : {}),
            ...(event.versionId === undefined ? {} : { versionId: event.versionId }),
            sequencer: event.time.getTime().toString(16).toUpperCase().padStart(16, '0'),
          },
        },
      },
    ],
  };
}

/**
 * Checks that every target lets S3 send for the bucket, as PutBucketNotificationConfiguration
 * does, then sends each queue S3's `s3:TestEvent`. Throws {@link NotificationConfigurationError}.
 */
export async function validateTargets(
  sender: NotificationSender,
  bucket: string,
  targets: readonly NotificationTarget[],
): Promise<void> {
  const bucketArn = `arn:aws:s3:::${bucket}`;
  const refused: string[] = [];
  for (const target of targets) if (!(await sender.allows(target, bucketArn))) refused.push(target.arn);
  if (refused.length > 0)
    throw new NotificationConfigurationError(
      `Unable to validate the following destination configurations (${refused.join(', ')}: the destination does not let s3.amazonaws.com send for ${bucketArn})`,
    );
  for (const target of targets.filter((each) => each.kind === 'queue'))
    await sender.sendToQueue(
      target.arn,
      JSON.stringify({
        Service: 'Amazon S3',
        Event: 's3:TestEvent',
        Time: new Date().toISOString(),
        Bucket: bucket,
        RequestId: randomBytes(8).toString('hex').toUpperCase(),
        HostId: randomBytes(32).toString('base64'),
      }),
    );
}

/** Sends `event` to every target of its bucket that wants it; a failed delivery is S3's to drop. */
export async function notify(
  sender: NotificationSender,
  targets: readonly NotificationTarget[],
  event: ObjectEvent,
): Promise<void> {
  const bucketArn = `arn:aws:s3:::${event.bucket}`;
  await Promise.allSettled(
    targets
      .filter((target) => wants(target, event))
      .map(async (target) => {
        const message = eventMessage(event, target);
        if (target.kind === 'queue') await sender.sendToQueue(target.arn, JSON.stringify(message));
        else if (target.kind === 'topic')
          await sender.publishToTopic(target.arn, 'Amazon S3 Notification', JSON.stringify(message), bucketArn);
        else await sender.invokeFunction(target.arn, message);
      }),
  );
}
