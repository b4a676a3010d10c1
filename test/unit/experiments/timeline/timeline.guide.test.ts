import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECORDED_RUNS as RUNS } from '#test/helpers/recorded-runs';
import { buildTimeline, type TimelineInput } from '#experiments/timeline/timeline';
import { type GanttChart, parseTimelineGantt, renderTimelineMermaid } from '#experiments/timeline/timeline-mermaid';

// The guides' timelines are the renderer's output for recorded runs: each block marked
// `<!-- timeline: <name> … -->` must parse, and have the structure (sections, task names, bars
// and milestones) the renderer draws today from the same recorded log lines. Timings are not
// compared, so a block stays valid when only the renderer's rounding changes.

const read = (path: string): string => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');

function timelineBlocks(markdown: string): { name: string; text: string }[] {
  return [...markdown.matchAll(/<!-- timeline: (\S+)[^>]*-->\n```mermaid\n([\s\S]*?)\n```/g)].map((m) => ({
    name: m[1] ?? '',
    text: m[2] ?? '',
  }));
}

const structure = (chart: GanttChart) =>
  chart.sections.map((section) => ({
    name: section.name,
    tasks: section.tasks.map((task) => `${task.milestone ? '◆' : '▬'} ${task.name}`),
  }));

describe.each(['docs/experiments.md', 'docs/experiments.ja.md'])('timelines in %s', (path) => {
  const blocks = timelineBlocks(read(path));

  it('show the key runs', () => {
    expect(blocks.map((b) => b.name)).toEqual([
      'long-job-no-heartbeat',
      'heartbeat',
      'no-idempotency',
      'partial-batch',
      'delay-queue',
    ]);
  });

  it.each(blocks.map((b) => [b.name, b.text] as const))('%s parses as the renderer draws it', (name, text) => {
    const input = RUNS[name];
    expect(input, `no recorded run ${name} in test/unit/experiments/timeline/fixtures/runs.json`).toBeDefined();
    const rendered = parseTimelineGantt(renderTimelineMermaid(buildTimeline(input as TimelineInput)));

    expect(structure(parseTimelineGantt(text))).toEqual(structure(rendered));
  });
});
