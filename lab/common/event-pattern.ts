/**
 * Event patterns, the JSON matching language Lambda's event filtering (`FilterCriteria`) and SNS
 * subscription filter policies share with EventBridge: keys name fields, a list holds the rules one
 * of which the field must meet, an object descends, `$or` holds alternatives; rules are a value,
 * `equals-ignore-case`, `prefix`, `suffix`, `anything-but`, `numeric` and `exists`, and a field
 * holding a list matches when one of its items does (Lambda developer guide, "Lambda event
 * filtering", https://docs.aws.amazon.com/lambda/latest/dg/invocation-eventfiltering.html; SNS
 * developer guide, "Amazon SNS message filtering", https://docs.aws.amazon.com/sns/latest/dg/sns-message-filtering.html).
 * No npm package implements these semantics (EventBridge's own matcher, aws/event-ruler, is Java).
 */

/** A pattern: field names to rule lists or nested patterns. */
export type EventPattern = { readonly [key: string]: unknown };

/** Raised for a pattern that is not JSON, not an object, or holds a rule the language does not have. */
export class EventPatternError extends Error {
  override readonly name = 'EventPatternError';
}

/** Parses and checks a pattern; throws {@link EventPatternError}. */
export function parseEventPattern(text: string): EventPattern {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new EventPatternError(`filter pattern is not JSON: ${text}`, { cause: error });
  }
  if (!isObject(parsed)) throw new EventPatternError(`filter pattern must be a JSON object: ${text}`);
  checkPattern(parsed);
  return parsed;
}

/** Whether `value` (an object: a record, a parsed body, message attributes) matches `pattern`. */
export function matchesEventPattern(pattern: EventPattern, value: unknown): boolean {
  return matchesObject(pattern, value);
}

function checkPattern(pattern: EventPattern): void {
  for (const [key, value] of Object.entries(pattern)) {
    if (key === '$or') {
      if (!Array.isArray(value) || value.length < 2 || !value.every(isObject))
        throw new EventPatternError('$or takes a list of at least two patterns');
      value.forEach((inner) => checkPattern(inner as EventPattern));
    } else if (Array.isArray(value)) value.forEach(checkRule);
    else if (isObject(value)) checkPattern(value);
    else throw new EventPatternError(`the value of "${key}" must be a list of rules or a pattern`);
  }
}

const OPERATORS = new Set(['equals-ignore-case', 'prefix', 'suffix', 'anything-but', 'numeric', 'exists']);

function checkRule(rule: unknown): void {
  if (!isObject(rule)) return;
  const [operator, ...others] = Object.keys(rule);
  if (operator === undefined || others.length > 0 || !OPERATORS.has(operator))
    throw new EventPatternError(`unknown filter rule ${JSON.stringify(rule)}`);
}

function matchesObject(pattern: EventPattern, value: unknown): boolean {
  const fields = isObject(value) ? value : {};
  return Object.entries(pattern).every(([key, inner]) => {
    if (key === '$or') return (inner as EventPattern[]).some((alternative) => matchesObject(alternative, value));
    const field = fields[key];
    if (Array.isArray(inner)) return matchesRules(inner, field, key in fields);
    return isObject(field) && matchesObject(inner as EventPattern, field);
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
