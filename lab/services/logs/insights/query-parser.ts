/**
 * Logs Insights QL, text → {@link Query}: a chevrotain lexer and parser (an LL(k) grammar
 * written in TypeScript; chevrotain is a maintained parsing library, pure JS, with typed
 * tokens that carry their offsets, so a query that does not parse is refused at the offset of
 * the symbol that broke it). The grammar follows the command pages under
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CWL_QuerySyntax.html; each rule names
 * its page. A query that does not parse throws {@link MalformedQueryError}.
 */
import { createToken, EmbeddedActionsParser, EOF, type IToken, Lexer, type TokenType, tokenMatcher } from 'chevrotain';
import { MalformedQueryError } from '../errors';
import type {
  ArithmeticOperator,
  Command,
  CompareOperator,
  Expression,
  NamedExpression,
  Pattern,
  Query,
  SortKey,
} from './query-ast';

// --- Tokens -------------------------------------------------------------------------------

const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED });
/** `# …` to the end of the line (CWL_QuerySyntax.html: "Use the hash symbol for comments"). */
const Comment = createToken({ name: 'Comment', pattern: /#[^\n]*/, group: Lexer.SKIPPED });

/** A field name: `@timestamp`, `event`, `record.metrics.durationMs` (JSON fields flattened with dots). */
const Identifier = createToken({ name: 'Identifier', pattern: /@{0,2}[A-Za-z_$][\w$]*(?:\.[\w$@]+)*/ });
/** A field name in backticks, for names with other characters (`` `x-request-id` ``). */
const QuotedIdentifier = createToken({ name: 'QuotedIdentifier', pattern: /`[^`]*`/ });

function keyword(word: string): TokenType {
  return createToken({ name: word.toUpperCase(), pattern: new RegExp(word, 'i'), longer_alt: Identifier });
}
const Fields = keyword('fields');
const Display = keyword('display');
const Filter = keyword('filter');
const Sort = keyword('sort');
const Limit = keyword('limit');
const Dedup = keyword('dedup');
const Parse = keyword('parse');
const Stats = keyword('stats');
const As = keyword('as');
const By = keyword('by');
const Asc = keyword('asc');
const Desc = keyword('desc');
const And = keyword('and');
const Or = keyword('or');
const Not = keyword('not');
const Like = keyword('like');
const In = keyword('in');
const True = keyword('true');
const False = keyword('false');

/** `1m`, `30s`, `5min`, `1h`: the period of `bin` (CWL_QuerySyntax-operations-functions.html, "Datetime functions"). */
const Period = createToken({
  name: 'Period',
  pattern: /\d+(?:ms|sec|min|hr|s|m|h|d|w)(?![\w$])/,
});
const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/ });
const StringLiteral = createToken({ name: 'StringLiteral', pattern: /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/ });

const Pipe = createToken({ name: 'Pipe', pattern: /\|/ });
const Comma = createToken({ name: 'Comma', pattern: /,/ });
const LParen = createToken({ name: 'LParen', pattern: /\(/ });
const RParen = createToken({ name: 'RParen', pattern: /\)/ });
const LBracket = createToken({ name: 'LBracket', pattern: /\[/ });
const RBracket = createToken({ name: 'RBracket', pattern: /\]/ });
const RegexMatch = createToken({ name: 'RegexMatch', pattern: /=~/ });
const NotEqual = createToken({ name: 'NotEqual', pattern: /!=/ });
const LessEqual = createToken({ name: 'LessEqual', pattern: /<=/ });
const GreaterEqual = createToken({ name: 'GreaterEqual', pattern: /\>=/ });
const Equal = createToken({ name: 'Equal', pattern: /==?/ });
const Less = createToken({ name: 'Less', pattern: /</ });
const Greater = createToken({ name: 'Greater', pattern: />/ });
const Plus = createToken({ name: 'Plus', pattern: /\+/ });
const Minus = createToken({ name: 'Minus', pattern: /-/ });
const Star = createToken({ name: 'Star', pattern: /\*/ });
const Percent = createToken({ name: 'Percent', pattern: /%/ });
const Caret = createToken({ name: 'Caret', pattern: /\^/ });

/**
 * Tokens after which a `/` opens a regular expression rather than dividing: `like /re/`,
 * `=~ /re/`, a list or an argument (`[/a/, …]`), and the pattern of `parse <field> /re/`.
 */
const REGEX_AFTER: readonly TokenType[] = [Like, RegexMatch, Comma, LParen, LBracket, Parse];

/** `/…/` with its flags, where a regular expression may stand (see {@link REGEX_AFTER}). */
const RegexLiteral = createToken({
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
const Slash = createToken({ name: 'Slash', pattern: /\// });

const ALL_TOKENS: TokenType[] = [
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

const lexer = new Lexer(ALL_TOKENS, { positionTracking: 'full', ensureOptimizations: false });

const COMPARE_OPERATORS = new Map<TokenType, CompareOperator>([
  [Equal, '='],
  [NotEqual, '!='],
  [Less, '<'],
  [LessEqual, '<='],
  [Greater, '>'],
  [GreaterEqual, '>='],
]);

const PERIOD_UNITS: Readonly<Record<string, number>> = {
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

// --- Parser -------------------------------------------------------------------------------

class QueryParser extends EmbeddedActionsParser {
  /** The query's text, for the names of unaliased expressions (their text, as AWS names the columns). */
  text = '';

  constructor() {
    super(ALL_TOKENS, { maxLookahead: 3 });
    this.performSelfAnalysis();
  }

  readonly query = this.RULE('query', (): Query => {
    const commands: Command[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: Pipe, DEF: () => commands.push(this.SUBRULE(this.command)) });
    return { commands };
  });

  private readonly command = this.RULE('command', (): Command =>
    this.OR([
      { ALT: (): Command => this.SUBRULE(this.fieldsCommand) },
      { ALT: (): Command => this.SUBRULE(this.displayCommand) },
      { ALT: (): Command => this.SUBRULE(this.filterCommand) },
      { ALT: (): Command => this.SUBRULE(this.sortCommand) },
      { ALT: (): Command => this.SUBRULE(this.limitCommand) },
      { ALT: (): Command => this.SUBRULE(this.dedupCommand) },
      { ALT: (): Command => this.SUBRULE(this.parseCommand) },
      { ALT: (): Command => this.SUBRULE(this.statsCommand) },
    ]),
  );

  /** `fields a, b as c, strlen(d)` (CWL_QuerySyntax-Fields.html). */
  private readonly fieldsCommand = this.RULE('fieldsCommand', (): Command => {
    this.CONSUME(Fields);
    const items: NamedExpression[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: Comma, DEF: () => items.push(this.SUBRULE(this.namedExpression)) });
    return { kind: 'fields', items };
  });

  /** `display a, b` (CWL_QuerySyntax-Display.html). */
  private readonly displayCommand = this.RULE('displayCommand', (): Command => {
    this.CONSUME(Display);
    return { kind: 'display', fields: this.SUBRULE(this.fieldList) };
  });

  /** `filter <condition>` (CWL_QuerySyntax-Filter.html). */
  private readonly filterCommand = this.RULE('filterCommand', (): Command => {
    this.CONSUME(Filter);
    return { kind: 'filter', condition: this.SUBRULE(this.expression) };
  });

  /** `sort a desc, b asc` (CWL_QuerySyntax-Sort.html); the default order is descending. */
  private readonly sortCommand = this.RULE('sortCommand', (): Command => {
    this.CONSUME(Sort);
    const keys: SortKey[] = [];
    this.AT_LEAST_ONE_SEP({
      SEP: Comma,
      DEF: () => {
        const named = this.SUBRULE(this.namedExpression, { ARGS: [false] });
        let descending = true;
        this.OPTION(() =>
          this.OR([
            {
              ALT: () => {
                this.CONSUME(Asc);
                descending = false;
              },
            },
            { ALT: () => this.CONSUME(Desc) },
          ]),
        );
        keys.push({ ...named, descending });
      },
    });
    return { kind: 'sort', keys };
  });

  /** `limit 25` (CWL_QuerySyntax-Limit.html). */
  private readonly limitCommand = this.RULE('limitCommand', (): Command => {
    this.CONSUME(Limit);
    const count = this.CONSUME(NumberLiteral);
    return { kind: 'limit', count: Number(count.image) };
  });

  /** `dedup a, b` (CWL_QuerySyntax-Dedup.html). */
  private readonly dedupCommand = this.RULE('dedupCommand', (): Command => {
    this.CONSUME(Dedup);
    return { kind: 'dedup', fields: this.SUBRULE(this.fieldList) };
  });

  /**
   * `parse @message "* [*] *" as a, b, c` (a glob) or `parse @message /(?<a>\S+)/` (a regular
   * expression with named groups); the field defaults to `@message` (CWL_QuerySyntax-Parse.html).
   */
  private readonly parseCommand = this.RULE('parseCommand', (): Command => {
    this.CONSUME(Parse);
    let source = '@message';
    this.OPTION(() => (source = this.SUBRULE(this.fieldName)));
    const pattern = this.OR([
      { ALT: (): Pattern => ({ kind: 'text', text: unquote(this.CONSUME(StringLiteral).image) }) },
      { ALT: (): Pattern => regexPattern(this.CONSUME(RegexLiteral).image) },
    ]);
    let names: string[] = [];
    this.OPTION2(() => {
      this.CONSUME(As);
      names = this.SUBRULE(this.fieldList);
    });
    return { kind: 'parse', source, pattern, names };
  });

  /** `stats count(*) as n, avg(x) by a, bin(1m)` (CWL_QuerySyntax-Stats.html). */
  private readonly statsCommand = this.RULE('statsCommand', (): Command => {
    this.CONSUME(Stats);
    const aggregates: NamedExpression[] = [];
    const groups: NamedExpression[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: Comma, DEF: () => aggregates.push(this.SUBRULE(this.namedExpression)) });
    this.OPTION(() => {
      this.CONSUME(By);
      this.AT_LEAST_ONE_SEP2({ SEP: Comma, DEF: () => groups.push(this.SUBRULE2(this.namedExpression)) });
    });
    return { kind: 'stats', aggregates, groups };
  });

  /** An expression, optionally `as <name>`; unaliased, it is named by its text. */
  private readonly namedExpression = this.RULE('namedExpression', (aliasable = true): NamedExpression => {
    const start = this.LA(1).startOffset;
    const expression = this.SUBRULE(this.expression);
    const end = this.LA(0).endOffset ?? start;
    let name = this.text.slice(start, end + 1).trim();
    this.OPTION({
      GATE: () => aliasable,
      DEF: () => {
        this.CONSUME(As);
        name = this.SUBRULE(this.fieldName);
      },
    });
    return { expression, name };
  });

  private readonly fieldList = this.RULE('fieldList', (): string[] => {
    const names: string[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: Comma, DEF: () => names.push(this.SUBRULE(this.fieldName)) });
    return names;
  });

  private readonly fieldName = this.RULE('fieldName', (): string =>
    this.OR([
      { ALT: () => this.CONSUME(Identifier).image },
      { ALT: () => this.CONSUME(QuotedIdentifier).image.slice(1, -1) },
    ]),
  );

  // Boolean, comparison and arithmetic operations (CWL_QuerySyntax-operations-functions.html).

  private readonly expression = this.RULE('expression', (): Expression => {
    let left = this.SUBRULE(this.andExpression);
    this.MANY(() => {
      this.CONSUME(Or);
      left = { kind: 'or', left, right: this.SUBRULE2(this.andExpression) };
    });
    return left;
  });

  private readonly andExpression = this.RULE('andExpression', (): Expression => {
    let left = this.SUBRULE(this.notExpression);
    this.MANY(() => {
      this.CONSUME(And);
      left = { kind: 'and', left, right: this.SUBRULE2(this.notExpression) };
    });
    return left;
  });

  private readonly notExpression = this.RULE('notExpression', (): Expression =>
    this.OR([
      {
        ALT: (): Expression => {
          this.CONSUME(Not);
          return { kind: 'not', operand: this.SUBRULE(this.notExpression) };
        },
      },
      { ALT: (): Expression => this.SUBRULE(this.comparison) },
    ]),
  );

  /** `a = b`, `a like /re/`, `a not like "text"`, `a =~ /re/`, `a in [1, 2]`, `a not in [...]`. */
  private readonly comparison = this.RULE('comparison', (): Expression => {
    const subject = this.SUBRULE(this.additive);
    return this.OR([
      {
        ALT: (): Expression => {
          const operator = this.OR2([
            { ALT: (): IToken => this.CONSUME(Equal) },
            { ALT: (): IToken => this.CONSUME(NotEqual) },
            { ALT: (): IToken => this.CONSUME(LessEqual) },
            { ALT: (): IToken => this.CONSUME(GreaterEqual) },
            { ALT: (): IToken => this.CONSUME(Less) },
            { ALT: (): IToken => this.CONSUME(Greater) },
          ]);
          const right = this.SUBRULE2(this.additive);
          return { kind: 'compare', operator: COMPARE_OPERATORS.get(operator.tokenType) ?? '=', left: subject, right };
        },
      },
      {
        ALT: (): Expression => {
          this.CONSUME(RegexMatch);
          return { kind: 'like', negated: false, subject, pattern: regexPattern(this.CONSUME(RegexLiteral).image) };
        },
      },
      {
        ALT: (): Expression => {
          let negated = false;
          this.OPTION(() => {
            this.CONSUME(Not);
            negated = true;
          });
          return this.OR3([
            {
              ALT: (): Expression => {
                this.CONSUME(Like);
                return { kind: 'like', negated, subject, pattern: this.SUBRULE(this.likePattern) };
              },
            },
            {
              ALT: (): Expression => {
                this.CONSUME(In);
                return { kind: 'in', negated, subject, values: this.SUBRULE(this.list) };
              },
            },
          ]);
        },
      },
      { ALT: (): Expression => subject },
    ]);
  });

  private readonly likePattern = this.RULE('likePattern', (): Pattern =>
    this.OR([
      { ALT: (): Pattern => ({ kind: 'text', text: unquote(this.CONSUME(StringLiteral).image) }) },
      { ALT: (): Pattern => regexPattern(this.CONSUME(RegexLiteral).image) },
    ]),
  );

  private readonly list = this.RULE('list', (): Expression[] => {
    const values: Expression[] = [];
    this.CONSUME(LBracket);
    this.MANY_SEP({ SEP: Comma, DEF: () => values.push(this.SUBRULE(this.additive)) });
    this.CONSUME(RBracket);
    return values;
  });

  private readonly additive = this.RULE('additive', (): Expression => {
    let left = this.SUBRULE(this.multiplicative);
    this.MANY(() => {
      const operator = this.OR([{ ALT: () => this.CONSUME(Plus) }, { ALT: () => this.CONSUME(Minus) }]);
      const right = this.SUBRULE2(this.multiplicative);
      left = { kind: 'arithmetic', operator: operator.image as ArithmeticOperator, left, right };
    });
    return left;
  });

  private readonly multiplicative = this.RULE('multiplicative', (): Expression => {
    let left = this.SUBRULE(this.unary);
    this.MANY(() => {
      const operator = this.OR([
        { ALT: () => this.CONSUME(Star) },
        { ALT: () => this.CONSUME(Slash) },
        { ALT: () => this.CONSUME(Percent) },
      ]);
      const right = this.SUBRULE2(this.unary);
      left = { kind: 'arithmetic', operator: operator.image as ArithmeticOperator, left, right };
    });
    return left;
  });

  private readonly unary = this.RULE('unary', (): Expression =>
    this.OR([
      {
        ALT: (): Expression => {
          this.CONSUME(Minus);
          return { kind: 'negate', operand: this.SUBRULE(this.unary) };
        },
      },
      { ALT: (): Expression => this.SUBRULE(this.power) },
    ]),
  );

  private readonly power = this.RULE('power', (): Expression => {
    const base = this.SUBRULE(this.primary);
    let result: Expression = base;
    this.OPTION(() => {
      this.CONSUME(Caret);
      result = { kind: 'arithmetic', operator: '^', left: base, right: this.SUBRULE(this.unary) };
    });
    return result;
  });

  private readonly primary = this.RULE('primary', (): Expression =>
    this.OR([
      { ALT: (): Expression => ({ kind: 'literal', value: Number(this.CONSUME(NumberLiteral).image) }) },
      { ALT: (): Expression => ({ kind: 'literal', value: unquote(this.CONSUME(StringLiteral).image) }) },
      { ALT: (): Expression => ({ kind: 'literal', value: this.CONSUME(True) !== undefined }) },
      { ALT: (): Expression => ({ kind: 'literal', value: this.CONSUME(False) === undefined }) },
      { ALT: (): Expression => periodOf(this.CONSUME(Period).image) },
      { GATE: () => tokenMatcher(this.LA(2), LParen), ALT: (): Expression => this.SUBRULE(this.call) },
      { ALT: (): Expression => ({ kind: 'field', name: this.SUBRULE(this.fieldName) }) },
      {
        ALT: (): Expression => {
          this.CONSUME(LParen);
          const inner = this.SUBRULE(this.expression);
          this.CONSUME(RParen);
          return inner;
        },
      },
    ]),
  );

  /** `name(args)`: a function (CWL_QuerySyntax-operations-functions.html) or an aggregate of `stats`. */
  private readonly call = this.RULE('call', (): Expression => {
    const name = this.CONSUME(Identifier);
    this.CONSUME(LParen);
    const args: Expression[] = [];
    this.MANY_SEP({
      SEP: Comma,
      DEF: () =>
        args.push(
          this.OR([
            {
              ALT: (): Expression => {
                this.CONSUME(Star);
                return { kind: 'star' };
              },
            },
            { ALT: () => this.SUBRULE(this.expression) },
          ]),
        ),
    });
    const close = this.CONSUME(RParen);
    return {
      kind: 'call',
      name: name.image.toLowerCase(),
      args,
      start: name.startOffset,
      end: close.endOffset ?? name.startOffset,
    };
  });
}

const parser = new QueryParser();

/**
 * Parses a Logs Insights query. Throws {@link MalformedQueryError} with the offsets of the
 * symbol where it stops parsing (MalformedQueryException's `queryCompileError.location`).
 */
export function parseQuery(text: string): Query {
  const lexed = lexer.tokenize(text);
  const lexError = lexed.errors[0];
  if (lexError !== undefined) {
    throw malformed(
      text,
      lexError.offset,
      lexError.offset + Math.max(lexError.length, 1),
      text.charAt(lexError.offset),
    );
  }
  parser.text = text;
  parser.input = lexed.tokens;
  const query = parser.query();
  const parseError = parser.errors[0];
  if (parseError !== undefined) {
    const token = parseError.token;
    const atEnd = tokenMatcher(token, EOF) || Number.isNaN(token.startOffset);
    const start = atEnd ? text.length : token.startOffset;
    const end = atEnd ? text.length : (token.endOffset ?? start) + 1;
    throw malformed(text, start, end, atEnd ? '<EOF>' : token.image, parseError);
  }
  return query;
}

/** A {@link MalformedQueryError} at `start`..`end`, worded as CloudWatch words it: the symbol, its line and position. */
export function malformed(
  text: string,
  start: number,
  end: number,
  symbol: string,
  cause?: unknown,
): MalformedQueryError {
  const before = text.slice(0, start);
  const line = before.split('\n').length;
  const position = start - (before.lastIndexOf('\n') + 1);
  return new MalformedQueryError(
    `unexpected symbol found ${symbol} at line ${line} and position ${position}`,
    { startCharOffset: start, endCharOffset: end },
    cause === undefined ? undefined : { cause },
  );
}

function unquote(image: string): string {
  return image.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** `/re/flags`; a leading `(?i)` (Java's inline flag, which AWS's examples use) becomes the `i` flag. */
function regexPattern(image: string): Pattern {
  const close = image.lastIndexOf('/');
  let source = image.slice(1, close);
  let flags = image.slice(close + 1);
  if (source.startsWith('(?i)')) {
    source = source.slice(4);
    if (!flags.includes('i')) flags += 'i';
  }
  return { kind: 'regex', source, flags };
}

/** `5min` → 300 000 ms (the lexer's Period token guarantees digits, then a unit of {@link PERIOD_UNITS}). */
function periodOf(image: string): Expression {
  let digits = 0;
  while (digits < image.length && image.charCodeAt(digits) >= 48 && image.charCodeAt(digits) <= 57) digits += 1;
  return { kind: 'period', milliseconds: Number(image.slice(0, digits)) * (PERIOD_UNITS[image.slice(digits)] ?? 1) };
}
