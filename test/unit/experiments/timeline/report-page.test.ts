import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { RECORDED_RUNS as RUNS } from '#test/helpers/recorded-runs';
import { EXPERIMENTS } from '#experiments/catalog';
import type { ExperimentResult } from '#experiments/experiment-result';
import { renderResult, renderTable, toRow } from '#experiments/report';
import { renderReportPage } from '#experiments/timeline/report-page';

// The report page opens offline from disk: nothing in it may point outside the file.

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

describe('the report in Japanese', () => {
  const results = [resultOf('heartbeat'), resultOf('partial-batch')];
  const page = renderReportPage(results, { target: 'local', seconds: 23, language: 'ja' });
  const english = renderReportPage(results, { target: 'local', seconds: 23 });

  it('declares its language and uses Japanese headings, summary, table and prediction', () => {
    expect(page).toContain('<html lang="ja">');
    expect(english).toContain('<html lang="en">');
    expect(page).toContain('<title>sqs-lab レポート</title>');
    expect(page).toContain('2 件中 2 件の結果が予測どおり · ターゲット: local · 23.0 秒');
    expect(page).toContain(
      '<tr><th>実験</th><th>配信</th><th>捕捉した重複(Step 7)</th><th>再処理(Step 8)</th><th>効果</th><th>DLQ</th><th>結果</th><th>予測</th></tr>',
    );
    expect(page).toContain('<td class="matched">予測どおり</td>');
    expect(page).toContain('<h2>heartbeat: Step 7: 5 秒のキューで 8 秒のジョブ、ハートビートあり');
    expect(page).toContain('<p class="pred">予測: 配信 1 回、重複なし、効果 1 回');
    expect(page).not.toMatch(/outcomes matched|Predicted:|<th>experiment<\/th>/);
  });

  it('draws the timelines with Japanese lanes, rows, marks and legend', () => {
    expect(page).toMatch(/>ジョブ、sleep 8 秒<\/text>/);
    expect(page).toMatch(/>メッセージ 3<\/text>/);
    expect(page).toMatch(/>受信 1<\/text>/);
    expect(page).toMatch(/<g class="mark mark-dlq"[^>]*><title>メッセージ 3 を [\d.]+ 秒に DLQ で確認/);
    expect(page).toContain('有効な期限まで不可視');
    expect(page).toContain('aria-label="凡例"');
    expect(page).not.toMatch(/>receive 1<|>message 3<|invisible until the deadline in force/);
  });

  it('keeps the log lines as they were logged', () => {
    expect(page).toContain('Start &#60;script&#62;');
    expect(renderResult(results[0] as ExperimentResult, 'ja')).toMatch(
      /配信 1 回 · 捕捉した重複 0 件 · 効果 1 回 · DLQ 0 → 予測どおり/,
    );
  });

  it('lines the verdict table up in terminal columns (a Japanese character takes two)', () => {
    const lines = renderTable(
      results.map((result) => toRow(result, 'ja')),
      'ja',
    ).split('\n');
    const predictedAt = (line: string): number => stringWidth(line.slice(0, line.lastIndexOf('  ') + 2));

    expect(lines[0]).toMatch(/^実験 +配信 +捕捉した重複 \(7\) +再処理 \(8\) +効果 +DLQ +結果 +予測$/);
    expect(new Set(lines.filter((line) => !line.startsWith('-')).map(predictedAt)).size).toBe(1);
  });
});
