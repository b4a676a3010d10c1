/**
 * CDK context `queueSettleSeconds` (`-c queueSettleSeconds=60`): how long the Raise step around
 * an event source mapping waits after raising the queue's visibility timeout, so that Lambda's
 * check sees the raised value (lib/constructs/mapping-visibility-window.ts). On AWS keep the
 * default, SQS's documented worst case; the local lab synthesizes with a fraction of a second
 * matched to its own simulated propagation delay. No CDK imports: the lab and the custom
 * resource's handler reuse this.
 */
import { InvalidBatchPartialOptionError } from './errors';
import { DEFAULT_QUEUE_SETTLE_SECONDS, MAX_QUEUE_SETTLE_SECONDS } from './settings';

/** Digits, then at most one decimal: tenths of a second are fine enough for a settle time. */
const AT_MOST_ONE_DECIMAL = /^\d+(\.\d)?$/;

/**
 * A number of seconds written with at most one decimal (`0.4`, `"0.4"`, `" 60 "`), as a number;
 * undefined for anything else (negative, more decimals, a unit, not a number or string).
 * CloudFormation sends a custom resource's numbers as strings, cdk.json as numbers, `-c` as strings.
 */
export function secondsWithOneDecimalOf(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  return text !== undefined && AT_MOST_ONE_DECIMAL.test(text) ? Number(text) : undefined;
}

/**
 * The settle time in seconds: the default when absent, else a number from 0 to
 * `MAX_QUEUE_SETTLE_SECONDS` with at most one decimal (a JSON number from cdk.json or a string from `-c`).
 * @throws InvalidBatchPartialOptionError (the deploy-time switch error) naming the valid values.
 */
export function parseQueueSettleSeconds(value: unknown): number {
  if (value === undefined) return DEFAULT_QUEUE_SETTLE_SECONDS;
  const parsed = secondsWithOneDecimalOf(value);
  if (parsed === undefined || parsed > MAX_QUEUE_SETTLE_SECONDS) {
    const shown =
      typeof value === 'string' || (typeof value === 'object' && value !== null)
        ? JSON.stringify(value)
        : String(value);
    throw new InvalidBatchPartialOptionError(
      `queueSettleSeconds must be a number of seconds from 0 to ${MAX_QUEUE_SETTLE_SECONDS} with at most one decimal, such as 0.4 (default ${DEFAULT_QUEUE_SETTLE_SECONDS}, the 60 s SQS documents for a queue attribute change to propagate; keep it on AWS), got ${shown}.`,
    );
  }
  return parsed;
}
