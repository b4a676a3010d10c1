import { MAX_ID_LENGTH } from '../../lib/settings';

/**
 * Field readers shared by request validation (a bad field → HTTP 400) and message parsing
 * (a bad field → poison message). Each returns the value or a sentence saying what is wrong,
 * so the caller chooses the error class.
 */
export type FieldResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

/** A reader of field results that throws `fail(problem)` for a bad field, so callers pick the error class. */
export function takerThrowing(fail: (problem: string) => Error): <T>(result: FieldResult<T>) => T {
  return (result) => {
    if (!result.ok) throw fail(result.problem);
    return result.value;
  };
}

// Ids must not contain control characters (C0, DEL, C1).
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/u;
/**
 * Half of a UTF-16 surrogate pair on its own: not a character (a whole pair, e.g. an emoji, is
 * one code point and passes). JSON allows it as `\ud800`; DynamoDB keys and UTF-8 logs do not.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** A non-empty id of printable characters (any script), at most MAX_ID_LENGTH characters. */
export function readId(body: Record<string, unknown>, field: string): FieldResult<string> {
  const value = body[field];
  if (value === undefined) return { ok: false, problem: `${field} is required (a non-empty string)` };
  if (typeof value !== 'string') return { ok: false, problem: `${field} must be a string, got ${describe(value)}` };
  if (value.trim() === '') return { ok: false, problem: `${field} must not be empty` };
  const length = [...value].length;
  if (length > MAX_ID_LENGTH) {
    return { ok: false, problem: `${field} is ${length} characters long; the limit is ${MAX_ID_LENGTH}` };
  }
  if (CONTROL_CHARACTERS.test(value)) return { ok: false, problem: `${field} must not contain control characters` };
  if (LONE_SURROGATE.test(value)) {
    return { ok: false, problem: `${field} must be valid unicode text; it contains half of a surrogate pair` };
  }
  return { ok: true, value };
}

/** A number within [min, max]; `integer` also refuses fractions. Absent → `fallback`. */
export function readNumber(
  body: Record<string, unknown>,
  field: string,
  range: { readonly min: number; readonly max: number; readonly integer: boolean; readonly fallback: number },
): FieldResult<number> {
  const value = body[field];
  if (value === undefined) return { ok: true, value: range.fallback };
  const kind = range.integer ? 'an integer' : 'a number';
  const wanted = `${kind} between ${range.min} and ${range.max}`;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { ok: false, problem: `${field} must be ${wanted}, got ${describe(value)}` };
  }
  if (range.integer && !Number.isInteger(value)) {
    return { ok: false, problem: `${field} must be ${wanted}, got ${value}` };
  }
  if (value < range.min || value > range.max) {
    return { ok: false, problem: `${field} must be ${wanted}, got ${value}` };
  }
  return { ok: true, value };
}

/** A number within [min, max] like {@link readNumber}, or undefined when the field is absent. */
export function readOptionalNumber(
  body: Record<string, unknown>,
  field: string,
  range: { readonly min: number; readonly max: number; readonly integer: boolean },
): FieldResult<number | undefined> {
  if (body[field] === undefined) return { ok: true, value: undefined };
  return readNumber(body, field, { ...range, fallback: range.min });
}

/** A JSON boolean (the string "false" is refused: it would read as true in many languages). */
export function readBoolean(body: Record<string, unknown>, field: string, fallback: boolean): FieldResult<boolean> {
  const value = body[field];
  if (value === undefined) return { ok: true, value: fallback };
  if (typeof value !== 'boolean') {
    return { ok: false, problem: `${field} must be true or false (a JSON boolean), got ${describe(value)}` };
  }
  return { ok: true, value };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
