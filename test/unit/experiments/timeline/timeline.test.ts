import { describe, expect, it } from 'vitest';
import { RECORDED_RUNS as RUNS } from '#test/helpers/recorded-runs';
import type { WorkerLine } from '#experiments/observation';
import { buildTimeline, type TimelineInput } from '#experiments/timeline/timeline';
import { GanttSyntaxError, parseTimelineGantt, renderTimelineMermaid } from '#experiments/timeline/timeline-mermaid';
import { renderTimelineSvg } from '#experiments/timeline/timeline-svg';

// Timelines drawn from log lines recorded by real runs (`npm start -- --only … --report`), and
// from small hand-written lines where a test is about one rule.

const run = (name: string): TimelineInput => {
  const input = RUNS[name];
  if (input === undefined) throw new Error(`no recorded run ${name}`);
  return input;
};

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const at = (seconds: number): string => new Date(T0 + seconds * 1000).toISOString();
/** One delivery of job `j`: start at 1 s, completed at 9 s, with the given heartbeat lines. */
function job(heartbeats: readonly number[]): TimelineInput {
  const base = { id: 'j', messageId: 'm-1', receiveCount: 1, requestId: 'r-1' };
  const lines: WorkerLine[] = [
    { ...base, event: 'start', timestamp: at(1), job: { idempotency: true } },
    ...heartbeats.map((s) => ({ ...base, event: 'heartbeat', timestamp: at(s), extendedBySeconds: 10 })),
    { ...base, event: 'completed', timestamp: at(9), effects: 1, guard: true },
  ];
  return {
    title: 'job',
    startedAtMs: T0,
    endedAtMs: T0 + 20_000,
    visibilityTimeoutSeconds: 5,
    lines,
    lanes: [{ id: 'j', label: 'job' }],
  };
}

describe('buildTimeline', () => {
  it('ends the invisible bar at the deadline in force, which each heartbeat moves', () => {
    const without = buildTimeline(job([]));
    const withBeats = buildTimeline(job([3, 6]));
    const bar = (input: ReturnType<typeof buildTimeline>) =>
      input.lanes[0]?.spans.find((span) => span.kind === 'invisible');

    expect(bar(without)?.end).toBe(6); // receive at 1 s + the queue's 5 s: visible again before the delete
    expect(without.lanes[0]?.marks.map((m) => m.kind)).toContain('visible-again');
    expect(bar(withBeats)?.end).toBe(9); // the extension to 6 + 10 s outlives the work: deleted at 9 s
    expect(bar(withBeats)?.supersededDeadlines).toEqual([6, 13]);
    expect(withBeats.lanes[0]?.marks.map((m) => m.kind)).not.toContain('visible-again');
  });

  it('gives every message of a batch run its own lane, one row per receive', () => {
    const timeline = buildTimeline(run('partial-batch'));

    expect(timeline.lanes.map((lane) => lane.label)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${i + 1}`));
    for (const lane of timeline.lanes) expect(lane.rows).toBe([3, 6, 9].includes(Number(lane.label.slice(8))) ? 2 : 1);
  });

  it('shows the failing messages moving to the DLQ, and a redrive taking them out and back', () => {
    const batch = buildTimeline(run('partial-batch'));
    const redrive = buildTimeline(run('dlq-redrive'));
    const kinds = (timeline: typeof batch, label: string) =>
      timeline.lanes.find((lane) => lane.label === label)?.marks.map((m) => m.kind) ?? [];

    expect(kinds(batch, 'message 3').filter((k) => k === 'dlq')).toHaveLength(1);
    expect(kinds(batch, 'message 1')).not.toContain('dlq');
    expect(kinds(redrive, 'message 6').filter((k) => k === 'dlq')).toHaveLength(2);
    expect(kinds(redrive, 'message 6')).toContain('redrive');
  });

  it("draws the guard's verdicts: in progress and not acknowledged, then skipped", () => {
    const lane = buildTimeline(run('long-job-no-heartbeat')).lanes[0];
    const kinds = lane?.marks.map((m) => m.kind) ?? [];

    expect(kinds).toContain('claimed');
    expect(kinds.filter((k) => k === 'in-progress').length).toBeGreaterThanOrEqual(2);
    expect(kinds.filter((k) => k === 'completed')).toHaveLength(1);
    expect(kinds.at(-1)).toBe('deleted');
    expect(kinds).toContain('skipped');
  });

  it('counts each effect of an unguarded job and flags the delete with an old receipt handle', () => {
    const marks = buildTimeline(run('no-idempotency')).lanes[0]?.marks ?? [];

    expect(marks.filter((m) => m.kind === 'completed').map((m) => m.label)).toEqual([
      'completed: effect 1',
      'completed: effect 2',
    ]);
    expect(marks.some((m) => m.kind === 'stale-delete')).toBe(true);
  });
});

describe('renderTimelineSvg', () => {
  it('draws a lane per message, with hover titles', () => {
    const svg = renderTimelineSvg(buildTimeline(run('partial-batch')));

    expect(svg.match(/<g class="lane"/g)).toHaveLength(10);
    expect(svg).toMatch(/<g class="mark mark-dlq"[^>]*><title>message 3 seen in the DLQ/);
    expect(svg).toContain('<title>');
  });

  it('moves the end of the bar with the extension', () => {
    const end = (svg: string) => Number(/class="span-invisible"[^>]*data-end="([\d.]+)"/.exec(svg)?.[1]);

    expect(end(renderTimelineSvg(buildTimeline(job([3, 6]))))).toBeGreaterThan(
      end(renderTimelineSvg(buildTimeline(job([])))),
    );
  });
});

describe('renderTimelineMermaid', () => {
  it('writes a gantt that parses back to one section per message and one bar per receive', () => {
    const chart = parseTimelineGantt(renderTimelineMermaid(buildTimeline(run('long-job-no-heartbeat'))));
    const section = chart.sections[0];

    expect(chart.sections).toHaveLength(1);
    expect(section?.tasks.filter((t) => !t.milestone && t.name.endsWith('invisible')).length).toBeGreaterThanOrEqual(3);
    expect(section?.tasks.filter((t) => t.milestone).every((t) => t.startMs === t.endMs)).toBe(true);
  });

  it('refuses what Mermaid would misread', () => {
    expect(() => parseTimelineGantt('gantt\n    section a\n    r1 invisible :active, 10')).toThrow(GanttSyntaxError);
    expect(() => parseTimelineGantt('sequenceDiagram')).toThrow(GanttSyntaxError);
  });
});

describe('crashes, releases and the DLQ alarm', () => {
  const base = { messageId: 'm-1', requestId: 'r-1' };
  const input = (lines: WorkerLine[], extra: Partial<TimelineInput> = {}): TimelineInput => ({
    title: 'run',
    startedAtMs: T0,
    endedAtMs: T0 + 20_000,
    visibilityTimeoutSeconds: 15,
    lines,
    lanes: [{ id: 'j', label: 'long, sleep 5 s' }],
    ...extra,
  });

  it('ends a delivery that never logged its end at the crash, and leaves the message hidden to its deadline', () => {
    const lines: WorkerLine[] = [
      { ...base, id: 'j', event: 'start', receiveCount: 1, timestamp: at(0.5), job: { idempotency: true } },
      { id: 'j', messageId: 'm-1', requestId: 'r-2', event: 'start', receiveCount: 2, timestamp: at(15.5) },
    ];

    const [lane] = buildTimeline(input(lines, { crashedAtMs: T0 + 3400 })).lanes;

    expect(lane?.marks.find((mark) => mark.kind === 'crashed')).toMatchObject({ at: 3.4, row: 0 });
    expect(lane?.spans.find((span) => span.kind === 'work' && span.receive === 1)).toMatchObject({ end: 3.4 });
    expect(lane?.spans.find((span) => span.kind === 'work' && span.receive === 1)?.open).toBeUndefined();
    expect(lane?.spans.find((span) => span.kind === 'invisible' && span.receive === 1)).toMatchObject({ end: 15.5 });
  });

  it('moves the deadline to the release when the visibility manager lets a job go', () => {
    const lines: WorkerLine[] = [
      { ...base, id: 'j', event: 'start', receiveCount: 1, timestamp: at(0.3), job: { idempotency: true } },
      { ...base, id: 'j', event: 'heartbeat', receiveCount: 1, timestamp: at(2.3), extendedBySeconds: 5 },
      { ...base, id: 'j', event: 'visibility-released', receiveCount: 1, timestamp: at(8.3) },
      { ...base, id: 'j', event: 'completed', receiveCount: 1, timestamp: at(12.3), effects: 1, guard: true },
    ];

    const [lane] = buildTimeline(input(lines, { visibilityTimeoutSeconds: 5 })).lanes;

    expect(lane?.marks.map((mark) => mark.kind)).toContain('released');
    expect(lane?.spans.find((span) => span.kind === 'invisible')).toMatchObject({ end: 8.3 });
  });

  it("draws the DLQ alarm's states on a lane of their own, in SVG and Mermaid", () => {
    const timeline = buildTimeline(
      input([], {
        lanes: [],
        alarmStates: [
          { atMs: T0, state: 'OK', alarmName: 'dlq-alarm' },
          { atMs: T0 + 20_300, state: 'ALARM', alarmName: 'dlq-alarm' },
        ],
      }),
    );

    expect(timeline.lanes.map((lane) => [lane.label, lane.marks.map((mark) => mark.kind)])).toEqual([
      ['DLQ alarm', ['alarm-ok', 'alarm']],
    ]);
    expect(renderTimelineSvg(timeline)).toContain('dlq-alarm read as ALARM at 20.3 s');
    expect(renderTimelineMermaid(timeline)).toContain('alarm ALARM :milestone, 20300, 20300');
  });
});
