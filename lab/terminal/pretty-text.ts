/** The `pretty` print format: one aligned, readable line per function line or REPORT. */
import type { LabLogRecord } from '../bus/lab-log-record';

/**
 * One readable line: `07:18:44.123  VisibilityDupStack/Worker  INFO   Start msg-1 sleep 8`.
 * The message is the line's `message` (an object or an Error is shown compactly), or the
 * whole line when it is not JSON.
 */
export function prettyText(record: LabLogRecord): string | undefined {
  const time = new Date(record.time).toISOString().slice(11, 23);
  // Wide enough for the longest function of the two stacks, so the columns line up.
  const tag = `${record.stackName}/${record.functionId}`.padEnd(TAG_WIDTH);
  if (record.kind === 'function') {
    const parsed = record.parsed;
    const level = typeof parsed?.level === 'string' ? parsed.level : '';
    return `${time}  ${tag}  ${level.padEnd(6)} ${parsed === undefined ? record.line : messageText(parsed)}`;
  }
  if (record.kind === 'platform' && record.parsed.type === 'platform.report') {
    return `${time}  ${tag}  ${'REPORT'.padEnd(6)} ${reportSummary(record.parsed.record)}`;
  }
  return undefined;
}

/** `VisibilityDupStack/Producer`. */
const TAG_WIDTH = 27;

function messageText(parsed: Record<string, unknown>): string {
  const message = parsed.message;
  if (typeof message === 'string') {
    return typeof parsed.errorType === 'string'
      ? `${message} (${parsed.errorType}: ${String(parsed.errorMessage)})`
      : message;
  }
  if (typeof message === 'object' && message !== null) {
    const error = message as Record<string, unknown>;
    if (typeof error.errorType === 'string') return `${error.errorType}: ${String(error.errorMessage)}`;
    return JSON.stringify(message);
  }
  return message === undefined ? JSON.stringify(parsed) : String(message);
}

function reportSummary(report: Readonly<Record<string, unknown>>): string {
  const metrics = (report.metrics ?? {}) as Record<string, number | undefined>;
  const parts = [
    `${(metrics.durationMs ?? 0).toFixed(2)} ms`,
    `billed ${metrics.billedDurationMs ?? 0} ms`,
    `memory ${metrics.maxMemoryUsedMB ?? 0} of ${metrics.memorySizeMB ?? 0} MB`,
  ];
  if (metrics.initDurationMs !== undefined) parts.push(`cold start ${metrics.initDurationMs.toFixed(2)} ms`);
  const status = report.status === undefined || report.status === 'success' ? '' : ` · ${String(report.status)}`;
  const errorType = typeof report.errorType === 'string' ? ` ${report.errorType}` : '';
  return `${parts.join(' · ')}${status}${errorType}`;
}
