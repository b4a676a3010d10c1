import { describe, expect, it } from 'vitest';
import { splitByPayload } from '#lab/services/lambda/event-source-mapping/payload-limit';
import { sqsRecord } from '#lab/test/helpers/factories';

// Lambda hands a batch to the function "in a single call, up to the payload limit for synchronous
// invocation (6 MB)": https://docs.aws.amazon.com/lambda/latest/api/API_CreateEventSourceMapping.html
describe('splitByPayload', () => {
  const records = [
    sqsRecord({ id: 'a', note: 'plain' }),
    sqsRecord({ id: 'b', note: 'ünïcødé — 二行目 \u0001 "quoted"' }),
    sqsRecord({ id: 'c', note: 'x'.repeat(300) }),
  ];

  it('keeps a batch within the limit in one event whose JSON is the event serialized', () => {
    const events = splitByPayload(records);

    expect(events).toHaveLength(1);
    expect(events[0]?.event.Records.map((record) => record.messageId)).toEqual(records.map((r) => r.messageId));
    expect(events[0]?.json).toBe(JSON.stringify(events[0]?.event));
  });

  it('splits a batch over the limit into events in order, each within it and serialized as sent', () => {
    const firstTwo = Buffer.byteLength(JSON.stringify({ Records: records.slice(0, 2) }), 'utf8');
    const events = splitByPayload(records, firstTwo);

    expect(events.map(({ event }) => event.Records.length)).toEqual([2, 1]);
    expect(events.flatMap(({ event }) => event.Records.map((record) => record.messageId))).toEqual(
      records.map((record) => record.messageId),
    );
    for (const { event, json } of events) {
      expect(json).toBe(JSON.stringify(event));
      expect(Buffer.byteLength(json, 'utf8')).toBeLessThanOrEqual(firstTwo);
    }
  });

  it('gives a record larger than the limit an event of its own', () => {
    const events = splitByPayload(records, 10);

    expect(events.map(({ event }) => event.Records.length)).toEqual([1, 1, 1]);
    expect(events.map(({ json }) => JSON.parse(json).Records[0].messageId)).toEqual(records.map((r) => r.messageId));
  });
});
