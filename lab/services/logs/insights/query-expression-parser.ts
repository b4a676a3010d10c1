/**
 * The expression half of the Logs Insights QL grammar (chevrotain, embedded actions): named
 * expressions and field names, boolean, comparison and arithmetic operations, patterns, lists,
 * literals and function calls (https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CWL_QuerySyntax-operations-functions.html).
 * query-parser.ts builds the commands on it; the parser analyses both halves as one grammar.
 */
import { EmbeddedActionsParser, type IToken, tokenMatcher } from 'chevrotain';
import type { ArithmeticOperator, Expression, NamedExpression, Pattern } from './query-ast';
import {
  ALL_TOKENS,
  And,
  As,
  Caret,
  Comma,
  COMPARE_OPERATORS,
  Equal,
  False,
  Greater,
  GreaterEqual,
  Identifier,
  In,
  LBracket,
  Less,
  LessEqual,
  Like,
  LParen,
  Minus,
  Not,
  NotEqual,
  NumberLiteral,
  Or,
  Percent,
  Period,
  PERIOD_UNITS,
  Plus,
  QuotedIdentifier,
  RBracket,
  RegexLiteral,
  RegexMatch,
  RParen,
  Slash,
  Star,
  StringLiteral,
  True,
} from './query-tokens';

/** The grammar's expression rules, for the command rules of {@link QueryParser} to build on. */
export abstract class ExpressionParser extends EmbeddedActionsParser {
  /** The query's text, for the names of unaliased expressions (their text, as AWS names the columns). */
  text = '';

  constructor() {
    super(ALL_TOKENS, { maxLookahead: 3 });
  }

  /** An expression, optionally `as <name>`; unaliased, it is named by its text. */
  protected readonly namedExpression = this.RULE('namedExpression', (aliasable = true): NamedExpression => {
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

  protected readonly fieldList = this.RULE('fieldList', (): string[] => {
    const names: string[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: Comma, DEF: () => names.push(this.SUBRULE(this.fieldName)) });
    return names;
  });

  protected readonly fieldName = this.RULE('fieldName', (): string =>
    this.OR([
      { ALT: () => this.CONSUME(Identifier).image },
      { ALT: () => this.CONSUME(QuotedIdentifier).image.slice(1, -1) },
    ]),
  );

  // Boolean, comparison and arithmetic operations (CWL_QuerySyntax-operations-functions.html).

  protected readonly expression = this.RULE('expression', (): Expression => {
    let left = this.SUBRULE(this.andExpression);
    this.MANY(() => {
      this.CONSUME(Or);
      left = { kind: 'or', left, right: this.SUBRULE2(this.andExpression) };
    });
    return left;
  });

  protected readonly andExpression = this.RULE('andExpression', (): Expression => {
    let left = this.SUBRULE(this.notExpression);
    this.MANY(() => {
      this.CONSUME(And);
      left = { kind: 'and', left, right: this.SUBRULE2(this.notExpression) };
    });
    return left;
  });

  protected readonly notExpression = this.RULE('notExpression', (): Expression =>
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
  protected readonly comparison = this.RULE('comparison', (): Expression => {
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

  protected readonly likePattern = this.RULE('likePattern', (): Pattern =>
    this.OR([
      { ALT: (): Pattern => ({ kind: 'text', text: unquote(this.CONSUME(StringLiteral).image) }) },
      { ALT: (): Pattern => regexPattern(this.CONSUME(RegexLiteral).image) },
    ]),
  );

  protected readonly list = this.RULE('list', (): Expression[] => {
    const values: Expression[] = [];
    this.CONSUME(LBracket);
    this.MANY_SEP({ SEP: Comma, DEF: () => values.push(this.SUBRULE(this.additive)) });
    this.CONSUME(RBracket);
    return values;
  });

  protected readonly additive = this.RULE('additive', (): Expression => {
    let left = this.SUBRULE(this.multiplicative);
    this.MANY(() => {
      const operator = this.OR([{ ALT: () => this.CONSUME(Plus) }, { ALT: () => this.CONSUME(Minus) }]);
      const right = this.SUBRULE2(this.multiplicative);
      left = { kind: 'arithmetic', operator: operator.image as ArithmeticOperator, left, right };
    });
    return left;
  });

  protected readonly multiplicative = this.RULE('multiplicative', (): Expression => {
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

  protected readonly unary = this.RULE('unary', (): Expression =>
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

  protected readonly power = this.RULE('power', (): Expression => {
    const base = this.SUBRULE(this.primary);
    let result: Expression = base;
    this.OPTION(() => {
      this.CONSUME(Caret);
      result = { kind: 'arithmetic', operator: '^', left: base, right: this.SUBRULE(this.unary) };
    });
    return result;
  });

  protected readonly primary = this.RULE('primary', (): Expression =>
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
  protected readonly call = this.RULE('call', (): Expression => {
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

export function unquote(image: string): string {
  return image.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** `/re/flags`; a leading `(?i)` (Java's inline flag, which AWS's examples use) becomes the `i` flag. */
export function regexPattern(image: string): Pattern {
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
