import stringWidth from 'string-width';
import { type Language, padColumns } from '@sqs-lab/lab';
import type { Observation } from './observation';
import { MESSAGES } from './locales/messages';
import type { ExperimentResult } from './experiment-result';

/** A run's verdict, as the table and the progress lines show it (the locales word it). */
export type Outcome = 'matched' | 'NOT matched' | 'timed out';

/** The verdict table's columns for one result. */
export interface VerdictRow {
  readonly experiment: string;
  readonly deliveries: number;
  /** Step 7: deliveries the guard refused (in progress) or skipped (completed). */
  readonly duplicatesCaught?: number;
  /** Step 8: successes processed again (their batch failed). */
  readonly reprocessed?: number;
  /** Absent for an experiment without a stack (no worker, no effect counter, no DLQ of its own). */
  readonly effects?: number;
  readonly dlq?: number;
  readonly predicted: string;
  /** The verdict's key (English); the locales word it in each language. */
  readonly outcome: Outcome;
}

/**
 * Step 7 rows count the duplicates the guard caught and effects from the table; Step 8 rows
 * count successes processed again (a different kind of duplicate: no guard sees them) and OK
 * lines as effects. The two counts have columns of their own.
 */
export function toRow(result: ExperimentResult, language: Language = 'en'): VerdictRow {
  const o: Observation = result.observation;
  const outcome = result.timedOut ? 'timed out' : result.matched ? 'matched' : 'NOT matched';
  if (o.kind === 'visibility') {
    return {
      experiment: result.experiment.name,
      deliveries: o.deliveries,
      duplicatesCaught: o.skipped + o.inProgress,
      effects: o.effects,
      dlq: o.dlq,
      predicted: result.experiment.prediction[language],
      outcome,
    };
  }
  if (o.kind === 'fifo-dedup' || o.kind === 'polling') {
    return {
      experiment: result.experiment.name,
      deliveries: o.kind === 'fifo-dedup' ? o.deliveries : o.short.messagesReceived + o.long.messagesReceived,
      predicted: result.experiment.prediction[language],
      outcome,
    };
  }
  return {
    experiment: result.experiment.name,
    deliveries: o.deliveries,
    reprocessed: o.reprocessed,
    effects: [...o.okByIndex.values()].reduce((a, b) => a + b, 0),
    dlq: o.dlqIndexes.length,
    predicted: result.experiment.prediction[language],
    outcome,
  };
}

/**
 * A plain-text table of the rows in `language`, columns padded to terminal widths (a Japanese
 * character takes two columns), the prediction last (it is the longest).
 */
export function renderTable(rows: readonly VerdictRow[], language: Language = 'en'): string {
  const say = MESSAGES[language].report;
  const header = say.columns;
  const cells = rows.map((row) => [
    row.experiment,
    String(row.deliveries),
    row.duplicatesCaught === undefined ? '-' : String(row.duplicatesCaught),
    row.reprocessed === undefined ? '-' : String(row.reprocessed),
    row.effects === undefined ? '-' : String(row.effects),
    row.dlq === undefined ? '-' : String(row.dlq),
    say.outcome[row.outcome],
    row.predicted,
  ]);
  const widths = header.map((title, column) =>
    Math.max(stringWidth(title), ...cells.map((line) => stringWidth(line[column] ?? ''))),
  );
  const format = (line: readonly string[]): string =>
    line
      .map((cell, column) => (column === line.length - 1 ? cell : padColumns(cell, widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width, column) => '-'.repeat(column === widths.length - 1 ? 20 : width)).join('  ');
  return [format(header), rule, ...cells.map(format)].join('\n');
}

/**
 * One block per result: title, the log lines (with what the lab itself did, in time order),
 * the experiment's own detail lines, what was observed and the prediction.
 */
export function renderResult(result: ExperimentResult, language: Language = 'en'): string {
  const say = MESSAGES[language].report;
  const row = toRow(result, language);
  const head = `── ${result.experiment.name}: ${result.experiment.title[language]} (${say.seconds(result.seconds)}) ──`;
  const again =
    row.duplicatesCaught === undefined
      ? say.reprocessed(row.reprocessed ?? 0)
      : say.duplicatesCaught(row.duplicatesCaught);
  const facts =
    row.effects === undefined
      ? `   ${queueFacts(result, language)} → ${say.outcome[row.outcome]}`
      : `   ${say.deliveries(row.deliveries)} · ${again} · ${say.effects(row.effects)} · DLQ ${row.dlq ?? 0} → ${say.outcome[row.outcome]}`;
  const lines = mergeByTime(result.lines, result.notes).map((line) => `   ${line}`);
  const details = experimentDetails(result, language).map((line) => `   ${line}`);
  return [head, ...lines, ...details, facts, `   ${say.predicted(row.predicted)}`].join('\n');
}

/** The counts line of an experiment without a stack. */
function queueFacts(result: ExperimentResult, language: Language): string {
  const say = MESSAGES[language].report;
  const o = result.observation;
  if (o.kind === 'polling') {
    const consumer = (c: typeof o.short): string =>
      say.pollingConsumer(c.waitTimeSeconds, c.calls, c.emptyResponses, c.messagesReceived, c.messagesSent);
    return `${consumer(o.short)} · ${consumer(o.long)}`;
  }
  return o.kind === 'fifo-dedup' ? say.deliveries(o.deliveries) : '';
}

function experimentDetails(result: ExperimentResult, language: Language): readonly string[] {
  const { experiment, observation } = result;
  if (experiment.stack === 'VisibilityDupStack' && observation.kind === 'visibility')
    return experiment.details?.(observation, language) ?? [];
  if (experiment.stack === 'BatchPartialStack' && observation.kind === 'batch')
    return experiment.details?.(observation, language) ?? [];
  if (experiment.stack === 'SQS' && experiment.run === 'fifo-dedup' && observation.kind === 'fifo-dedup')
    return experiment.details?.(observation, language) ?? [];
  if (experiment.stack === 'SQS' && experiment.run === 'polling' && observation.kind === 'polling')
    return experiment.details?.(observation, language) ?? [];
  return [];
}

/** The lab's notes slotted among the log lines by their leading `<seconds>s`, before lines of the same second (what the lab did caused them). */
function mergeByTime(lines: readonly string[], notes: readonly string[]): string[] {
  const seconds = (line: string): number => Number(/^\s*(\d+(?:\.\d+)?)s\s/.exec(line)?.[1] ?? Number.NaN);
  const merged = [...lines];
  for (const note of notes) {
    const at = seconds(note);
    const index = merged.findIndex((line) => seconds(line) >= at);
    merged.splice(index === -1 ? merged.length : index, 0, note);
  }
  return merged;
}
