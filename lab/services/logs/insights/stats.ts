/**
 * `stats`: rows grouped by the `by` expressions, each group reduced by the aggregate functions
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CWL_QuerySyntax-Stats.html and
 * "Aggregation functions in the stats command" of CWL_QuerySyntax-operations-functions.html):
 * `count(*)`/`count()`, `count(field)`, `count_distinct`, `min`, `max`, `avg`, `sum`, `stddev`,
 * `pct(field, n)` (alias `percentile`), `earliest` and `latest`. A result row holds the groups'
 * columns first, then the aggregates', in the order the command names them.
 */
import type { Expression, NamedExpression, QueryValue } from './query-ast';
import { evaluate, numberOf, type Row, textOf } from './expressions';

/** The aggregate functions `stats` takes. */
export const AGGREGATES: ReadonlySet<string> = new Set([
  'count',
  'count_distinct',
  'min',
  'max',
  'avg',
  'sum',
  'stddev',
  'pct',
  'percentile',
  'earliest',
  'latest',
]);

/** One group's running state of one aggregate. */
interface Accumulator {
  add(row: Row): void;
  result(): QueryValue;
}

/** Runs `stats aggregates by groups` over `rows`; the groups come in the order their first row came. */
export function runStats(
  rows: readonly Row[],
  aggregates: readonly NamedExpression[],
  groups: readonly NamedExpression[],
): Row[] {
  const buckets = new Map<string, { keys: QueryValue[]; accumulators: Accumulator[] }>();
  for (const row of rows) {
    const keys = groups.map((group) => evaluate(group.expression, row));
    const id = JSON.stringify(keys.map((key) => (key === undefined ? null : [typeof key, textOf(key)])));
    let bucket = buckets.get(id);
    if (bucket === undefined) {
      bucket = { keys, accumulators: aggregates.map((aggregate) => accumulatorOf(aggregate.expression)) };
      buckets.set(id, bucket);
    }
    for (const accumulator of bucket.accumulators) accumulator.add(row);
  }
  return [...buckets.values()].map(({ keys, accumulators }) => {
    const row: Row = {};
    groups.forEach((group, index) => (row[group.name] = keys[index]));
    aggregates.forEach((aggregate, index) => (row[aggregate.name] = accumulators[index]?.result()));
    return row;
  });
}

/** The accumulator of an aggregate call (the parser and the validator guarantee a call of {@link AGGREGATES}). */
function accumulatorOf(expression: Expression): Accumulator {
  if (expression.kind !== 'call') throw new TypeError('stats takes aggregate functions');
  const [argument = { kind: 'star' }, second] = expression.args;
  const valueOf = (row: Row): QueryValue => evaluate(argument, row);
  switch (expression.name) {
    case 'count': {
      let count = 0;
      return {
        add: (row) => {
          if (argument.kind === 'star' || valueOf(row) !== undefined) count += 1;
        },
        result: () => count,
      };
    }
    case 'count_distinct': {
      const seen = new Set<string>();
      return {
        add: (row) => {
          const value = valueOf(row);
          if (value !== undefined) seen.add(textOf(value));
        },
        result: () => seen.size,
      };
    }
    case 'earliest':
    case 'latest': {
      const latest = expression.name === 'latest';
      let best: { time: number; value: QueryValue } | undefined;
      return {
        add: (row) => {
          const value = valueOf(row);
          const time = numberOf(row['@timestamp']);
          if (value === undefined || time === undefined) return;
          if (best === undefined || (latest ? time >= best.time : time < best.time)) best = { time, value };
        },
        result: () => best?.value,
      };
    }
    case 'min':
    case 'max':
      return extremeOf(valueOf, expression.name === 'max');
    default:
      return numericOf(expression.name, valueOf, numberOf(second === undefined ? undefined : evaluate(second, {})));
  }
}

/** min and max: of numbers (a time stays a time), else of text. */
function extremeOf(valueOf: (row: Row) => QueryValue, max: boolean): Accumulator {
  let best: QueryValue;
  let bestNumber: number | undefined;
  return {
    add: (row) => {
      const value = valueOf(row);
      if (value === undefined) return;
      const number = numberOf(value);
      const better =
        best === undefined ||
        (number !== undefined && bestNumber !== undefined
          ? max
            ? number > bestNumber
            : number < bestNumber
          : max
            ? textOf(value) > textOf(best)
            : textOf(value) < textOf(best));
      if (better) {
        best = value;
        bestNumber = number;
      }
    },
    result: () => best,
  };
}

/** avg, sum, stddev and pct over the numeric values. */
function numericOf(name: string, valueOf: (row: Row) => QueryValue, percentile: number | undefined): Accumulator {
  const values: number[] = [];
  return {
    add: (row) => {
      const number = numberOf(valueOf(row));
      if (number !== undefined) values.push(number);
    },
    result: () => {
      if (values.length === 0) return undefined;
      const sum = values.reduce((total, value) => total + value, 0);
      switch (name) {
        case 'sum':
          return sum;
        case 'avg':
          return sum / values.length;
        case 'stddev': {
          const mean = sum / values.length;
          return Math.sqrt(values.reduce((total, value) => total + (value - mean) ** 2, 0) / values.length);
        }
        default:
          return nearestRank(values, percentile ?? 50);
      }
    },
  };
}

/**
 * The `n`th percentile by nearest rank: the smallest value that at least n % of the values do
 * not exceed. AWS computes pct approximately on large sets; on the few hundred values of a lab
 * run, nearest rank is the exact answer.
 */
export function nearestRank(values: number[], percentile: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((percentile / 100) * sorted.length)));
  return sorted[rank - 1];
}
