/**
 * A registry schema's `pattern` as CloudFormation applies it: java.util.regex syntax, matched
 * with `Matcher.find()` (anywhere in the value, as JSON Schema says; everit-org/json-schema's
 * JavaUtilRegexpFactory), turned into a JavaScript RegExp with the same meaning.
 *
 * Where the two syntaxes differ in what the schemas use, the translation follows Java:
 * - `\A`, `\z` and `\Z` (start, end, end before a final line terminator) become lookarounds;
 * - `$` without MULTILINE also matches before a final line terminator, as in Java;
 * - an escaped character that is not special (`\-`, `\_`, `\:`) is that character;
 * - a `{` or `}` that is not part of a quantifier is a literal brace;
 * - POSIX classes (`\p{Graph}`, `\p{Alpha}`, …) are their ASCII ranges; `\x{60}` is a code point;
 * - leading inline flags (`(?s)`, `(?i)`, `(?m)`) become RegExp flags.
 * A pattern that uses Java syntax JavaScript has no equivalent for (class unions and
 * intersections, possessive quantifiers, atomic groups, …) gives undefined: the caller then
 * cannot check it. No npm package translates java.util.regex to JavaScript; a unit test holds
 * every pattern of the types the lab deploys to a translation.
 */

/** Java's line terminators, for `$` and `\Z`. */
const END_BEFORE_TERMINATOR = '(?=(?:\\r\\n|[\\n\\r\\u0085\\u2028\\u2029])?(?![\\s\\S]))';
const START_OF_INPUT = '(?<![\\s\\S])';
const END_OF_INPUT = '(?![\\s\\S])';

/** POSIX character classes (US-ASCII only, Java's default), as the inside of a JavaScript class. */
const POSIX: Readonly<Record<string, string>> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  ASCII: '\\x00-\\x7F',
  Alpha: 'A-Za-z',
  Digit: '0-9',
  Alnum: 'A-Za-z0-9',
  Punct: '!-\\/:-@\\[-`{-~',
  Graph: '!-~',
  Print: ' -~',
  Blank: ' \\t',
  Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9a-fA-F',
  Space: ' \\t\\n\\x0B\\f\\r',
};

/** Escapes whose meaning is the same in both syntaxes (classes, anchors, control characters). */
const SAME_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S', 'b', 'B', 'n', 'r', 't', 'f', 'u', 'x', 'k']);

/** Characters a JavaScript `u` pattern lets (and needs) an escape for outside a class. */
const SYNTAX = new Set(['^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']);

/** The pattern as a RegExp that matches where Java's `find()` does, or undefined (see above). */
export function javaPattern(source: string): RegExp | undefined {
  const flags = new Set<string>();
  let rest = source;
  const inline = /^\(\?([ims]+)\)/.exec(rest);
  if (inline !== null) {
    for (const flag of inline[1] ?? '') flags.add(flag);
    rest = rest.slice(inline[0].length);
  }
  const translated = translate(rest, flags.has('m'));
  if (translated === undefined) return undefined;
  try {
    return new RegExp(translated, `${[...flags].join('')}u`);
  } catch {
    return undefined;
  }
}

function translate(source: string, multiline: boolean): string | undefined {
  let out = '';
  let inClass = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index] ?? '';
    if (char === '\\') {
      const escape = translateEscape(source, index, inClass);
      if (escape === undefined) return undefined;
      out += escape.text;
      index = escape.end;
      continue;
    }
    if (inClass) {
      // Java's unions and intersections: `[a[b]]`, `[a&&b]`.
      if (char === '[' || (char === '&' && source[index + 1] === '&')) return undefined;
      if (char === ']') {
        // `[]…]` and `[^]…]`: read differently by the two syntaxes.
        if (out.endsWith('[') || out.endsWith('[^')) return undefined;
        inClass = false;
      }
      out += char;
      continue;
    }
    if (char === '[') {
      inClass = true;
      out += char;
      continue;
    }
    if (char === '$') {
      out += multiline ? '$' : END_BEFORE_TERMINATOR;
      continue;
    }
    if (char === '(' && source.startsWith('(?>', index)) return undefined;
    if (char === '{') {
      const quantifier = /^\{\d+(?:,\d*)?\}/.exec(source.slice(index));
      if (quantifier === null) {
        out += '\\{';
        continue;
      }
      out += quantifier[0];
      index += quantifier[0].length - 1;
      continue;
    }
    out += char === '}' ? '\\}' : char;
  }
  return inClass ? undefined : out;
}

/** The escape at `index` (a backslash): its JavaScript text and the index of its last character. */
function translateEscape(
  source: string,
  index: number,
  inClass: boolean,
): { readonly text: string; readonly end: number } | undefined {
  const next = source[index + 1];
  if (next === undefined) return undefined;
  const end = index + 1;
  if (!/[0-9A-Za-z]/.test(next)) {
    if (SYNTAX.has(next) || (inClass && next === '-')) return { text: `\\${next}`, end };
    return { text: next, end };
  }
  if (next === 'p' || next === 'P') return translateProperty(source, index, inClass);
  if (next === 'x' && source[index + 2] === '{') {
    const close = source.indexOf('}', index);
    return close < 0 ? undefined : { text: `\\u${source.slice(index + 2, close + 1)}`, end: close };
  }
  if (next === 'Q') {
    const close = source.indexOf('\\E', index + 2);
    const quoted = source.slice(index + 2, close < 0 ? source.length : close);
    const text = [...quoted].map((c) => (SYNTAX.has(c) || c === '-' ? `\\${c}` : c)).join('');
    return { text, end: close < 0 ? source.length - 1 : close + 1 };
  }
  if (!inClass) {
    if (next === 'A') return { text: START_OF_INPUT, end };
    if (next === 'z') return { text: END_OF_INPUT, end };
    if (next === 'Z') return { text: END_BEFORE_TERMINATOR, end };
  }
  if (next === 'a') return { text: '\\x07', end };
  if (next === 'e') return { text: '\\x1B', end };
  if (next === 'c' && source[index + 2] !== undefined) return { text: source.slice(index, index + 3), end: index + 2 };
  if (SAME_ESCAPES.has(next) || /[1-9]/.test(next)) return { text: `\\${next}`, end };
  return undefined;
}

/** `\p{Name}` / `\P{Name}`: a POSIX class, or a Unicode property both syntaxes know. */
function translateProperty(
  source: string,
  index: number,
  inClass: boolean,
): { readonly text: string; readonly end: number } | undefined {
  const negated = source[index + 1] === 'P';
  if (source[index + 2] !== '{') return undefined;
  const close = source.indexOf('}', index);
  if (close < 0) return undefined;
  const name = source.slice(index + 3, close);
  const posix = POSIX[name];
  if (posix === undefined) return { text: source.slice(index, close + 1), end: close };
  if (inClass) return negated ? undefined : { text: posix, end: close };
  return { text: `[${negated ? '^' : ''}${posix}]`, end: close };
}
