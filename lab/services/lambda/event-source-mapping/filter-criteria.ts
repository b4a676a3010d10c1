/**
 * Lambda event filtering for an SQS mapping (`FilterCriteria`), as the Lambda developer guide
 * defines it: "Lambda event filtering" (https://docs.aws.amazon.com/lambda/latest/dg/invocation-eventfiltering.html)
 * and "Using event filtering with an Amazon SQS event source"
 * (https://docs.aws.amazon.com/lambda/latest/dg/with-sqs-filtering.html).
 *
 * - Up to five filters per mapping (the default quota); they are ORed: a record that satisfies one
 *   goes to the function, a record that satisfies none is discarded, and for SQS "Lambda
 *   automatically removes the message from the queue".
 * - A pattern is JSON: keys name fields of the record as Lambda builds it; an array holds the
 *   rules one of which the field's value must meet; an object descends into the field; `$or`
 *   holds patterns one of which must match. Rules: a value (string, number, `null`, `""`),
 *   `equals-ignore-case`, `prefix`, `suffix` (each also with `equals-ignore-case` inside),
 *   `anything-but` (a value, a list, or `prefix`/`suffix`/`equals-ignore-case`), `numeric`
 *   (`=`, `<`, `<=`, `>`, `>=`, one bound or a range), `exists`. A field holding a list matches
 *   when one of its items does (EventBridge's rule, which Lambda's syntax follows).
 * - The body: a pattern whose `body` is an object filters on the body parsed as JSON; one whose
 *   `body` is a list of rules filters on the body as a plain string. When the two disagree (a JSON
 *   pattern for a plain-string body, or a plain-string pattern for a JSON body) Lambda drops the
 *   message; without `body` in the pattern, the body is not looked at.
 * No npm package implements these semantics for Lambda (EventBridge's own matcher, aws/event-ruler,
 * is Java), so the lab keeps this one file, unit-tested against the guide's examples.
 */
import { InvalidFilterPatternError } from '../errors';
import type { SQSRecord } from 'aws-lambda';

/** `FilterCriteria` as CloudFormation and the Lambda API spell it. */
export interface FilterCriteria {
  readonly Filters?: readonly { readonly Pattern?: string }[];
}

/** The default quota of filters per event source mapping. */
export const MAX_FILTERS = 5;

type Pattern = { readonly [key: string]: unknown };

/** A compiled `FilterCriteria`: does a record go to the function? */
export interface RecordFilter {
  /** How many patterns it holds (0: every record passes). */
  readonly size: number;
  matches(record: SQSRecord): boolean;
}

/** Compiles the criteria; throws {@link InvalidFilterPatternError} for a pattern Lambda refuses. */
export function compileFilterCriteria(criteria: FilterCriteria | undefined): RecordFilter {
  const patterns = (criteria?.Filters ?? []).map((filter) => parsePattern(filter.Pattern ?? ''));
  if (patterns.length > MAX_FILTERS)
    throw new InvalidFilterPatternError(
      `a mapping takes at most ${MAX_FILTERS} filters (Lambda's default quota), got ${patterns.length}`,
    );
  return {
    size: patterns.length,
    matches: (record) => patterns.length === 0 || patterns.some((pattern) => matchesRecord(pattern, record)),
  };
}

function parsePattern(text: string): Pattern {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new InvalidFilterPatternError(`filter pattern is not JSON: ${text}`, { cause: error });
  }
  if (!isObject(parsed)) throw new InvalidFilterPatternError(`filter pattern must be a JSON object: ${text}`);
  checkPattern(parsed);
  return parsed;
}

function checkPattern(pattern: Pattern): void {
  for (const [key, value] of Object.entries(pattern)) {
    if (key === '$or') {
      if (!Array.isArray(value) || value.length < 2 || !value.every(isObject))
        throw new InvalidFilterPatternError('$or takes a list of at least two patterns');
      value.forEach((inner) => checkPattern(inner as Pattern));
    } else if (Array.isArray(value)) value.forEach(checkRule);
    else if (isObject(value)) checkPattern(value);
    else throw new InvalidFilterPatternError(`the value of "${key}" must be a list of rules or a pattern`);
  }
}

const OPERATORS = new Set(['equals-ignore-case', 'prefix', 'suffix', 'anything-but', 'numeric', 'exists']);

function checkRule(rule: unknown): void {
  if (!isObject(rule)) return;
  const [operator, ...others] = Object.keys(rule);
  if (operator === undefined || others.length > 0 || !OPERATORS.has(operator))
    throw new InvalidFilterPatternError(`unknown filter rule ${JSON.stringify(rule)}`);
}

/** A record against one pattern, the body read as the guide says. */
function matchesRecord(pattern: Pattern, record: SQSRecord): boolean {
  const { body: bodyPattern, ...rest } = pattern;
  const fields: Record<string, unknown> = { ...record };
  if (bodyPattern !== undefined) {
    const parsed = parseJsonBody(record.body);
    const jsonPattern = isObject(bodyPattern);
    // A mismatch between the body's format and the pattern's drops the message.
    if (jsonPattern !== (parsed !== undefined)) return false;
    fields.body = jsonPattern ? parsed : record.body;
  }
  return matchesObject(bodyPattern === undefined ? rest : { ...rest, body: bodyPattern }, fields);
}

/** The body as JSON (an object or a list), or undefined when it is a plain string. */
function parseJsonBody(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function matchesObject(pattern: Pattern, value: unknown): boolean {
  const fields = isObject(value) ? value : {};
  return Object.entries(pattern).every(([key, inner]) => {
    if (key === '$or') return (inner as Pattern[]).some((alternative) => matchesObject(alternative, value));
    const field = fields[key];
    if (Array.isArray(inner)) return matchesRules(inner, field, key in fields);
    return isObject(field) && matchesObject(inner as Pattern, field);
  });
}

/** One field against its list of rules (any one suffices); a list value matches when one item does. */
function matchesRules(rules: readonly unknown[], value: unknown, present: boolean): boolean {
  const values = Array.isArray(value) ? value : [value];
  return rules.some((rule) => {
    if (isObject(rule) && 'exists' in rule) return rule.exists === (present && value !== undefined);
    if (!present) return false;
    return values.some((item) => matchesRule(rule, item));
  });
}

function matchesRule(rule: unknown, value: unknown): boolean {
  if (!isObject(rule)) return equal(rule, value);
  const [operator] = Object.keys(rule);
  const operand = rule[operator ?? ''];
  switch (operator) {
    case 'equals-ignore-case':
      return typeof value === 'string' && typeof operand === 'string' && value.toLowerCase() === operand.toLowerCase();
    case 'prefix':
      return affix(value, operand, (text, part) => text.startsWith(part));
    case 'suffix':
      return affix(value, operand, (text, part) => text.endsWith(part));
    case 'anything-but':
      return anythingBut(operand, value);
    case 'numeric':
      return numeric(operand, value);
    default:
      return false;
  }
}

function equal(expected: unknown, value: unknown): boolean {
  if (typeof expected === 'number' && typeof value === 'number') return expected === value;
  return expected === value;
}

/** `prefix`/`suffix` with a string, or with `{ "equals-ignore-case": … }` inside. */
function affix(value: unknown, operand: unknown, test: (text: string, part: string) => boolean): boolean {
  if (typeof value !== 'string') return false;
  if (typeof operand === 'string') return test(value, operand);
  const ignoreCase = isObject(operand) ? operand['equals-ignore-case'] : undefined;
  return typeof ignoreCase === 'string' && test(value.toLowerCase(), ignoreCase.toLowerCase());
}

function anythingBut(operand: unknown, value: unknown): boolean {
  if (Array.isArray(operand)) return !operand.some((excluded) => equal(excluded, value));
  if (isObject(operand)) {
    const [operator] = Object.keys(operand);
    const inner = operand[operator ?? ''];
    if (operator === 'equals-ignore-case') {
      const excluded = (Array.isArray(inner) ? inner : [inner]).filter((item) => typeof item === 'string');
      return typeof value === 'string' && !excluded.some((item) => item.toLowerCase() === value.toLowerCase());
    }
    if (operator === 'prefix' || operator === 'suffix')
      return typeof value === 'string' && !matchesRule(operand, value);
    return false;
  }
  return !equal(operand, value);
}

function numeric(operand: unknown, value: unknown): boolean {
  if (typeof value !== 'number' || !Array.isArray(operand)) return false;
  for (let index = 0; index + 1 < operand.length; index += 2) {
    const bound = operand[index + 1];
    if (typeof bound !== 'number') return false;
    const holds =
      operand[index] === '='
        ? value === bound
        : operand[index] === '<'
          ? value < bound
          : operand[index] === '<='
            ? value <= bound
            : operand[index] === '>'
              ? value > bound
              : operand[index] === '>='
                ? value >= bound
                : false;
    if (!holds) return false;
  }
  return true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
