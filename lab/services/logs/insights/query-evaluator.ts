/**
 * Runs a Logs Insights query over log events: each command of the pipeline over the rows the
 * previous one left (https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CWL_QuerySyntax.html).
 * Without `sort` and `stats`, events come newest first (`@timestamp desc`, the order of the
 * console's default query and of CWL_QuerySyntax-Limit.html's "most recent" example). The result
 * is at most `limit` rows (10 000 by default, CWL_QuerySyntax-Limit.html), each a list of
 * `{ field, value }` with only the fields the row has, plus `@ptr` for rows that are events.
 */
import { MalformedQueryError } from '../errors';
import { evaluate, isRowFunction, isTrue, regexOf, type Row, textOf } from './expressions';
import { discoverFields, type LogRecord } from './log-fields';
import { naturalCompare } from './natural-order';
import type { Command, Expression, NamedExpression, Pattern, Query } from './query-ast';
import { malformed, parseQuery } from './query-parser';
import { AGGREGATES, runStats } from './stats';

/** Rows a query returns when StartQuery names no limit and the query has no `limit` (CWL_QuerySyntax-Limit.html). */
export const DEFAULT_QUERY_LIMIT = 10_000;

/** One field of a result row (the API's ResultField). */
export interface ResultField {
  readonly field: string;
  readonly value: string;
}

/** GetQueryResults' `statistics`. */
export interface QueryStatistics {
  readonly recordsMatched: number;
  readonly recordsScanned: number;
  readonly bytesScanned: number;
}

/** What a query gives. */
export interface QueryOutput {
  readonly results: ResultField[][];
  readonly statistics: QueryStatistics;
}

/** What a run needs beside the query and the events. */
export interface RunOptions {
  /** The account of `@log` (`<account>:<group>`). */
  readonly accountId: string;
  /** StartQuery's `limit`; {@link DEFAULT_QUERY_LIMIT} when absent. */
  readonly limit?: number;
}

/**
 * Parses and checks a query: a function the language does not have, an aggregate outside
 * `stats` or a `stats` item that is not an aggregate throws {@link MalformedQueryError} at the
 * call's position.
 */
export function compileQuery(text: string): Query {
  const query = parseQuery(text);
  for (const command of query.commands) {
    for (const { expression, aggregate } of expressionsOf(command)) checkCalls(text, expression, aggregate);
    if (command.kind === 'parse') checkRegex(text, command.pattern);
  }
  return query;
}

/** Runs `query` over `records` (any order). */
export function runQuery(query: Query, records: readonly LogRecord[], options: RunOptions): QueryOutput {
  const hasStats = query.commands.some((command) => command.kind === 'stats');
  const hasSort = query.commands.some((command) => command.kind === 'sort');
  const ordered = [...records].sort((a, b) => a.timestamp - b.timestamp || a.sequence - b.sequence);
  if (!hasStats && !hasSort) ordered.reverse();
  const wanted = fieldsRead(query);
  let bytesScanned = 0;
  let rows: Row[] = ordered.map((record) => {
    bytesScanned += Buffer.byteLength(record.message);
    const row = discoverFields(record, options.accountId, wanted);
    POINTERS.set(row, record);
    return row;
  });
  let displayed: string[] | undefined;
  let recordsMatched: number | undefined;
  let aggregated = false;
  for (const command of query.commands) {
    if ((command.kind === 'stats' || command.kind === 'limit') && recordsMatched === undefined) {
      recordsMatched = rows.length;
    }
    switch (command.kind) {
      case 'fields':
        for (const item of command.items) assign(rows, item);
        displayed = [...new Set([...(displayed ?? []), ...command.items.map((item) => item.name)])];
        break;
      case 'display':
        displayed = [...command.fields];
        break;
      case 'filter':
        rows = rows.filter((row) => isTrue(evaluate(command.condition, row)));
        break;
      case 'sort':
        rows = sortRows(rows, command);
        break;
      case 'limit':
        rows = rows.slice(0, command.count);
        break;
      case 'dedup':
        rows = dedup(rows, command.fields);
        break;
      case 'parse':
        for (const row of rows) parseInto(row, command);
        break;
      case 'stats':
        rows = runStats(rows, command.aggregates, command.groups);
        displayed = [...command.groups, ...command.aggregates].map((item) => item.name);
        aggregated = true;
        break;
    }
  }
  const results = rows
    .slice(0, options.limit ?? DEFAULT_QUERY_LIMIT)
    .map((row) => resultOf(row, displayed, aggregated));
  return {
    results,
    statistics: { recordsMatched: recordsMatched ?? rows.length, recordsScanned: records.length, bytesScanned },
  };
}

/** The event each event row came from, for its `@ptr`. */
const POINTERS = new WeakMap<Row, LogRecord>();

function resultOf(row: Row, displayed: readonly string[] | undefined, aggregated: boolean): ResultField[] {
  const fields: ResultField[] = [];
  for (const field of displayed ?? Object.keys(row)) {
    const value = row[field];
    if (value !== undefined) fields.push({ field, value: textOf(value) });
  }
  const record = POINTERS.get(row);
  if (!aggregated && record !== undefined) fields.push({ field: '@ptr', value: pointerOf(record) });
  return fields;
}

/** An opaque `@ptr`: the event's group, stream and place in the store, base64url. */
function pointerOf(record: LogRecord): string {
  return Buffer.from(`${record.logGroup}\n${record.logStream}\n${record.sequence}`).toString('base64url');
}

function assign(rows: readonly Row[], item: NamedExpression): void {
  if (item.expression.kind === 'field' && item.expression.name === item.name) return;
  for (const row of rows) row[item.name] = evaluate(item.expression, row);
}

function sortRows(rows: readonly Row[], command: Extract<Command, { kind: 'sort' }>): Row[] {
  const keyed = rows.map((row, index) => ({
    row,
    index,
    keys: command.keys.map((key) => evaluate(key.expression, row)),
  }));
  keyed.sort((a, b) => {
    for (let index = 0; index < command.keys.length; index += 1) {
      const order = naturalCompare(a.keys[index], b.keys[index]);
      const missing = a.keys[index] === undefined || b.keys[index] === undefined;
      if (order !== 0) return command.keys[index]?.descending === true && !missing ? -order : order;
    }
    return a.index - b.index;
  });
  return keyed.map((entry) => entry.row);
}

/** `dedup a, b`: the first row of each combination of values; rows missing a field are kept (CWL_QuerySyntax-Dedup.html). */
function dedup(rows: readonly Row[], fields: readonly string[]): Row[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const values = fields.map((field) => row[field]);
    if (values.some((value) => value === undefined)) return true;
    const key = JSON.stringify(values.map((value) => textOf(value)));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The RegExp of a `parse` glob, cached per pattern: each `*` captures, lazily but the last one. */
const globs = new WeakMap<Pattern, RegExp>();

function parseInto(row: Row, command: Extract<Command, { kind: 'parse' }>): void {
  const source = row[command.source];
  const match = source === undefined ? null : patternRegex(command.pattern).exec(textOf(source));
  if (command.pattern.kind === 'regex') {
    for (const [name, value] of Object.entries(match?.groups ?? {})) if (value !== undefined) row[name] = value;
    return;
  }
  command.names.forEach((name, index) => {
    const value = match?.[index + 1];
    if (value === undefined) delete row[name];
    else row[name] = value;
  });
}

function patternRegex(pattern: Pattern): RegExp {
  if (pattern.kind === 'regex') return regexOf(pattern);
  let regex = globs.get(pattern);
  if (regex === undefined) {
    const pieces = pattern.text.split('*').map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const last = pieces.length - 2;
    regex = new RegExp(
      pieces.reduce(
        (text, piece, index) =>
          `${text}${index === 0 ? '' : index - 1 === last && piece === '' ? '(.*)' : '(.*?)'}${piece}`,
        '',
      ),
      's',
    );
    globs.set(pattern, regex);
  }
  return regex;
}

/**
 * The fields a query reads from its events, or undefined when it shows them all (no `fields`,
 * `display` or `stats`: each row holds every field of its event).
 */
function fieldsRead(query: Query): Set<string> | undefined {
  if (
    !query.commands.some(
      (command) => command.kind === 'fields' || command.kind === 'display' || command.kind === 'stats',
    )
  ) {
    return undefined;
  }
  const names = new Set<string>();
  const visit = (expression: Expression): void => {
    switch (expression.kind) {
      case 'field':
        names.add(expression.name);
        return;
      case 'call':
        expression.args.forEach(visit);
        return;
      case 'arithmetic':
      case 'compare':
      case 'and':
      case 'or':
        visit(expression.left);
        visit(expression.right);
        return;
      case 'negate':
      case 'not':
        visit(expression.operand);
        return;
      case 'like':
        visit(expression.subject);
        return;
      case 'in':
        visit(expression.subject);
        expression.values.forEach(visit);
        return;
      default:
        return;
    }
  };
  for (const command of query.commands) {
    for (const { expression } of expressionsOf(command)) visit(expression);
    if (command.kind === 'display' || command.kind === 'dedup') command.fields.forEach((name) => names.add(name));
    if (command.kind === 'parse') names.add(command.source);
  }
  return names;
}

/** Every expression of a command, and whether it must be an aggregate (a `stats` item). */
function expressionsOf(command: Command): { expression: Expression; aggregate: boolean }[] {
  switch (command.kind) {
    case 'fields':
      return command.items.map((item) => ({ expression: item.expression, aggregate: false }));
    case 'filter':
      return [{ expression: command.condition, aggregate: false }];
    case 'sort':
      return command.keys.map((key) => ({ expression: key.expression, aggregate: false }));
    case 'stats':
      return [
        ...command.aggregates.map((item) => ({ expression: item.expression, aggregate: true })),
        ...command.groups.map((item) => ({ expression: item.expression, aggregate: false })),
      ];
    default:
      return [];
  }
}

function checkCalls(text: string, expression: Expression, aggregate: boolean): void {
  if (aggregate) {
    if (expression.kind !== 'call' || !AGGREGATES.has(expression.name)) {
      throw new MalformedQueryError('stats takes aggregate functions, such as count(*) or avg(field)', {
        startCharOffset: 0,
        endCharOffset: text.length,
      });
    }
    expression.args.forEach((arg) => checkCalls(text, arg, false));
    return;
  }
  switch (expression.kind) {
    case 'call':
      if (!isRowFunction(expression.name)) {
        throw malformed(text, expression.start, expression.end + 1, text.slice(expression.start, expression.end + 1));
      }
      expression.args.forEach((arg) => checkCalls(text, arg, false));
      return;
    case 'arithmetic':
    case 'compare':
    case 'and':
    case 'or':
      checkCalls(text, expression.left, false);
      checkCalls(text, expression.right, false);
      return;
    case 'negate':
    case 'not':
      checkCalls(text, expression.operand, false);
      return;
    case 'like':
      checkCalls(text, expression.subject, false);
      checkRegex(text, expression.pattern);
      return;
    case 'in':
      checkCalls(text, expression.subject, false);
      expression.values.forEach((value) => checkCalls(text, value, false));
      return;
    default:
      return;
  }
}

function checkRegex(text: string, pattern: Pattern): void {
  if (pattern.kind !== 'regex') return;
  try {
    regexOf(pattern);
  } catch (error) {
    const literal = `/${pattern.source}/`;
    const at = Math.max(text.indexOf(literal), 0);
    throw malformed(text, at, at + literal.length, literal, error);
  }
}
