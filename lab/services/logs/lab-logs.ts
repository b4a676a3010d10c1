/**
 * The lab's log stream: every line a function writes (what CloudWatch Logs would receive),
 * Lambda's platform lines (start, report) and the event source mapping's batch outcomes,
 * delivered to listeners as records and, unless quiet, printed tagged with the function.
 */
import { EventEmitter } from 'node:events';

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
  readonly stream: 'stdout' | 'stderr';
  readonly line: string;
  /** The line parsed as JSON when it is a JSON object, otherwise undefined. */
  readonly parsed: Record<string, unknown> | undefined;
  readonly time: number;
}

/** Lambda's platform events, shaped as the JSON log format writes them (`platform.start`, `platform.report`). */
export interface PlatformLogRecord extends FunctionRef {
  readonly kind: 'platform';
  readonly requestId: string;
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

/**
 * Prints function lines as CloudWatch would hold them, tagged with the function, plus a short
 * REPORT line per invocation. Mapping records are not printed (CloudWatch has no such lines).
 * Returns a function that detaches the printer.
 */
export function printLogs(
  logs: LabLogs,
  write: (text: string) => void = (text) => process.stdout.write(text),
): () => void {
  const listener = (record: LabLogRecord): void => {
    if (record.kind === 'function') {
      write(`${functionTag(record)} ${record.line}\n`);
    } else if (record.kind === 'platform' && record.parsed.type === 'platform.report') {
      write(`${functionTag(record)} ${reportText(record)}\n`);
    }
  };
  logs.on('record', listener);
  return () => logs.off('record', listener);
}

function reportText(record: PlatformLogRecord): string {
  const report = record.parsed.record;
  const metrics = (report.metrics ?? {}) as Record<string, number | undefined>;
  const parts = [
    `REPORT RequestId: ${record.requestId}`,
    `Duration: ${(metrics.durationMs ?? 0).toFixed(2)} ms`,
    `Billed Duration: ${metrics.billedDurationMs ?? 0} ms`,
    `Memory Size: ${metrics.memorySizeMB ?? 0} MB`,
    `Max Memory Used: ${metrics.maxMemoryUsedMB ?? 0} MB`,
  ];
  if (metrics.initDurationMs !== undefined) parts.push(`Init Duration: ${metrics.initDurationMs.toFixed(2)} ms`);
  if (report.status !== 'success') parts.push(`Status: ${String(report.status)}`);
  if (typeof report.errorType === 'string') parts.push(`Error Type: ${report.errorType}`);
  return parts.join('\t');
}
