import { describe, expect, it } from 'vitest';
import { consoleTimelineOf } from '#experiments/console-experiments';
import { EXPERIMENTS } from '#experiments/catalog';
import type { ExperimentResult } from '#experiments/experiment-result';

/**
 * A finished run as the console's `POST /api/experiments/<name>` sees it, before any worker
 * line: only the fields the timeline reads are real; the rest of the observation is left out
 * (the cast), since the timeline does not read it.
 */
function resultOf(name: string, observation: Record<string, unknown>): ExperimentResult {
  const experiment = EXPERIMENTS.find((candidate) => candidate.name === name);
  if (experiment === undefined) throw new Error(`no experiment ${name}`);
  return {
    experiment,
    observation,
    matched: true,
    timedOut: false,
    seconds: 9,
    lines: [],
    notes: [],
    workerLines: [],
    startedAtMs: 1_000,
    endedAtMs: 10_000,
    dlqMoves: [],
    decidedEarly: false,
  } as unknown as ExperimentResult;
}

describe('the console timeline of a run', () => {
  it('draws the report SVG with one lane per message and a legend, in the asked language', () => {
    const result = resultOf('heartbeat', { kind: 'visibility', id: 'exp-heartbeat-1' });
    const japanese = consoleTimelineOf(result, 'ja');
    expect(japanese?.lanes).toBe(1);
    expect(japanese?.svg).toMatch(/^<svg class="timeline"/);
    expect(japanese?.svg).toContain('data-lane="exp-heartbeat-1"');
    expect(japanese?.svg).toContain('ジョブ、sleep 8 秒');
    expect(japanese?.legend).toMatch(/^<svg/);
    expect(consoleTimelineOf(result, 'en')?.svg).toContain('job, sleep 8 s');
  });

  it('is null for an experiment without message lanes (no stack: fifo-dedup, short-vs-long-polling)', () => {
    expect(consoleTimelineOf(resultOf('fifo-dedup', { kind: 'fifo-dedup' }), 'en')).toBeNull();
    expect(consoleTimelineOf(resultOf('short-vs-long-polling', { kind: 'polling' }), 'ja')).toBeNull();
  });
});
