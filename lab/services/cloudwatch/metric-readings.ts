/**
 * GetMetricStatistics and GetMetricData on the lab: CloudWatch keeps every datapoint, the lab
 * keeps none. It reads the SQS metrics it can (the queue attribute behind each, as its alarms
 * do: alarm-evaluator.ts) at the moment of the call and answers that value as the one datapoint
 * of the current period, when the period lies in the window asked for; any other metric has no
 * datapoints, as a metric nobody published has none on AWS. Validation in AWS's words, recorded
 * by LocalStack (tests/aws/services/cloudwatch/test_cloudwatch.snapshot.json,
 * test_invalid_amount_of_datapoints).
 */
import { ownProperty } from '../../common/own-property';
import {
  CloudWatchUnsupportedError,
  InvalidParameterCombinationError,
  InvalidParameterValueError,
  MissingParameterError,
} from './errors';

/** A metric's current value, or undefined when the lab cannot read it (AlarmEvaluator.readMetric). */
export type MetricReader = (
  namespace: string,
  metricName: string,
  dimensions: readonly { readonly Name: string; readonly Value: string }[],
) => Promise<number | undefined>;

/** The statistics a datapoint can carry, for a single sample. */
const STATISTICS: Readonly<Record<string, (value: number) => number>> = {
  SampleCount: () => 1,
  Average: (value) => value,
  Sum: (value) => value,
  Minimum: (value) => value,
  Maximum: (value) => value,
};

/** CloudWatch's limit of datapoints per GetMetricStatistics call. */
const MAX_DATAPOINTS = 1440;

type Input = Readonly<Record<string, unknown>>;
type Dimensions = { Name: string; Value: string }[];

/** GetMetricStatistics: at most one datapoint, the current period's, with the statistics asked for. */
export async function metricStatistics(input: Input, read: MetricReader, now: Date): Promise<Record<string, unknown>> {
  const namespace = String(required(input, 'Namespace'));
  const metricName = String(required(input, 'MetricName'));
  const window = timeWindow(input, Number(required(input, 'Period')));
  const requested = window.seconds / window.period;
  if (requested > MAX_DATAPOINTS)
    throw new InvalidParameterCombinationError(
      `You have requested up to ${Math.ceil(requested)} datapoints, which exceeds the limit of ${MAX_DATAPOINTS}. You may reduce the datapoints requested by increasing Period, or decreasing the time range.`,
    );
  const statistics = Array.isArray(input.Statistics) ? input.Statistics.map(String) : [];
  const reading = await readingInWindow(read, namespace, metricName, dimensionsOf(input.Dimensions), window, now);
  const datapoints =
    reading === undefined
      ? []
      : [
          {
            Timestamp: reading.timestamp,
            ...Object.fromEntries(
              statistics.flatMap((name) => {
                const statistic = ownProperty(STATISTICS, name);
                return statistic === undefined ? [] : [[name, statistic(reading.value)]];
              }),
            ),
            Unit: 'Count',
          },
        ];
  return { Label: metricName, Datapoints: datapoints };
}

/** GetMetricData: each MetricStat query's current-period reading; expressions are not evaluated. */
export async function metricData(input: Input, read: MetricReader, now: Date): Promise<Record<string, unknown>> {
  const queries = Array.isArray(input.MetricDataQueries) ? (input.MetricDataQueries as Input[]) : [];
  const results = [];
  for (const query of queries) {
    if (query.ReturnData === false || query.ReturnData === 'false') continue;
    const stat = query.MetricStat as Input | undefined;
    const metric = stat?.Metric as Input | undefined;
    if (stat === undefined || metric === undefined)
      throw new CloudWatchUnsupportedError(
        `the lab's CloudWatch answers MetricStat queries, not expressions (query ${String(query.Id)})`,
      );
    const metricName = String(metric.MetricName ?? '');
    const window = timeWindow(input, Number(stat.Period));
    const reading = await readingInWindow(
      read,
      String(metric.Namespace ?? ''),
      metricName,
      dimensionsOf(metric.Dimensions),
      window,
      now,
    );
    results.push({
      Id: String(query.Id ?? ''),
      Label: typeof query.Label === 'string' ? query.Label : metricName,
      Timestamps: reading === undefined ? [] : [reading.timestamp],
      Values: reading === undefined ? [] : [reading.value],
      StatusCode: 'Complete',
    });
  }
  return { MetricDataResults: results, Messages: [] };
}

interface TimeWindow {
  readonly start: Date;
  readonly end: Date;
  /** Seconds. */
  readonly period: number;
  readonly seconds: number;
}

function timeWindow(input: Input, period: number): TimeWindow {
  const start = required(input, 'StartTime');
  const end = required(input, 'EndTime');
  if (
    !(start instanceof Date) ||
    !(end instanceof Date) ||
    Number.isNaN(start.getTime()) ||
    Number.isNaN(end.getTime())
  )
    throw new InvalidParameterValueError('The parameters StartTime and EndTime must be timestamps.');
  if (start >= end)
    throw new InvalidParameterValueError('The parameter StartTime must be less than the parameter EndTime.');
  if (!Number.isInteger(period) || period < 1)
    throw new InvalidParameterValueError('The parameter Period must be a positive whole number of seconds.');
  return { start, end, period, seconds: (end.getTime() - start.getTime()) / 1000 };
}

/** The value now, stamped with the start of the current period, if that start lies in the window. */
async function readingInWindow(
  read: MetricReader,
  namespace: string,
  metricName: string,
  dimensions: Dimensions,
  window: TimeWindow,
  now: Date,
): Promise<{ timestamp: Date; value: number } | undefined> {
  const periodMs = window.period * 1000;
  const timestamp = new Date(Math.floor(now.getTime() / periodMs) * periodMs);
  if (timestamp < window.start || timestamp >= window.end) return undefined;
  const value = await read(namespace, metricName, dimensions);
  return value === undefined ? undefined : { timestamp, value };
}

function dimensionsOf(value: unknown): Dimensions {
  return Array.isArray(value)
    ? value.map((item: Input) => ({ Name: String(item.Name ?? ''), Value: String(item.Value ?? '') }))
    : [];
}

function required(input: Input, name: string): unknown {
  const value = input[name];
  if (value === undefined || value === null) throw new MissingParameterError(name);
  return value;
}
