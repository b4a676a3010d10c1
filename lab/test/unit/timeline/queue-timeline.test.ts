/**
 * A queue's timeline from a fixed history: the rules queue-timeline.ts draws by, on exact times
 * (a delay before the first receive, a deadline still ahead, a visibility change replacing one,
 * a receive by a client no mapping made, the DLQ move's row).
 */
import { describe, expect, it } from 'vitest';
import type { MessageEvent } from '#lab/services/sqs/fidelity/message-history';
import { buildQueueTimeline } from '#lab/timeline/queue-timeline';

const QUEUE = 'arn:aws:sqs:us-east-1:000000000000:orders';
const DLQ = 'arn:aws:sqs:us-east-1:000000000000:orders-dlq';
const T0 = 1_800_000_000_000;
const noInvocations = { of: () => [] };

describe('buildQueueTimeline', () => {
  it('draws a delayed send, then a receive whose deadline is still ahead as an open bar', () => {
    const events: MessageEvent[] = [
      { kind: 'sent', at: T0, messageId: 'm1', queueArn: QUEUE, bodyPreview: 'late', delayedUntil: T0 + 3000 },
      { kind: 'received', at: T0 + 3000, messageId: 'm1', queueArn: QUEUE, receiveCount: 1, visibleAt: T0 + 33_000 },
    ];
    const timeline = buildQueueTimeline({
      queueName: 'orders',
      events,
      invocations: noInvocations,
      nowMs: T0 + 10_000,
    });
    expect(timeline.seconds).toBe(10);
    const [lane] = timeline.lanes;
    expect(lane?.spans).toEqual([
      expect.objectContaining({ kind: 'delayed', start: 0, end: 3 }),
      expect.objectContaining({ kind: 'invisible', start: 3, end: 10, open: true, receive: 1 }),
    ]);
    expect(lane?.marks.map((mark) => mark.kind)).toEqual(['sent', 'receive']);
  });

  it('moves the deadline on a visibility change and marks visible again when the new one passes', () => {
    const events: MessageEvent[] = [
      { kind: 'sent', at: T0, messageId: 'm1', queueArn: QUEUE, bodyPreview: 'x' },
      { kind: 'received', at: T0 + 1000, messageId: 'm1', queueArn: QUEUE, receiveCount: 1, visibleAt: T0 + 3000 },
      { kind: 'visibility', at: T0 + 2000, messageId: 'm1', queueArn: QUEUE, visibleAt: T0 + 7000 },
    ];
    const [lane] = buildQueueTimeline({
      queueName: 'orders',
      events,
      invocations: noInvocations,
      nowMs: T0 + 9000,
    }).lanes;
    expect(lane?.spans).toEqual([
      expect.objectContaining({ kind: 'invisible', start: 1, end: 7, supersededDeadlines: [3] }),
    ]);
    expect(lane?.marks.map((mark) => [mark.kind, mark.at])).toEqual([
      ['sent', 0],
      ['receive', 1],
      ['visibility', 2],
      ['visible-again', 7],
    ]);
    expect(lane?.marks[2]?.label).toBe('visibility 5 s');
  });

  it('draws the DLQ move on the row of the last receive, naming the DLQ', () => {
    const events: MessageEvent[] = [
      { kind: 'sent', at: T0, messageId: 'm1', queueArn: QUEUE, bodyPreview: 'poison' },
      { kind: 'received', at: T0 + 100, messageId: 'm1', queueArn: QUEUE, receiveCount: 1, visibleAt: T0 + 2100 },
      { kind: 'dead-lettered', at: T0 + 2500, messageId: 'm1', queueArn: QUEUE, deadLetterQueueArn: DLQ },
    ];
    const [lane] = buildQueueTimeline({
      queueName: 'orders',
      events,
      invocations: noInvocations,
      nowMs: T0 + 3000,
    }).lanes;
    const dlq = lane?.marks.find((mark) => mark.kind === 'dlq');
    expect(dlq).toMatchObject({ row: 0, at: 2.5 });
    expect(dlq?.title).toContain('orders-dlq');
  });

  it('joins the invocation that began after the receive, with the mapping’s reason', () => {
    const events: MessageEvent[] = [
      { kind: 'sent', at: T0, messageId: 'm1', queueArn: QUEUE, bodyPreview: 'x' },
      { kind: 'received', at: T0 + 100, messageId: 'm1', queueArn: QUEUE, receiveCount: 1, visibleAt: T0 + 30_100 },
    ];
    const invocations = {
      of: () => [
        {
          requestId: 'r1',
          functionName: 'worker',
          startedAt: T0 + 120,
          endedAt: T0 + 1100,
          deleted: false,
          reason: 'timeout',
        },
      ],
    };
    const [lane] = buildQueueTimeline({ queueName: 'orders', events, invocations, nowMs: T0 + 2000 }).lanes;
    expect(lane?.spans).toContainEqual(expect.objectContaining({ kind: 'work', start: 0.1, end: 1.1 }));
    expect(lane?.marks.find((mark) => mark.kind === 'failed')).toMatchObject({ label: 'timed out', at: 1.1 });
  });

  it('has no lanes without events', () => {
    expect(
      buildQueueTimeline({ queueName: 'orders', events: [], invocations: noInvocations, nowMs: T0 }).lanes,
    ).toEqual([]);
  });
});
