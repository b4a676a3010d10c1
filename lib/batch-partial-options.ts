/**
 * The BatchPartialStack switches, parsed from CDK context (`-c batchSize=1`) or lab flags.
 *
 * `cdk -c name=value` always hands over strings while `cdk.json` gives JSON values, so both
 * `true` and `"true"`, `10` and `"10"` are accepted. No CDK imports: the lab reuses this.
 */
import { describeSwitchValue, parseBooleanSwitch } from './boolean-switch';
import { InvalidBatchPartialOptionError } from './errors';
import { BATCH_PARTIAL } from './settings';
import { type BatchPartialOptions, DEFAULT_BATCH_PARTIAL_OPTIONS } from './topology';

/** The switches as they arrive: absent, JSON values, or strings. */
export interface RawBatchPartialOptions {
  readonly batchSize?: unknown;
  readonly reportBatchItemFailures?: unknown;
}

/** The event filter switch as it arrives (`-c eventFilter=true`): absent, a JSON value, or a string. */
export interface RawEventFilterOption {
  readonly eventFilter?: unknown;
}

/**
 * Validates the switches and fills in the defaults for absent ones.
 * @throws InvalidBatchPartialOptionError naming the valid values.
 */
export function parseBatchPartialOptions(raw: RawBatchPartialOptions): BatchPartialOptions {
  return {
    batchSize: parseBatchSize(raw.batchSize),
    reportBatchItemFailures: parseReportBatchItemFailures(raw.reportBatchItemFailures),
  };
}

function parseBatchSize(value: unknown): number {
  if (value === undefined) return DEFAULT_BATCH_PARTIAL_OPTIONS.batchSize;
  const max = BATCH_PARTIAL.maxBatchSize;
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max) {
    throw new InvalidBatchPartialOptionError(
      `batchSize must be an integer from 1 to ${max} (Lambda's limit for an SQS mapping without a batching window), got ${describeSwitchValue(value)}.`,
    );
  }
  return parsed;
}

/**
 * BatchPartialStack's event filter switch: `true` gives the worker's mapping the FilterCriteria
 * `BATCH_EVENT_FILTER_PATTERN`; absent means no filter, as deployed by default.
 * @throws InvalidBatchPartialOptionError naming the valid values.
 */
export function parseEventFilterOption(raw: RawEventFilterOption): boolean {
  return parseBooleanSwitch('eventFilter', raw.eventFilter, false);
}

function parseReportBatchItemFailures(value: unknown): boolean {
  return parseBooleanSwitch('reportBatchItemFailures', value, DEFAULT_BATCH_PARTIAL_OPTIONS.reportBatchItemFailures);
}
