/**
 * An SQS event source mapping's settings, named as CloudFormation (AWS::Lambda::EventSourceMapping)
 * and the Lambda API name them, and the checks CreateEventSourceMapping and
 * UpdateEventSourceMapping make, with Lambda's own messages.
 */
import {
  constraintMessage,
  InvalidFilterPatternError,
  InvalidParameterValueError,
  MappingValidationError,
} from '../errors';
import { compileFilterCriteria, type FilterCriteria, type RecordFilter } from './filter-criteria';
import { MAX_MAXIMUM_CONCURRENCY, MIN_MAXIMUM_CONCURRENCY } from './scaling';

/** The properties the lab honours. Absent ones take Lambda's defaults. */
export interface EventSourceMappingProperties {
  /** Records per batch: 1–10, or up to 10 000 with a batching window (default 10). */
  readonly BatchSize?: number;
  /** Whether the mapping polls (default true). */
  readonly Enabled?: boolean;
  /** `['ReportBatchItemFailures']` turns on partial batch responses. */
  readonly FunctionResponseTypes?: readonly string[];
  /** Seconds spent gathering records before invoking, 0–300 (default 0). */
  readonly MaximumBatchingWindowInSeconds?: number;
  /** Caps concurrent invocations from this mapping (2–1000). */
  readonly ScalingConfig?: { readonly MaximumConcurrency?: number };
  /** Up to five patterns; a message that matches none is deleted without invoking the function. */
  readonly FilterCriteria?: FilterCriteria;
}

/** The function settings a mapping depends on. */
export interface MappedFunctionSettings {
  /** The function timeout, in seconds (`Timeout`). */
  readonly timeoutSeconds: number;
  /** `ReservedConcurrentExecutions`; undefined when the function has none. */
  readonly reservedConcurrency?: number;
}

/** The properties with Lambda's defaults filled in. */
export interface ResolvedMappingProperties {
  readonly batchSize: number;
  readonly enabled: boolean;
  readonly reportBatchItemFailures: boolean;
  readonly batchingWindowSeconds: number;
  readonly maximumConcurrency: number | undefined;
  /** The compiled `FilterCriteria` (no patterns: every message goes to the function). */
  readonly filter: RecordFilter;
  readonly filterCriteria: FilterCriteria | undefined;
}

/** Lambda's defaults for an SQS mapping. */
export const DEFAULT_SQS_BATCH_SIZE = 10;
/** Largest batch size without a batching window (standard queues). */
export const MAX_BATCH_SIZE_WITHOUT_WINDOW = 10;
/** Largest batch size with a batching window (standard queues). */
export const MAX_BATCH_SIZE_WITH_WINDOW = 10_000;
export const MAX_BATCHING_WINDOW_SECONDS = 300;

function constraint(value: unknown, path: string, rule: string): MappingValidationError {
  return new MappingValidationError(constraintMessage(value, path, rule));
}

/** Resolves defaults and checks every property that needs no AWS call; throws a named Lambda error. */
export function resolveMappingProperties(properties: EventSourceMappingProperties): ResolvedMappingProperties {
  const batchSize = properties.BatchSize ?? DEFAULT_SQS_BATCH_SIZE;
  const window = properties.MaximumBatchingWindowInSeconds ?? 0;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw constraint(batchSize, 'batchSize', 'Member must have value greater than or equal to 1');
  if (batchSize > MAX_BATCH_SIZE_WITH_WINDOW)
    throw constraint(
      batchSize,
      'batchSize',
      `Member must have value less than or equal to ${MAX_BATCH_SIZE_WITH_WINDOW}`,
    );
  if (!Number.isInteger(window) || window < 0)
    throw constraint(window, 'maximumBatchingWindowInSeconds', 'Member must have value greater than or equal to 0');
  if (window > MAX_BATCHING_WINDOW_SECONDS)
    throw constraint(
      window,
      'maximumBatchingWindowInSeconds',
      `Member must have value less than or equal to ${MAX_BATCHING_WINDOW_SECONDS}`,
    );
  if (batchSize > MAX_BATCH_SIZE_WITHOUT_WINDOW && window === 0) {
    throw new InvalidParameterValueError(
      'Maximum batch window in seconds must be greater than 0 if maximum batch size is greater than 10',
    );
  }
  const types = properties.FunctionResponseTypes ?? [];
  for (const type of types) {
    if (type !== 'ReportBatchItemFailures')
      throw constraint(
        `[${types.join(', ')}]`,
        'functionResponseTypes',
        'Member must satisfy enum value set: [ReportBatchItemFailures]',
      );
  }
  const maximumConcurrency = properties.ScalingConfig?.MaximumConcurrency;
  if (maximumConcurrency !== undefined) {
    if (!Number.isInteger(maximumConcurrency) || maximumConcurrency < MIN_MAXIMUM_CONCURRENCY)
      throw constraint(
        maximumConcurrency,
        'scalingConfig.maximumConcurrency',
        `Member must have value greater than or equal to ${MIN_MAXIMUM_CONCURRENCY}`,
      );
    if (maximumConcurrency > MAX_MAXIMUM_CONCURRENCY)
      throw constraint(
        maximumConcurrency,
        'scalingConfig.maximumConcurrency',
        `Member must have value less than or equal to ${MAX_MAXIMUM_CONCURRENCY}`,
      );
  }
  let filter: RecordFilter;
  try {
    filter = compileFilterCriteria(properties.FilterCriteria);
  } catch (error) {
    if (!(error instanceof InvalidFilterPatternError)) throw error;
    throw new InvalidParameterValueError(`Invalid filter pattern definition: ${error.message}`, { cause: error });
  }
  return {
    filter,
    filterCriteria: properties.FilterCriteria,
    batchSize,
    enabled: properties.Enabled ?? true,
    reportBatchItemFailures: types.includes('ReportBatchItemFailures'),
    batchingWindowSeconds: window,
    maximumConcurrency,
  };
}

/** The resolved properties as CloudFormation names them, defaults included (what a mapping has in force). */
export function unresolveMappingProperties(resolved: ResolvedMappingProperties): EventSourceMappingProperties {
  const { batchSize, enabled, reportBatchItemFailures, batchingWindowSeconds, maximumConcurrency, filterCriteria } =
    resolved;
  return {
    ...(filterCriteria === undefined ? {} : { FilterCriteria: filterCriteria }),
    BatchSize: batchSize,
    Enabled: enabled,
    FunctionResponseTypes: reportBatchItemFailures ? ['ReportBatchItemFailures'] : [],
    MaximumBatchingWindowInSeconds: batchingWindowSeconds,
    ...(maximumConcurrency === undefined ? {} : { ScalingConfig: { MaximumConcurrency: maximumConcurrency } }),
  };
}

/**
 * Lambda's check on create **and** update: the queue's visibility timeout, as it is at that
 * moment, must be at least the function timeout. A later change of the queue is not checked.
 */
export function checkVisibilityTimeout(visibilityTimeoutSeconds: number, functionTimeoutSeconds: number): void {
  if (!(visibilityTimeoutSeconds >= functionTimeoutSeconds)) {
    throw new InvalidParameterValueError(
      `Queue visibility timeout: ${visibilityTimeoutSeconds} seconds is less than Function timeout: ${functionTimeoutSeconds} seconds`,
    );
  }
}
