import { describe, expect, it } from 'vitest';
import type { WorkerLine } from '#experiments/observation';
import { buildTimeline, type TimelineInput } from '#experiments/timeline/timeline';
import { renderTimelineMermaid } from '#experiments/timeline/timeline-mermaid';
import { renderTimelineSvg } from '#experiments/timeline/timeline-svg';

// The send and the delay before the first receive, drawn from SQS's SentTimestamp in the
// worker's `start` line: a message timer, the queue's DelaySeconds, or a job sent twice.

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const at = (seconds: number): string => new Date(T0 + seconds * 1000).toISOString();

/** One job `j` whose SQS messages (`m-1`, …) were sent at `sentAt` s and received 3.2 s later. */
function run(job: object, sentAt: readonly number[], extra: Partial<TimelineInput> = {}): TimelineInput {
  const lines: WorkerLine[] = sentAt.flatMap((sent, index) => {
    const base = { id: 'j', messageId: `m-${index + 1}`, receiveCount: 1, requestId: `r-${index + 1}` };
    return [
      {
        ...base,
        event: 'start',
        timestamp: at(sent + 3.2),
        job: { idempotency: true, ...job },
        sentTimestamp: T0 + sent * 1000,
        firstReceiveTimestamp: T0 + (sent + 3.2) * 1000,
      },
      index === 0
        ? { ...base, event: 'completed', timestamp: at(sent + 4.2), effects: 1, guard: true }
        : { ...base, event: 'duplicate-skipped', timestamp: at(sent + 4.5), effects: 1 },
    ];
  });
  return {
    title: 'delay',
    startedAtMs: T0,
    endedAtMs: T0 + 10_000,
    visibilityTimeoutSeconds: 5,
    lines,
    lanes: [{ id: 'j', label: 'job' }],
    ...extra,
  };
}

describe('the delay before the first receive', () => {
  it('draws a message timer as a delayed bar from the send to the end of the delay, then the receive', () => {
    const timeline = buildTimeline(run({ delaySeconds: 3 }, [0.1]));
    const lane = timeline.lanes[0];

    const delayed = lane?.spans.find((span) => span.kind === 'delayed');
    expect(delayed).toMatchObject({ start: 0.1, end: 3.1, row: 0, label: 'delayed 3 s' });
    expect(delayed?.title).toMatch(/message timer/);
    expect(lane?.marks.map((mark) => [mark.kind, mark.at])).toEqual(
      expect.arrayContaining([
        ['sent', 0.1],
        ['receive', 3.3],
      ]),
    );
    expect(renderTimelineSvg(timeline)).toContain('class="span-delayed"');
    expect(renderTimelineMermaid(timeline)).toContain('delayed 3 s :done, 100, 3100');
  });

  it('words the send and the delay in Japanese too', () => {
    const timeline = buildTimeline(run({ delaySeconds: 3 }, [0.1]), 'ja');

    expect(timeline.lanes[0]?.spans.find((span) => span.kind === 'delayed')?.label).toBe('遅延 3 秒');
    expect(timeline.lanes[0]?.marks.find((mark) => mark.kind === 'sent')?.title).toMatch(
      /メッセージタイマーで 3 秒遅延/,
    );
  });

  it("takes the queue's DelaySeconds for a message sent without a timer; a timer of 0 overrides it", () => {
    const queueDelay = buildTimeline(run({}, [0.1], { queueDelaySeconds: 3 }));
    const timerZero = buildTimeline(run({ delaySeconds: 0 }, [0.1], { queueDelaySeconds: 3 }));

    expect(queueDelay.lanes[0]?.spans.find((span) => span.kind === 'delayed')?.title).toMatch(
      /the queue's DelaySeconds/,
    );
    expect(timerZero.lanes[0]?.spans.map((span) => span.kind)).not.toContain('delayed');
  });

  it('marks both sends of a job sent twice, each on the row of its own first receive, with no delay bar', () => {
    const timeline = buildTimeline(run({ sendTwice: true }, [0.1, 0.2]));
    const marks = timeline.lanes[0]?.marks ?? [];

    expect(marks.filter((mark) => mark.kind === 'sent').map((mark) => [mark.row, mark.at])).toEqual([
      [0, 0.1],
      [1, 0.2],
    ]);
    expect(timeline.lanes[0]?.spans.map((span) => span.kind)).not.toContain('delayed');
    // Each row is labelled with the receive it holds: both messages are on their first.
    expect(renderTimelineSvg(timeline).match(/>receive \d+<\/text>/g)).toEqual([
      '>receive 1</text>',
      '>receive 1</text>',
    ]);
  });

  it('draws no send at all for an undelayed job sent once (every other Step 7 run)', () => {
    const timeline = buildTimeline(run({ delaySeconds: undefined }, [0.1]));

    expect(timeline.lanes[0]?.marks.map((mark) => mark.kind)).not.toContain('sent');
  });
});
