/**
 * Logs Insights QL, text → {@link Query}: a chevrotain lexer and parser (an LL(k) grammar
 * written in TypeScript; chevrotain is a maintained parsing library, pure JS, with typed
 * tokens that carry their offsets, so a query that does not parse is refused at the offset of
 * the symbol that broke it). The grammar follows the command pages under
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CWL_QuerySyntax.html; each rule names
 * its page. A query that does not parse throws {@link MalformedQueryError}.
 */
import { EOF, tokenMatcher } from 'chevrotain';
import { MalformedQueryError } from '../errors';
import type { Command, NamedExpression, Pattern, Query, SortKey } from './query-ast';
import { ExpressionParser, regexPattern, unquote } from './query-expression-parser';
import {
  As,
  Asc,
  By,
  Comma,
  Dedup,
  Desc,
  Display,
  Fields,
  Filter,
  lexer,
  Limit,
  NumberLiteral,
  Parse,
  Pipe,
  RegexLiteral,
  Sort,
  Stats,
  StringLiteral,
} from './query-tokens';

/** The whole grammar: the commands, on the expressions of {@link ExpressionParser}. */
class QueryParser extends ExpressionParser {
  constructor() {
    super();
    // Both halves' rules are defined by now (the subclass's fields after the base's): analyse them as one grammar.
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
