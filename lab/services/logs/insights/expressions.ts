/**
 * How a Logs Insights expression is computed on one row: fields, literals, the boolean,
 * comparison and arithmetic operations, and the functions that are not aggregates
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CWL_QuerySyntax-operations-functions.html).
 * A comparison with a field the event lacks is false; arithmetic on it gives no value.
 */
import type { Expression, Pattern, QueryValue } from './query-ast';
import type { RecordFields } from './log-fields';

/** A row: the event's fields and those the query made (`fields … as`, `parse`, `stats`). */
export type Row = RecordFields;

/** The functions a row's expression may call, by name (string, numeric, general and datetime functions of the page). */
const FUNCTIONS: Readonly<Record<string, (args: readonly QueryValue[]) => QueryValue>> = {
  // String functions.
  strlen: ([text]) => (text === undefined ? undefined : textOf(text).length),
  tolower: ([text]) => (text === undefined ? undefined : textOf(text).toLowerCase()),
  toupper: ([text]) => (text === undefined ? undefined : textOf(text).toUpperCase()),
  trim: ([text]) => (text === undefined ? undefined : textOf(text).trim()),
  ltrim: ([text]) => (text === undefined ? undefined : textOf(text).trimStart()),
  rtrim: ([text]) => (text === undefined ? undefined : textOf(text).trimEnd()),
  concat: (args) => args.map((value) => (value === undefined ? '' : textOf(value))).join(''),
  substr: ([text, start, length]) => {
    if (text === undefined) return undefined;
    const from = numberOf(start) ?? 0;
    const count = numberOf(length);
    return textOf(text).slice(from, count === undefined ? undefined : from + count);
  },
  replace: ([text, search, replacement]) =>
    text === undefined
      ? undefined
      : textOf(text)
          .split(textOf(search ?? ''))
          .join(textOf(replacement ?? '')),
  strcontains: ([text, search]) => (text === undefined ? false : textOf(text).includes(textOf(search ?? ''))),
  // Numeric functions.
  abs: ([value]) => mapNumber(value, Math.abs),
  floor: ([value]) => mapNumber(value, Math.floor),
  ceil: ([value]) => mapNumber(value, Math.ceil),
  sqrt: ([value]) => mapNumber(value, Math.sqrt),
  log: ([value]) => mapNumber(value, Math.log),
  greatest: (args) => extreme(args, Math.max),
  least: (args) => extreme(args, Math.min),
  tonumber: ([value]) => numberOf(value),
  tostring: ([value]) => (value === undefined ? undefined : textOf(value)),
  // General functions.
  ispresent: ([value]) => value !== undefined,
  isempty: ([value]) => value === undefined || value === '',
  isblank: ([value]) => value === undefined || textOf(value).trim() === '',
  coalesce: (args) => args.find((value) => value !== undefined),
};

/** The datetime functions, which read the row's `@timestamp` or a time: `bin(period)`, `datefloor(time, period)`. */
const TIME_FUNCTIONS = new Set(['bin', 'datefloor', 'dateceil']);

/** Whether `name` is a function a row's expression may call. */
export function isRowFunction(name: string): boolean {
  return name in FUNCTIONS || TIME_FUNCTIONS.has(name);
}

/** The value of `expression` on `row`. */
export function evaluate(expression: Expression, row: Row): QueryValue {
  switch (expression.kind) {
    case 'field':
      return row[expression.name];
    case 'literal':
      return expression.value;
    case 'period':
      return expression.milliseconds;
    case 'star':
      return true;
    case 'negate':
      return mapNumber(evaluate(expression.operand, row), (value) => -value);
    case 'arithmetic':
      return arithmetic(expression.operator, evaluate(expression.left, row), evaluate(expression.right, row));
    case 'compare':
      return compareValues(expression.operator, evaluate(expression.left, row), evaluate(expression.right, row));
    case 'like': {
      const subject = evaluate(expression.subject, row);
      if (subject === undefined) return false;
      return matches(expression.pattern, textOf(subject)) !== expression.negated;
    }
    case 'in': {
      const subject = evaluate(expression.subject, row);
      if (subject === undefined) return false;
      const found = expression.values.some((value) => compareValues('=', subject, evaluate(value, row)) === true);
      return found !== expression.negated;
    }
    case 'and':
      return isTrue(evaluate(expression.left, row)) && isTrue(evaluate(expression.right, row));
    case 'or':
      return isTrue(evaluate(expression.left, row)) || isTrue(evaluate(expression.right, row));
    case 'not':
      return !isTrue(evaluate(expression.operand, row));
    case 'call':
      return call(expression.name, expression.args, row);
  }
}

/** Whether a value lets a row through `filter`: true, or a present value that is not false, 0 or empty. */
export function isTrue(value: QueryValue): boolean {
  return value !== undefined && value !== false && value !== 0 && value !== '';
}

/** A value as a number: numbers, numeric strings and times (their epoch ms); otherwise undefined. */
export function numberOf(value: QueryValue): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

/** A value as text, as the results show it: a time as `2026-11-23 07:18:44.123` (UTC). */
export function textOf(value: QueryValue): string {
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  return value === undefined ? '' : String(value);
}

/** `=`, `!=`, `<`, …: numerically when both sides are numbers, else as text; false when a side is absent. */
export function compareValues(operator: string, left: QueryValue, right: QueryValue): boolean {
  if (left === undefined || right === undefined) return false;
  const a = numberOf(left);
  const b = numberOf(right);
  const order =
    a !== undefined && b !== undefined
      ? a - b
      : textOf(left) < textOf(right)
        ? -1
        : textOf(left) > textOf(right)
          ? 1
          : 0;
  switch (operator) {
    case '=':
      return order === 0;
    case '!=':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}

/** A compiled `like`/`=~` pattern, cached per pattern object (a query compiles each once). */
const compiled = new WeakMap<Pattern, RegExp>();

/** Whether `text` matches a `like` pattern: a substring, or a regular expression. */
export function matches(pattern: Pattern, text: string): boolean {
  if (pattern.kind === 'text') return text.includes(pattern.text);
  return regexOf(pattern).test(text);
}

/** The RegExp of a regex pattern (cached). */
export function regexOf(pattern: Extract<Pattern, { kind: 'regex' }>): RegExp {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    regex = new RegExp(pattern.source, pattern.flags.replace('g', ''));
    compiled.set(pattern, regex);
  }
  return regex;
}

function call(name: string, args: readonly Expression[], row: Row): QueryValue {
  if (name === 'bin') {
    // bin(period) rounds @timestamp down to the period (datetime functions of the page).
    return floorTime(row['@timestamp'], numberOf(evaluate(args[0] ?? { kind: 'period', milliseconds: 1 }, row)));
  }
  if (name === 'datefloor' || name === 'dateceil') {
    const time = evaluate(args[0] ?? { kind: 'field', name: '@timestamp' }, row);
    const period = numberOf(evaluate(args[1] ?? { kind: 'period', milliseconds: 1 }, row));
    const floor = floorTime(time, period);
    if (name === 'datefloor' || floor === undefined || period === undefined) return floor;
    return floor.getTime() === numberOf(time) ? floor : new Date(floor.getTime() + period);
  }
  const fn = FUNCTIONS[name];
  return fn === undefined ? undefined : fn(args.map((arg) => evaluate(arg, row)));
}

function floorTime(time: QueryValue, period: number | undefined): Date | undefined {
  const ms = numberOf(time);
  if (ms === undefined || period === undefined || period <= 0) return undefined;
  return new Date(Math.floor(ms / period) * period);
}

function arithmetic(operator: string, left: QueryValue, right: QueryValue): QueryValue {
  const a = numberOf(left);
  const b = numberOf(right);
  if (a === undefined || b === undefined) return undefined;
  switch (operator) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? undefined : a / b;
    case '%':
      return b === 0 ? undefined : a % b;
    default:
      return a ** b;
  }
}

function mapNumber(value: QueryValue, map: (value: number) => number): QueryValue {
  const number = numberOf(value);
  return number === undefined ? undefined : map(number);
}

function extreme(args: readonly QueryValue[], pick: (...values: number[]) => number): QueryValue {
  const numbers = args.map(numberOf).filter((value): value is number => value !== undefined);
  return numbers.length === 0 ? undefined : pick(...numbers);
}
