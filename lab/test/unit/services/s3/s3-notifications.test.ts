/**
 * Which events a bucket's notification target wants, and the message S3 writes (S3 user guide,
 * "Amazon S3 Event Notifications": event types with `*`, key name filtering by prefix and suffix;
 * "Event message structure": the key URL-encoded with spaces as '+', size and eTag for creations).
 */
import { describe, expect, it } from 'vitest';
import { eventMessage, keyFilter, targetsOfTemplate, wants } from '#lab/services/s3/s3-notifications';
import type { NotificationTarget, ObjectEvent } from '#lab/services/s3/s3-records';

const target = (events: string[], filter: { prefix?: string; suffix?: string } = {}): NotificationTarget => ({
  kind: 'queue',
  arn: 'arn:aws:sqs:us-east-1:000000000000:q',
  id: 'csv-uploads',
  events,
  ...filter,
});
const event = (key: string, eventName = 'ObjectCreated:Put'): ObjectEvent => ({
  bucket: 'b',
  key,
  eventName,
  size: 3,
  etag: 'abc',
  time: new Date('2026-11-28T00:00:00Z'),
});

describe('wants', () => {
  it('matches event types exactly or by their * family, and keys by prefix and suffix', () => {
    expect(wants(target(['s3:ObjectCreated:*']), event('a.csv'))).toBe(true);
    expect(wants(target(['s3:ObjectCreated:*']), event('a.csv', 'ObjectRemoved:Delete'))).toBe(false);
    expect(wants(target(['s3:ObjectRemoved:Delete']), event('a.csv', 'ObjectRemoved:Delete'))).toBe(true);
    expect(wants(target(['s3:ObjectCreated:Copy']), event('a.csv'))).toBe(false);
    const filtered = target(['s3:ObjectCreated:*'], { prefix: 'in/', suffix: '.csv' });
    expect(wants(filtered, event('in/a.csv'))).toBe(true);
    expect(wants(filtered, event('out/a.csv'))).toBe(false);
    expect(wants(filtered, event('in/a.txt'))).toBe(false);
  });
});

describe('keyFilter and targetsOfTemplate', () => {
  it("read CloudFormation's NotificationConfiguration, its rule names in any case", () => {
    expect(
      keyFilter([
        { Name: 'Prefix', Value: 'in/' },
        { Name: 'suffix', Value: '.csv' },
      ]),
    ).toEqual({
      prefix: 'in/',
      suffix: '.csv',
    });
    const [queue, topic] = targetsOfTemplate({
      QueueConfigurations: [{ Event: 's3:ObjectCreated:*', Queue: 'arn:q' }],
      TopicConfigurations: [
        {
          Event: 's3:ObjectRemoved:*',
          Topic: 'arn:t',
          Filter: { S3Key: { Rules: [{ Name: 'prefix', Value: 'x/' }] } },
        },
      ],
    });
    expect(queue).toMatchObject({ kind: 'queue', arn: 'arn:q', events: ['s3:ObjectCreated:*'] });
    expect(topic).toMatchObject({ kind: 'topic', arn: 'arn:t', prefix: 'x/' });
  });
});

describe('eventMessage', () => {
  it('writes the key URL-encoded with spaces as +, and no size or eTag for a removal', () => {
    const created = eventMessage(event('in/orders 1.csv'), target(['s3:ObjectCreated:*']));
    expect(created.Records[0]).toMatchObject({
      eventName: 'ObjectCreated:Put',
      s3: { configurationId: 'csv-uploads', object: { key: 'in/orders+1.csv', size: 3, eTag: 'abc' } },
    });
    const removed = eventMessage(event('a b', 'ObjectRemoved:Delete'), target(['s3:ObjectRemoved:*']));
    expect((removed.Records[0] as { s3: { object: Record<string, unknown> } }).s3.object).not.toHaveProperty('size');
  });
});
