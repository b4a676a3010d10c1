/**
 * The lab's log stream: every line a function writes (what CloudWatch Logs would receive),
 * Lambda's platform lines (start, report) and the event source mapping's batch outcomes,
 * delivered to listeners as records and, unless quiet, printed tagged with the function.
 */
import { EventEmitter } from 'node:events';
import { terminalSafe } from '../../common/terminal-safe';
import { reportText } from '../lambda/runtime/platform-lines';

/** Which function a record belongs to. */
export interface FunctionRef {
  readonly stackName: string;
  readonly functionId: string;
  /** The Lambda function name (`AWS_LAMBDA_FUNCTION_NAME`). */
  readonly functionName: string;
}

/** One line the function's code wrote to stdout or stderr. */
export interface FunctionLogRecord extends FunctionRef {
  readonly kind: 'function';
  /** The invocation running when the line was written (the last one, for a line written between invocations). */
  readonly requestId: string | undefined;
  /** The execution environment's log stream, `YYYY/MM/DD/[$LATEST]<32 hex>`. */
  readonly logStreamName: string;
  readonly stream: 'stdout' | 'stderr';
  readonly line: string;
  /** The line parsed as JSON when it is a JSON object, otherwise undefined. */
  readonly parsed: Record<string, unknown> | undefined;
  readonly time: number;
}

/**
 * Lambda's platform events that reach CloudWatch Logs: `line` is what the log stream holds (the
 * JSON record, or `START`/`END`/`REPORT` with the Text format), `parsed` the event either way.
 */
export interface PlatformLogRecord extends FunctionRef {
  readonly kind: 'platform';
  readonly requestId: string;
  /** The execution environment's log stream. */
  readonly logStreamName: string;
  readonly line: string;
  readonly parsed: PlatformEvent;
  readonly time: number;
}

/** `{"time", "type": "platform.report", "record": {...}}` as in CloudWatch with JSON log format. */
export interface PlatformEvent {
  readonly time: string;
  readonly type: 'platform.initStart' | 'platform.start' | 'platform.runtimeDone' | 'platform.report';
  readonly record: Readonly<Record<string, unknown>>;
}

/** What the event source mapping did with one batch (not a CloudWatch line: the lab's own view). */
export interface MappingLogRecord extends FunctionRef {
  readonly kind: 'mapping';
  readonly queueName: string;
  readonly requestId: string;
  readonly messageIds: readonly string[];
  readonly deletedMessageIds: readonly string[];
  readonly outcome: 'success' | 'partial' | 'failure';
  /** Why messages were kept: `function-error`, `timeout`, `invalid-response`, `batch-item-failures`. */
  readonly reason: string | undefined;
  readonly time: number;
}

export type LabLogRecord = FunctionLogRecord | PlatformLogRecord | MappingLogRecord;

/** The lab's log bus. Subscribe with `logs.on('record', fn)`; `logs.collect()` keeps an array. */
export class LabLogs extends EventEmitter<{ record: [LabLogRecord] }> {
  /** Emits one record to every listener. */
  publish(record: LabLogRecord): void {
    this.emit('record', record);
  }

  /** Records from now on, in an array that grows; call `stop()` to detach it. */
  collect(filter: (record: LabLogRecord) => boolean = () => true): { records: LabLogRecord[]; stop(): void } {
    const records: LabLogRecord[] = [];
    const listener = (record: LabLogRecord): void => {
      if (filter(record)) records.push(record);
    };
    this.on('record', listener);
    return { records, stop: () => this.off('record', listener) };
  }
}

/** Parses a line as a JSON object, or returns undefined. */
export function parseJsonObject(line: string): Record<string, unknown> | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Tag printed before every line of a function: `[VisibilityDupStack/Worker]`. */
export function functionTag(ref: FunctionRef): string {
  return `[${ref.stackName}/${ref.functionId}]`;
}

/** How `npm run lab` prints lines: `pretty` (time, function, level, message) or the raw `json` lines. */
export type LogPrintFormat = 'pretty' | 'json';

/** The printable formats, for the command line. */
export const LOG_PRINT_FORMATS: readonly LogPrintFormat[] = ['pretty', 'json'];

/**
 * Prints function lines and one REPORT per invocation, with control characters escaped
 * (lab/common/terminal-safe.ts). `pretty` (the default) writes
 * `time  Stack/Function  LEVEL  message`, as the experiment report does; `json` writes each
 * line as CloudWatch holds it, tagged with the function. Mapping records are not printed
 * (CloudWatch has no such lines). Returns a function that detaches the printer.
 */
export function printLogs(
  logs: LabLogs,
  write: (text: string) => void = (text) => process.stdout.write(text),
  format: LogPrintFormat = 'pretty',
): () => void {
  const listener = (record: LabLogRecord): void => {
    const text = format === 'json' ? jsonText(record) : prettyText(record);
    // A line's text comes from requests (ids, bodies, field names): never let it drive the terminal.
    if (text !== undefined) write(`${terminalSafe(text)}\n`);
  };
  logs.on('record', listener);
  return () => logs.off('record', listener);
}

function jsonText(record: LabLogRecord): string | undefined {
  if (record.kind === 'function') return `${functionTag(record)} ${record.line}`;
  if (record.kind === 'platform' && record.parsed.type === 'platform.report')
    return `${functionTag(record)} ${reportText(record.requestId, record.parsed.record)}`;
  return undefined;
}

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
