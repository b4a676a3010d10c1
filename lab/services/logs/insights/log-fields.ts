/**
 * The fields Logs Insights discovers in one log event
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CWL_AnalyzeLogData-discoverable-fields.html):
 * - the system fields `@timestamp`, `@message`, `@ingestionTime`, `@logStream` and `@log`
 *   (`<account-id>:<log-group-name>`);
 * - the fields of a JSON line, nested ones flattened with dots (`record.metrics.durationMs`) and
 *   array items by index (`items.0`), as the page's "JSON logs" paragraph describes;
 * - Lambda's fields: `@requestId`, and on the Text format's `START`, `END` and `REPORT` lines
 *   `@type`, with `@duration`, `@billedDuration`, `@memorySize`, `@maxMemoryUsed` and
 *   `@initDuration` on REPORT (the page's Lambda row). A JSON-format line gives `@requestId` from
 *   its `requestId` (or a platform record's `record.requestId`); its other fields are its JSON.
 */
import type { QueryValue } from './query-ast';

/** One log event as a query reads it. */
export interface LogRecord {
  readonly timestamp: number;
  readonly ingestionTime: number;
  readonly message: string;
  readonly logGroup: string;
  readonly logStream: string;
  /** Orders events with the same timestamp (the store's put order). */
  readonly sequence: number;
}

/** An event's fields by name; a field the event lacks is absent. */
export type RecordFields = Record<string, QueryValue>;

/** The REPORT line's parts and the fields they give, with Lambda's units stripped (`2.37 ms` → 2.37). */
const REPORT_FIELDS: Readonly<Record<string, string>> = {
  Duration: '@duration',
  'Billed Duration': '@billedDuration',
  'Memory Size': '@memorySize',
  'Max Memory Used': '@maxMemoryUsed',
  'Init Duration': '@initDuration',
};

/**
 * The fields Logs Insights discovers in `record`, for the account `accountId`: every one, or
 * only the JSON fields in `wanted` (a query that names its fields reads no others, so the lab
 * need not flatten every line whole).
 */
export function discoverFields(record: LogRecord, accountId: string, wanted?: ReadonlySet<string>): RecordFields {
  const fields: RecordFields = {
    '@timestamp': new Date(record.timestamp),
    '@message': record.message,
    '@ingestionTime': new Date(record.ingestionTime),
    '@logStream': record.logStream,
    '@log': `${accountId}:${record.logGroup}`,
  };
  const text = record.message;
  if (text.startsWith('{')) {
    addJsonFields(fields, text, wanted);
  } else if (
    text.startsWith('REPORT RequestId: ') ||
    text.startsWith('START RequestId: ') ||
    text.startsWith('END RequestId: ')
  ) {
    addPlatformFields(fields, text);
  } else {
    // The Text format's function line: `<time>\t<request id>\t<level>\t<message>`.
    const parts = text.split('\t', 3);
    if (parts.length === 3 && parts[1] !== undefined && isRequestId(parts[1])) fields['@requestId'] = parts[1];
  }
  return fields;
}

function addJsonFields(fields: RecordFields, text: string, wanted: ReadonlySet<string> | undefined): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return; // Not JSON after all: only the system fields.
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return;
  const object = parsed as Record<string, unknown>;
  if (wanted === undefined) {
    flatten(fields, '', object);
  } else {
    for (const name of wanted) {
      if (name.startsWith('@') && !name.startsWith('@@')) continue;
      const value = lookUp(object, name.startsWith('@@') ? name.slice(1) : name);
      if (value !== undefined) fields[name] = value;
    }
  }
  const requestId = lookUp(object, 'requestId') ?? lookUp(object, 'record.requestId');
  if (typeof requestId === 'string') fields['@requestId'] = requestId;
}

/** The scalar at a dotted path (`record.metrics.durationMs`, `items.0`), as {@link flatten} would name it. */
function lookUp(object: Record<string, unknown>, path: string): string | number | boolean | undefined {
  let value: unknown = object;
  let start = 0;
  while (value !== undefined) {
    if (typeof value !== 'object' || value === null) return undefined;
    const dot = path.indexOf('.', start);
    const key = dot < 0 ? path.slice(start) : path.slice(start, dot);
    value = (value as Record<string, unknown>)[key];
    if (dot < 0) break;
    start = dot + 1;
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

function flatten(fields: RecordFields, prefix: string, value: Record<string, unknown> | readonly unknown[]): void {
  for (const [key, item] of Object.entries(value)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (item === null || item === undefined) continue;
    if (typeof item === 'object') {
      flatten(fields, name, item as Record<string, unknown>);
    } else if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
      // A field whose own name starts with @ is shown with one more @ (the page's last paragraph).
      fields[prefix === '' && key.startsWith('@') ? `@${name}` : name] = item;
    }
  }
}

/** `START RequestId: … Version: $LATEST`, `END RequestId: …`, `REPORT RequestId: …\tDuration: 2.37 ms\t…`. */
function addPlatformFields(fields: RecordFields, text: string): void {
  const type = text.slice(0, text.indexOf(' '));
  fields['@type'] = type;
  const parts = text.split('\t');
  const head = parts[0] ?? '';
  fields['@requestId'] = head.slice(`${type} RequestId: `.length).split(' ')[0] ?? '';
  if (type !== 'REPORT') return;
  for (const part of parts.slice(1)) {
    const colon = part.indexOf(': ');
    if (colon < 0) continue;
    const name = REPORT_FIELDS[part.slice(0, colon)];
    if (name === undefined) continue;
    const amount = Number(part.slice(colon + 2).split(' ')[0]);
    if (Number.isFinite(amount)) fields[name] = amount;
  }
}

function isRequestId(text: string): boolean {
  return text.length === 36 && text[8] === '-' && text[13] === '-' && text[18] === '-' && text[23] === '-';
}
