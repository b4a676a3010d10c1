import { describe, expect, it } from 'vitest';
import { EXPERIMENTS, type ExperimentResult, renderReportPage, type TimelineInput } from '../../lab';
import { readFileSync } from 'node:fs';

// The report page opens offline from disk: nothing in it may point outside the file.

const RUNS = JSON.parse(readFileSync(new URL('./fixtures/runs.json', import.meta.url), 'utf8')) as Record<
  string,
  TimelineInput
>;

/** A finished result rebuilt from a recorded run (the counts are not what this test is about). */
function resultOf(name: string): ExperimentResult {
  const input = RUNS[name];
  const experiment = EXPERIMENTS.find((e) => e.name === name);
  if (input === undefined || experiment === undefined) throw new Error(`no recorded run ${name}`);
  const runId = (input.lanes[0]?.id ?? '').replace(/-\d+$/, '');
  return {
    experiment,
    observation:
      experiment.stack === 'BatchPartialStack'
        ? {
            kind: 'batch',
            runId,
            count: 10,
            okByIndex: new Map(),
            failByIndex: new Map(),
            deliveries: 13,
            reprocessed: 0,
            dlqIndexes: [3, 6, 9],
            batchSizes: [],
            messageIdsByIndex: new Map(),
            invalid: 0,
            processingSeconds: 0,
          }
        : {
            kind: 'visibility',
            id: input.lanes[0]?.id ?? '',
            deliveries: 1,
            skipped: 0,
            inProgress: 0,
            effects: 1,
            heartbeats: 2,
            heartbeatFailures: 0,
            workFailures: 0,
            dlq: 0,
          },
    matched: true,
    timedOut: false,
    seconds: (input.endedAtMs - input.startedAtMs) / 1000,
    enqueue: { statusCode: 202, body: {} },
    lines: ['  1.0s  Worker   INFO  Start <script>'],
    notes: [],
    workerLines: input.lines,
    startedAtMs: input.startedAtMs,
    endedAtMs: input.endedAtMs,
    dlqMoves: input.dlqMoves ?? [],
    decidedEarly: false,
  };
}

describe('renderReportPage', () => {
  const page = renderReportPage([resultOf('heartbeat'), resultOf('partial-batch')], { target: 'local', seconds: 23 });

  it('is self-contained: no external URL, script or stylesheet link', () => {
    expect(page).not.toMatch(/https?:\/\//);
    expect(page).not.toMatch(/<script|<link|<img|@import|url\(/i);
  });

  it('has the verdict table, a legend and a timeline per experiment', () => {
    expect(page).toContain('<table>');
    expect(page).toContain('class="legend"');
    expect(page.match(/<svg class="timeline"/g)).toHaveLength(2);
    expect(page).toContain('&#60;script&#62;'); // log text is escaped
  });
});
