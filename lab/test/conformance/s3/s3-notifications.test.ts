import { describe, expect } from 'vitest';
import { eventMessage, wants } from '#lab/services/s3/s3-notifications';
import type { NotificationTarget, ObjectEvent } from '#lab/services/s3/s3-records';
import { conform } from '#lab/test/conformance/behaviour';
import { S3_BEHAVIOURS } from './s3-behaviours';

/** Each behaviour of S3_BEHAVIOURS, asserted on the lab's S3 notifications. */
const behaviour = (id: (typeof S3_BEHAVIOURS)[number]['id']) => {
  const found = S3_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no behaviour ${id}`);
  return found;
};

const target = (events: string[], filter: { prefix?: string; suffix?: string } = {}): NotificationTarget => ({
  kind: 'queue',
  arn: 'arn:aws:sqs:us-east-1:000000000000:uploads',
  id: 'csv-uploads',
  events,
  ...filter,
});
const event = (key: string, eventName = 'ObjectCreated:Put'): ObjectEvent => ({
  bucket: 'uploads',
  key,
  eventName,
  size: 3,
  etag: 'abc',
  time: new Date('2026-11-28T00:00:00Z'),
});

describe('S3 conformance', () => {
  conform(behaviour('s3.notification.event-types'), () => {
    const created = target(['s3:ObjectCreated:*']);
    for (const name of ['Put', 'Post', 'Copy', 'CompleteMultipartUpload'])
      expect(wants(created, event('a', `ObjectCreated:${name}`)), name).toBe(true);
    expect(wants(created, event('a', 'ObjectRemoved:Delete'))).toBe(false);
    expect(wants(target(['s3:ObjectCreated:Put']), event('a', 'ObjectCreated:Copy'))).toBe(false);
    expect(wants(target(['s3:ObjectRemoved:*']), event('a', 'ObjectRemoved:Delete'))).toBe(true);
  });

  conform(behaviour('s3.notification.key-filter'), () => {
    const filtered = target(['s3:ObjectCreated:*'], { prefix: 'images/', suffix: '.jpg' });
    expect(wants(filtered, event('images/cat.jpg'))).toBe(true);
    expect(wants(filtered, event('images/cat.png'))).toBe(false);
    expect(wants(filtered, event('docs/cat.jpg'))).toBe(false);
  });

  conform(behaviour('s3.notification.message'), () => {
    const [created] = eventMessage(event('in/orders 1.csv'), target(['s3:ObjectCreated:*'])).Records;
    expect(created).toMatchObject({
      eventVersion: '2.1',
      eventSource: 'aws:s3',
      awsRegion: 'us-east-1',
      eventTime: '2026-11-28T00:00:00.000Z',
      eventName: 'ObjectCreated:Put',
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'csv-uploads',
        bucket: { name: 'uploads', arn: 'arn:aws:s3:::uploads', ownerIdentity: expect.any(Object) },
        object: { key: 'in/orders+1.csv', size: 3, eTag: 'abc', sequencer: expect.any(String) },
      },
    });
    const [removed] = eventMessage(event('a b', 'ObjectRemoved:Delete'), target(['s3:ObjectRemoved:*'])).Records;
    const object = (removed as { s3: { object: Record<string, unknown> } }).s3.object;
    expect(object).not.toHaveProperty('size');
    expect(object).not.toHaveProperty('eTag');
  });
});
