import type { Observation } from './observation';
import type { ExperimentResult } from './runner';

/** The verdict table's columns for one result. */
export interface VerdictRow {
  readonly experiment: string;
  readonly deliveries: number;
  readonly duplicates: number;
  readonly effects: number;
  readonly dlq: number;
  readonly predicted: string;
  readonly outcome: 'matched' | 'NOT matched' | 'timed out';
}

/**
 * Step 7 rows count duplicates the guard saw and effects from the table; Step 8 rows count
 * successes processed again as duplicates and OK lines as effects.
 */
export function toRow(result: ExperimentResult): VerdictRow {
  const o: Observation = result.observation;
  const outcome = result.timedOut ? 'timed out' : result.matched ? 'matched' : 'NOT matched';
  if (o.kind === 'visibility') {
    return {
      experiment: result.experiment.name,
      deliveries: o.deliveries,
      duplicates: o.skipped + o.inProgress,
      effects: o.effects,
      dlq: o.dlq,
      predicted: result.experiment.prediction,
      outcome,
    };
  }
  return {
    experiment: result.experiment.name,
    deliveries: o.deliveries,
    duplicates: o.reprocessed,
    effects: [...o.okByIndex.values()].reduce((a, b) => a + b, 0),
    dlq: o.dlqIndexes.length,
    predicted: result.experiment.prediction,
    outcome,
  };
}

/** A plain-text table of the rows, columns padded, the prediction last (it is the longest). */
export function renderTable(rows: readonly VerdictRow[]): string {
  const header = ['experiment', 'deliveries', 'duplicates', 'effects', 'DLQ', 'outcome', 'predicted (tutorial)'];
  const cells = rows.map((row) => [
    row.experiment,
    String(row.deliveries),
    String(row.duplicates),
    String(row.effects),
    String(row.dlq),
    row.outcome,
    row.predicted,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => (line[column] ?? '').length)),
  );
  const format = (line: readonly string[]): string =>
    line
      .map((cell, column) => (column === line.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width, column) => '-'.repeat(column === widths.length - 1 ? 20 : width)).join('  ');
  return [format(header), rule, ...cells.map(format)].join('\n');
}

/** One block per result: title, what was observed, the log lines. */
export function renderResult(result: ExperimentResult): string {
  const row = toRow(result);
  const head = `── ${result.experiment.name}: ${result.experiment.title} (${result.seconds.toFixed(1)} s) ──`;
  const facts = `   deliveries ${row.deliveries} · duplicates ${row.duplicates} · effects ${row.effects} · DLQ ${row.dlq} → ${row.outcome}`;
  return [head, ...result.lines.map((line) => `   ${line}`), facts, `   predicted: ${row.predicted}`].join('\n');
}
