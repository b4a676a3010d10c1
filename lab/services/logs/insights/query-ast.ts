/**
 * The syntax tree of a CloudWatch Logs Insights query (Logs Insights QL), as
 * {@link parseQuery} (query-parser.ts) builds it and the evaluator (query-evaluator.ts) runs it:
 * a pipeline of commands separated by `|`, each over the rows the previous one left
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CWL_QuerySyntax.html).
 */

/**
 * A value an expression yields: a Date is a time (`@timestamp`, `bin(…)`), shown as
 * `2026-11-23 07:18:44.123`; `undefined` is a field the event does not have.
 */
export type QueryValue = string | number | boolean | Date | undefined;

/** A comparison operator of `filter` (CWL_QuerySyntax-operations-functions.html, "Comparison operations"). */
export type CompareOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** An arithmetic operator (same page, "Arithmetic operations"). */
export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%' | '^';

/** An expression: a field, a literal, an operation, or a function call. */
export type Expression =
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'literal'; readonly value: string | number | boolean }
  /** `*` as the argument of `count(*)`. */
  | { readonly kind: 'star' }
  /** A time period, the argument of `bin(…)`: `1m`, `30s`, `1h` (in ms). */
  | { readonly kind: 'period'; readonly milliseconds: number }
  | {
      readonly kind: 'arithmetic';
      readonly operator: ArithmeticOperator;
      readonly left: Expression;
      readonly right: Expression;
    }
  | { readonly kind: 'negate'; readonly operand: Expression }
  | {
      readonly kind: 'compare';
      readonly operator: CompareOperator;
      readonly left: Expression;
      readonly right: Expression;
    }
  /** `like "text"` (substring), `like /re/` and `=~ /re/` (regular expression), optionally `not like`. */
  | { readonly kind: 'like'; readonly negated: boolean; readonly subject: Expression; readonly pattern: Pattern }
  | {
      readonly kind: 'in';
      readonly negated: boolean;
      readonly subject: Expression;
      readonly values: readonly Expression[];
    }
  | { readonly kind: 'and' | 'or'; readonly left: Expression; readonly right: Expression }
  | { readonly kind: 'not'; readonly operand: Expression }
  | {
      readonly kind: 'call';
      readonly name: string;
      readonly args: readonly Expression[];
      readonly start: number;
      readonly end: number;
    };

/** A pattern of `like`, `=~` or `parse`: a text (a substring, or a glob for `parse`) or a regular expression. */
export type Pattern =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'regex'; readonly source: string; readonly flags: string };

/** An expression and the column it makes: its alias, or its text in the query. */
export interface NamedExpression {
  readonly expression: Expression;
  readonly name: string;
}

/** One sort key. */
export interface SortKey extends NamedExpression {
  readonly descending: boolean;
}

/** One command of the pipeline. */
export type Command =
  | { readonly kind: 'fields'; readonly items: readonly NamedExpression[] }
  | { readonly kind: 'display'; readonly fields: readonly string[] }
  | { readonly kind: 'filter'; readonly condition: Expression }
  | { readonly kind: 'sort'; readonly keys: readonly SortKey[] }
  | { readonly kind: 'limit'; readonly count: number }
  | { readonly kind: 'dedup'; readonly fields: readonly string[] }
  | { readonly kind: 'parse'; readonly source: string; readonly pattern: Pattern; readonly names: readonly string[] }
  | {
      readonly kind: 'stats';
      readonly aggregates: readonly NamedExpression[];
      readonly groups: readonly NamedExpression[];
    };

/** A parsed query: its commands in order. */
export interface Query {
  readonly commands: readonly Command[];
}
