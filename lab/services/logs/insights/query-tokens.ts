/**
 * The tokens of Logs Insights QL and their lexer (chevrotain), for the grammar in
 * query-expression-parser.ts and query-parser.ts: keywords, literals (numbers, strings, regular
 * expressions, periods such as `5min`), operators and punctuation, in the order the lexer tries
 * them.
 */
import { createToken, type IToken, Lexer, type TokenType, tokenMatcher } from 'chevrotain';
import type { CompareOperator } from './query-ast';

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED });
/** `# …` to the end of the line (CWL_QuerySyntax.html: "Use the hash symbol for comments"). */
export const Comment = createToken({ name: 'Comment', pattern: /#[^\n]*/, group: Lexer.SKIPPED });

/** A field name: `@timestamp`, `event`, `record.metrics.durationMs` (JSON fields flattened with dots). */
export const Identifier = createToken({ name: 'Identifier', pattern: /@{0,2}[A-Za-z_$][\w$]*(?:\.[\w$@]+)*/ });
/** A field name in backticks, for names with other characters (`` `x-request-id` ``). */
export const QuotedIdentifier = createToken({ name: 'QuotedIdentifier', pattern: /`[^`]*`/ });

function keyword(word: string): TokenType {
  return createToken({ name: word.toUpperCase(), pattern: new RegExp(word, 'i'), longer_alt: Identifier });
}
export const Fields = keyword('fields');
export const Display = keyword('display');
export const Filter = keyword('filter');
export const Sort = keyword('sort');
export const Limit = keyword('limit');
export const Dedup = keyword('dedup');
export const Parse = keyword('parse');
export const Stats = keyword('stats');
export const As = keyword('as');
export const By = keyword('by');
export const Asc = keyword('asc');
export const Desc = keyword('desc');
export const And = keyword('and');
export const Or = keyword('or');
export const Not = keyword('not');
export const Like = keyword('like');
export const In = keyword('in');
export const True = keyword('true');
export const False = keyword('false');

/** `1m`, `30s`, `5min`, `1h`: the period of `bin` (CWL_QuerySyntax-operations-functions.html, "Datetime functions"). */
export const Period = createToken({
  name: 'Period',
  pattern: /\d+(?:ms|sec|min|hr|s|m|h|d|w)(?![\w$])/,
});
export const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/ });
export const StringLiteral = createToken({ name: 'StringLiteral', pattern: /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/ });

export const Pipe = createToken({ name: 'Pipe', pattern: /\|/ });
export const Comma = createToken({ name: 'Comma', pattern: /,/ });
export const LParen = createToken({ name: 'LParen', pattern: /\(/ });
export const RParen = createToken({ name: 'RParen', pattern: /\)/ });
export const LBracket = createToken({ name: 'LBracket', pattern: /\[/ });
export const RBracket = createToken({ name: 'RBracket', pattern: /\]/ });
export const RegexMatch = createToken({ name: 'RegexMatch', pattern: /=~/ });
export const NotEqual = createToken({ name: 'NotEqual', pattern: /!=/ });
export const LessEqual = createToken({ name: 'LessEqual', pattern: /<=/ });
export const GreaterEqual = createToken({ name: 'GreaterEqual', pattern: /\>=/ });
export const Equal = createToken({ name: 'Equal', pattern: /==?/ });
export const Less = createToken({ name: 'Less', pattern: /</ });
export const Greater = createToken({ name: 'Greater', pattern: />/ });
export const Plus = createToken({ name: 'Plus', pattern: /\+/ });
export const Minus = createToken({ name: 'Minus', pattern: /-/ });
export const Star = createToken({ name: 'Star', pattern: /\*/ });
export const Percent = createToken({ name: 'Percent', pattern: /%/ });
export const Caret = createToken({ name: 'Caret', pattern: /\^/ });

/**
 * Tokens after which a `/` opens a regular expression rather than dividing: `like /re/`,
 * `=~ /re/`, a list or an argument (`[/a/, …]`), and the pattern of `parse <field> /re/`.
 */
export const REGEX_AFTER: readonly TokenType[] = [Like, RegexMatch, Comma, LParen, LBracket, Parse];

/** `/…/` with its flags, where a regular expression may stand (see {@link REGEX_AFTER}). */
export const RegexLiteral = createToken({
  name: 'RegexLiteral',
  pattern: (text: string, offset: number, tokens: IToken[]) => {
    if (text[offset] !== '/') return null;
    const previous = tokens[tokens.length - 1];
    const beforePrevious = tokens[tokens.length - 2];
    const opens =
      previous === undefined ||
      REGEX_AFTER.some((type) => tokenMatcher(previous, type)) ||
      (beforePrevious !== undefined && tokenMatcher(beforePrevious, Parse));
    if (!opens) return null;
    let index = offset + 1;
    while (index < text.length && text[index] !== '/') index += text[index] === '\\' ? 2 : 1;
    if (index >= text.length) return null;
    index += 1;
    while (index < text.length && /[a-z]/.test(text[index] ?? '')) index += 1;
    return [text.slice(offset, index)] as unknown as RegExpExecArray;
  },
  line_breaks: false,
  start_chars_hint: ['/'],
});
export const Slash = createToken({ name: 'Slash', pattern: /\// });

export const ALL_TOKENS: TokenType[] = [
  WhiteSpace,
  Comment,
  Fields,
  Display,
  Filter,
  Sort,
  Limit,
  Dedup,
  Parse,
  Stats,
  Asc,
  As,
  By,
  Desc,
  And,
  Or,
  Not,
  Like,
  In,
  True,
  False,
  Identifier,
  QuotedIdentifier,
  Period,
  NumberLiteral,
  StringLiteral,
  RegexLiteral,
  Pipe,
  Comma,
  LParen,
  RParen,
  LBracket,
  RBracket,
  RegexMatch,
  NotEqual,
  LessEqual,
  GreaterEqual,
  Equal,
  Less,
  Greater,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Caret,
];

export const lexer = new Lexer(ALL_TOKENS, { positionTracking: 'full', ensureOptimizations: false });

export const COMPARE_OPERATORS = new Map<TokenType, CompareOperator>([
  [Equal, '='],
  [NotEqual, '!='],
  [Less, '<'],
  [LessEqual, '<='],
  [Greater, '>'],
  [GreaterEqual, '>='],
]);

export const PERIOD_UNITS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  sec: 1000,
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};
