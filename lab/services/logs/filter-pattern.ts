/**
 * CloudWatch Logs filter patterns, the part the lab needs ("Filter pattern syntax for metric
 * filters, subscription filters, filter log events, and Live Tail"):
 * - terms: `ERROR`, `"Start msg-1"`, all must occur (case-sensitive); `?A ?B` any of them;
 *   `-term` must not occur;
 * - JSON: `{ $.event = "start" }`, `{ $.receiveCount > 1 }`, `{ $.event = * }` (the field exists),
 *   `!=`, `<`, `<=`, `>`, `>=`, `"prefix*"` wildcards, `&&`, `||`, parentheses,
 *   `IS NULL`, `NOT EXISTS`, `IS TRUE`, `IS FALSE`.
 * An empty pattern matches every event.
 */
import { InvalidParameterError } from './errors';

/** A compiled pattern: true when a message matches. */
export type LogEventMatcher = (message: string) => boolean;

/** Compiles `pattern`, or throws InvalidParameterError with AWS's message. */
export function compileFilterPattern(pattern: string | undefined): LogEventMatcher {
  const text = (pattern ?? '').trim();
  if (text === '') return () => true;
  if (text.startsWith('{')) {
    if (!text.endsWith('}')) throw invalid(pattern);
    const parser = new JsonPatternParser(text.slice(1, -1), pattern ?? '');
    const test = parser.parse();
    return (message) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(message);
      } catch {
        return false;
      }
      return typeof parsed === 'object' && parsed !== null && test(parsed);
    };
  }
  return compileTerms(text, pattern ?? '');
}

function invalid(pattern: string | undefined): InvalidParameterError {
  return new InvalidParameterError(`Invalid filter pattern: ${pattern ?? ''}`);
}

function compileTerms(text: string, pattern: string): LogEventMatcher {
  const tokens = [...text.matchAll(/([?-]?)(?:"((?:[^"\\]|\\.)*)"|(\S+))/g)].map((match) => ({
    mode: match[1] ?? '',
    term: match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? ''),
  }));
  if (tokens.length === 0) throw invalid(pattern);
  const any = tokens.filter((token) => token.mode === '?').map((token) => token.term);
  const all = tokens.filter((token) => token.mode === '').map((token) => token.term);
  const none = tokens.filter((token) => token.mode === '-').map((token) => token.term);
  return (message) =>
    all.every((term) => message.includes(term)) &&
    none.every((term) => !message.includes(term)) &&
    (any.length === 0 || any.some((term) => message.includes(term)));
}

type JsonTest = (document: object) => boolean;

/** Recursive descent over `||` → `&&` → `( … )` | comparison. */
class JsonPatternParser {
  private position = 0;

  constructor(
    private readonly text: string,
    private readonly pattern: string,
  ) {}

  parse(): JsonTest {
    const test = this.or();
    this.skipSpace();
    if (this.position !== this.text.length) throw invalid(this.pattern);
    return test;
  }

  private or(): JsonTest {
    const tests = [this.and()];
    while (this.take('||')) tests.push(this.and());
    return tests.length === 1 ? (tests[0] as JsonTest) : (document) => tests.some((test) => test(document));
  }

  private and(): JsonTest {
    const tests = [this.primary()];
    while (this.take('&&')) tests.push(this.primary());
    return tests.length === 1 ? (tests[0] as JsonTest) : (document) => tests.every((test) => test(document));
  }

  private primary(): JsonTest {
    if (this.take('(')) {
      const inner = this.or();
      if (!this.take(')')) throw invalid(this.pattern);
      return inner;
    }
    return this.comparison();
  }

  private comparison(): JsonTest {
    this.skipSpace();
    const selector = /^\$((?:\.[A-Za-z_@][\w@-]*|\[\d+\])+)/.exec(this.text.slice(this.position));
    if (selector === null) throw invalid(this.pattern);
    this.position += selector[0].length;
    const path = [...(selector[1] ?? '').matchAll(/\.([\w@-]+)|\[(\d+)\]/g)].map((part) =>
      part[1] !== undefined ? part[1] : Number(part[2]),
    );
    const read = (document: object): unknown => {
      let value: unknown = document;
      for (const key of path) {
        if (typeof value !== 'object' || value === null) return undefined;
        value = (value as Record<string | number, unknown>)[key];
      }
      return value;
    };
    if (this.take('IS NULL')) return (document) => read(document) === null;
    if (this.take('NOT EXISTS')) return (document) => read(document) === undefined;
    if (this.take('IS TRUE')) return (document) => read(document) === true;
    if (this.take('IS FALSE')) return (document) => read(document) === false;
    const operator = ['!=', '<=', '>=', '=', '<', '>'].find((candidate) => this.take(candidate));
    if (operator === undefined) throw invalid(this.pattern);
    this.skipSpace();
    const rest = this.text.slice(this.position);
    const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(rest);
    const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(rest);
    const bare = /^[^\s()&|]+/.exec(rest);
    if (operator === '=' || operator === '!=') {
      const raw = quoted ?? bare;
      if (raw === null) throw invalid(this.pattern);
      this.position += raw[0].length;
      const value = quoted !== null ? (quoted[1] ?? '').replace(/\\(.)/g, '$1') : raw[0];
      const matches = value === '*' ? (field: unknown) => field !== undefined : equalsPattern(value, quoted === null);
      return operator === '=' ? (document) => matches(read(document)) : (document) => !matches(read(document));
    }
    if (number === null) throw invalid(this.pattern);
    this.position += number[0].length;
    const bound = Number(number[0]);
    const compare = {
      '<': (a: number) => a < bound,
      '<=': (a: number) => a <= bound,
      '>': (a: number) => a > bound,
      '>=': (a: number) => a >= bound,
    }[operator as '<' | '<=' | '>' | '>='];
    return (document) => {
      const field = read(document);
      return typeof field === 'number' && compare(field);
    };
  }

  private take(token: string): boolean {
    this.skipSpace();
    if (!this.text.startsWith(token, this.position)) return false;
    this.position += token.length;
    return true;
  }

  private skipSpace(): void {
    while (this.position < this.text.length && /\s/.test(this.text[this.position] ?? '')) this.position += 1;
  }
}

/** `=` against a string (with `*` wildcards) or, for a bare number, a number. */
function equalsPattern(value: string, bare: boolean): (field: unknown) => boolean {
  if (bare && /^-?\d+(?:\.\d+)?$/.test(value)) {
    const number = Number(value);
    return (field) => field === number || field === value;
  }
  if (!value.includes('*')) return (field) => typeof field === 'string' && field === value;
  const regex = new RegExp(`^${value.split('*').map(escapeRegExp).join('.*')}$`, 's');
  return (field) => typeof field === 'string' && regex.test(field);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
