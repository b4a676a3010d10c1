/**
 * What a Logs Insights query costs on the lab as the log grows: the README's four queries
 * (a message's history, duplicates skipped per id, DLQ arrivals, p50/p99 from REPORT records)
 * over n lines shaped like a tour's (the Step 7 worker's JSON lines, Lambda's JSON
 * `platform.report` records, the Step 8 worker's `fail` lines), timed at each size after an
 * untimed warm-up. The query time should grow linearly: ×4 lines, about ×4 time. The time is the
 * process's CPU time (`process.cpuUsage`), not the wall clock: the queries run on one thread
 * without waiting, and CPU time does not count the time other processes take the cores from it.
 */
import type { LogRecord } from '../services/logs/insights/log-fields';
import { compileQuery, runQuery } from '../services/logs/insights/query-evaluator';
import type { BenchTarget } from './bench-target';
import { markdownTable } from '../common/markdown-table';
import { lastOverFirst, median, timeRatioPerFourfold } from './stats';

/** The queries timed, as the README gives them. */
export const INSIGHTS_BENCH_QUERIES: readonly string[] = [
  'fields @timestamp, event, id, receiveCount, message | filter id = "msg-2" | sort @timestamp asc',
  'filter event = "duplicate-skipped" | stats count(*) as duplicatesSkipped by id | sort duplicatesSkipped desc, id asc',
  'filter event = "fail" | stats count(*) as failedReceives, max(receiveCount) as receives by id, messageId | filter receives >= 2 | sort id asc',
  'filter type = "platform.report" | stats count(*) as invocations, pct(record.metrics.durationMs, 50) as p50, pct(record.metrics.durationMs, 99) as p99',
];

/** The time of the four queries over one size. */
export interface InsightsSizeRow {
  readonly lines: number;
  /** CPU milliseconds for the four queries, one figure per pass. */
  readonly ms: readonly number[];
  readonly medianMs: number;
  /** Lines per second at the median. */
  readonly linesPerSecond: number;
}

/** Every size, and how the largest compares with the smallest. */
export interface InsightsBenchResult {
  readonly rows: readonly InsightsSizeRow[];
  /** median time(largest) / median time(smallest). */
  readonly timeRatio: number;
  /** largest / smallest line count. */
  readonly linesRatio: number;
}

const T0 = Date.parse('2026-11-23T07:18:00.000Z');

/** `count` lines of a tour's shape, 10 ms apart, over 200 message ids and 8 log streams. */
export function tourShapedLines(count: number): LogRecord[] {
  const records: LogRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = `msg-${index % 200}`;
    const receiveCount = 1 + (Math.floor(index / 200) % 3);
    let message: string;
    switch (index % 5) {
      case 0:
        message = JSON.stringify({
          timestamp: new Date(T0 + index * 10).toISOString(),
          level: 'INFO',
          event: 'start',
          message: `Start ${id} sleep 8`,
          requestId: `req-${index}`,
          id,
          messageId: `mid-${id}`,
          receiveCount,
          job: { id, sleep: 8, heartbeat: true, idempotency: true },
        });
        break;
      case 1:
        message = JSON.stringify({
          timestamp: new Date(T0 + index * 10).toISOString(),
          level: 'INFO',
          event: receiveCount > 1 ? 'duplicate-skipped' : 'completed',
          message: receiveCount > 1 ? `Duplicate detect. Skip: ${id}` : `Completed ${id}`,
          requestId: `req-${index - 1}`,
          id,
          messageId: `mid-${id}`,
          receiveCount,
          effects: 1,
        });
        break;
      case 2:
        message = JSON.stringify({
          timestamp: new Date(T0 + index * 10).toISOString(),
          level: 'ERROR',
          event: 'fail',
          message: `FAIL: mid-${id} Intentional failure ${id}`,
          requestId: `req-${index}`,
          id,
          messageId: `mid-${id}`,
          receiveCount,
        });
        break;
      default:
        message = JSON.stringify({
          time: new Date(T0 + index * 10).toISOString(),
          type: 'platform.report',
          record: {
            requestId: `req-${index}`,
            metrics: {
              durationMs: 5 + (index % 997),
              billedDurationMs: 6 + (index % 997),
              memorySizeMB: 256,
              maxMemoryUsedMB: 70,
            },
            status: 'success',
          },
        });
    }
    records.push({
      timestamp: T0 + index * 10,
      ingestionTime: T0 + index * 10 + 200,
      message,
      logGroup: '/aws/lambda/VisibilityDupStack-Worker',
      logStream: `2026/11/23/[$LATEST]${String(index % 8).repeat(32)}`,
      sequence: index + 1,
    });
  }
  return records;
}

/** Times the four queries over each size (`passes` times each, after a warm-up on the smallest). */
export function measureInsights(sizes: {
  readonly lines: readonly number[];
  readonly passes: number;
}): InsightsBenchResult {
  const queries = INSIGHTS_BENCH_QUERIES.map((text) => compileQuery(text));
  const runAll = (records: readonly LogRecord[]): number => {
    const started = process.cpuUsage();
    for (const query of queries) runQuery(query, records, { accountId: '000000000000' });
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  const smallest = Math.min(...sizes.lines);
  runAll(tourShapedLines(smallest));
  const rows = sizes.lines.map((lines) => {
    const records = tourShapedLines(lines);
    const ms = Array.from({ length: sizes.passes }, () => runAll(records));
    const medianMs = median(ms);
    return { lines, ms, medianMs, linesPerSecond: (lines * queries.length * 1000) / medianMs };
  });
  return {
    rows,
    timeRatio: lastOverFirst(rows, (row) => row.medianMs),
    linesRatio: lastOverFirst(rows, (row) => row.lines),
  };
}

/** ×4 log lines may take at most this many times the query time (linear: about 4; issue #21). */
export const MAX_INSIGHTS_TIME_RATIO_PER_4X = 5;

/** The section's target, judged from `insights` (undefined: not run). */
export function insightsTarget(insights: InsightsBenchResult | undefined): BenchTarget {
  const target = `Logs Insights query time grows linearly with the log: ×4 lines in ≤ ×${MAX_INSIGHTS_TIME_RATIO_PER_4X} the time`;
  if (insights === undefined) return { id: 'insights-scaling', target, status: 'not-run', figure: '' };
  const perFourfold = timeRatioPerFourfold(insights.timeRatio, insights.linesRatio);
  const largest = insights.rows[insights.rows.length - 1];
  return {
    id: 'insights-scaling',
    target,
    status: perFourfold <= MAX_INSIGHTS_TIME_RATIO_PER_4X ? 'pass' : 'miss',
    figure: `×${insights.linesRatio.toFixed(0)} lines: ×${insights.timeRatio.toFixed(2)} time; ${largest?.lines ?? 0} lines in ${largest?.medianMs.toFixed(0) ?? '?'} ms for 4 queries`,
  };
}

/** The section's table (Markdown). */
export function insightsTable(insights: InsightsBenchResult): string {
  return [
    '### Logs Insights: 4 queries over growing logs',
    '',
    markdownTable(
      ['Log lines', 'CPU time for the 4 queries (median, per pass)', 'Lines per CPU second'],
      insights.rows.map((row) => [
        String(row.lines),
        `${row.medianMs.toFixed(0)} ms (${row.ms.map((ms) => ms.toFixed(0)).join(', ')})`,
        row.linesPerSecond.toFixed(0),
      ]),
    ),
    '',
    `×${insights.linesRatio.toFixed(0)} lines took ×${insights.timeRatio.toFixed(2)} the time.`,
  ].join('\n');
}
