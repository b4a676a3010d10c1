/**
 * One JSON line per event, written straight to stdout as Powertools' logger does, so that
 * Lambda's JSON log format passes it to CloudWatch unchanged and Logs Insights can query
 * `event`, `id` and `messageId`. `message` carries the tutorial's words for human readers.
 * `event` is one of {@link LogEvent}, the names the lab's readers compare against.
 */
import type { LogEvent } from './log-event';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

/** Fields every line may carry; `id` (the body id) is present on every message-related line. */
export interface LogFields {
  readonly id?: string;
  readonly messageId?: string;
  readonly [field: string]: unknown;
}

/** Where lines go: stdout in Lambda and the lab, an array in unit tests. */
export type LogSink = (line: string) => void;

const stdoutSink: LogSink = (line) => {
  process.stdout.write(line);
};

/** A structured logger bound to fields that repeat on every line (e.g. the request id). */
export class Logger {
  constructor(
    private readonly bound: Readonly<Record<string, unknown>> = {},
    private readonly sink: LogSink = stdoutSink,
  ) {}

  /** A logger whose lines also carry `fields`. */
  with(fields: Readonly<Record<string, unknown>>): Logger {
    return new Logger({ ...this.bound, ...fields }, this.sink);
  }

  /** Writes one line: `event` is the stable name to query, `message` the human sentence. */
  log(level: LogLevel, event: LogEvent, message: string, fields: LogFields = {}): void {
    const line = {
      timestamp: new Date().toISOString(),
      level,
      event,
      message,
      ...this.bound,
      ...fields,
    };
    this.sink(`${JSON.stringify(line)}\n`);
  }

  info(event: LogEvent, message: string, fields?: LogFields): void {
    this.log('INFO', event, message, fields);
  }

  warn(event: LogEvent, message: string, fields?: LogFields): void {
    this.log('WARN', event, message, fields);
  }

  error(event: LogEvent, message: string, fields?: LogFields): void {
    this.log('ERROR', event, message, fields);
  }
}
