/**
 * The BatchPartialStack switches, parsed from CDK context (`-c batchSize=1`) or lab flags.
 *
 * `cdk -c name=value` always hands over strings while `cdk.json` gives JSON values, so both
 * `true` and `"true"`, `10` and `"10"` are accepted. No CDK imports: the lab reuses this.
 */
import { InvalidBatchPartialOptionError } from './errors';
import { BATCH_PARTIAL } from './settings';
import { type BatchPartialOptions, DEFAULT_BATCH_PARTIAL_OPTIONS } from './topology';

/** The switches as they arrive: absent, JSON values, or strings. */
export interface RawBatchPartialOptions {
  readonly batchSize?: unknown;
  readonly reportBatchItemFailures?: unknown;
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
      `batchSize must be an integer from 1 to ${max} (Lambda's limit for an SQS mapping without a batching window), got ${describe(value)}.`,
    );
  }
  return parsed;
}

function parseReportBatchItemFailures(value: unknown): boolean {
  if (value === undefined) return DEFAULT_BATCH_PARTIAL_OPTIONS.reportBatchItemFailures;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new InvalidBatchPartialOptionError(`reportBatchItemFailures must be true or false, got ${describe(value)}.`);
}

function describe(value: unknown): string {
  return typeof value === 'string' || (typeof value === 'object' && value !== null)
    ? JSON.stringify(value)
    : String(value);
}
