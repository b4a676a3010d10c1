/**
 * How Lambda's Node.js runtime turns a `console.*` call into a log line
 * (aws-lambda-nodejs-runtime-interface-client, `src/logging/formatter.ts` and `log-patch.ts`),
 * and how Lambda filters lines by level. Pure functions: the runtime worker patches `console`
 * with them, the tests call them directly.
 */
import { format } from 'node:util';
import { LOG_LEVEL_NAMES, type LogLevelName } from './lambda-environment';

/** Severity of a level name (higher is more severe). */
export function levelRank(level: LogLevelName): number {
  return LOG_LEVEL_NAMES.indexOf(level);
}

/** A level name from any spelling (`debug`, `Warn`), or undefined when it is none. */
export function parseLevel(value: unknown): LogLevelName | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.toUpperCase();
  return (LOG_LEVEL_NAMES as readonly string[]).includes(upper) ? (upper as LogLevelName) : undefined;
}

/**
 * The minimum level of `console.*` calls that are written: `AWS_LAMBDA_LOG_LEVEL`, or TRACE
 * (everything) when it is unset or not a level, as the runtime does.
 */
export function consoleMinimumLevel(environment: Readonly<Record<string, string | undefined>>): LogLevelName {
  return parseLevel(environment.AWS_LAMBDA_LOG_LEVEL) ?? 'TRACE';
}

/** The console methods the runtime patches and the level of each (`log` is `info`). */
export const CONSOLE_LEVELS = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO',
  log: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
  fatal: 'FATAL',
} as const satisfies Record<string, LogLevelName>;

/** An Error as the JSON format writes it: `errorType` (its constructor's name), `errorMessage`, `stackTrace`. */
function jsonErrorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    return Object.assign(
      {
        errorType: value.constructor?.name ?? 'UnknownError',
        errorMessage: value.message,
        stackTrace: typeof value.stack === 'string' ? value.stack.split('\n') : value.stack,
      },
      value,
    );
  }
  return value;
}

/**
 * One console call with the JSON log format. A single argument is kept as it is (an object
 * stays an object in `message`, an Error becomes `{errorType, errorMessage, stackTrace}`); a
 * string is kept as a string even when it is JSON. Several arguments are formatted with
 * `util.format`, and the first Error among the rest adds top-level `errorType`,
 * `errorMessage` and `stackTrace`. Newlines become carriage returns, so one call is one line.
 */
export function formatJsonMessage(
  timestamp: string,
  requestId: string | undefined,
  level: LogLevelName,
  message: unknown,
  ...params: unknown[]
): string {
  const result: Record<string, unknown> = { timestamp, level, requestId };
  let line: string;
  if (params.length === 0) {
    result.message = message;
    try {
      line = JSON.stringify(result, jsonErrorReplacer);
    } catch {
      result.message = format(message);
      line = JSON.stringify(result);
    }
  } else {
    result.message = format(message, ...params);
    const error = params.find((param): param is Error => param instanceof Error);
    if (error !== undefined) {
      result.errorType = error.constructor?.name ?? 'UnknownError';
      result.errorMessage = error.message;
      result.stackTrace = typeof error.stack === 'string' ? error.stack.split('\n') : [];
    }
    line = JSON.stringify(result);
  }
  return line.replace(/\n/g, '\r');
}

/** One console call with the Text log format: `<time>\t<request id>\t<LEVEL>\t<util.format text>`. */
export function formatTextMessage(
  timestamp: string,
  requestId: string | undefined,
  level: LogLevelName,
  message: unknown,
  ...params: unknown[]
): string {
  return [timestamp, String(requestId), level, format(message, ...params)].join('\t').replace(/\n/g, '\r');
}

/**
 * An error as the Text format's `Invoke Error` line carries it (the runtime's `toFormatted`):
 * a tab, then JSON with `errorType`, `errorMessage`, the error's own fields and `stack` as lines.
 */
export function formatErrorForText(error: unknown): string {
  const withProperties = (_key: string, value: unknown): unknown => {
    if (!(value instanceof Error)) return value;
    const copy: Record<string, unknown> = {
      errorType: value.name,
      errorMessage: value.message,
      code: (value as { code?: unknown }).code,
      ...value,
    };
    if (typeof value.stack === 'string') copy.stack = value.stack.split('\n');
    return copy;
  };
  try {
    return `\t${JSON.stringify(error, withProperties)}`;
  } catch {
    return `\t${JSON.stringify({ errorType: 'handled', errorMessage: String(error) })}`;
  }
}

/**
 * Whether Lambda sends an application line to CloudWatch Logs under `minimum`: with the JSON
 * format, a line that is a JSON object with a valid `level` is kept when that level is at least
 * `minimum`; a line without a valid level counts as INFO (Lambda guide, "Log-level filtering").
 */
export function keepsApplicationLine(parsed: Record<string, unknown> | undefined, minimum: LogLevelName): boolean {
  const level = parseLevel(parsed?.level) ?? 'INFO';
  return levelRank(level) >= levelRank(minimum);
}
