/**
 * CDK context `queueSettleSeconds` (`-c queueSettleSeconds=60`): how long the Raise step around
 * an event source mapping waits after raising the queue's visibility timeout, so that Lambda's
 * check sees the raised value (lib/constructs/mapping-visibility-window.ts). On AWS keep the
 * default, SQS's documented worst case; the local lab synthesizes with a value matched to its
 * own simulated propagation delay. No CDK imports: the lab reuses this.
 */
import { InvalidBatchPartialOptionError } from './errors';
import { DEFAULT_QUEUE_SETTLE_SECONDS, MAX_QUEUE_SETTLE_SECONDS } from './settings';

/**
 * The settle time in seconds: the default when absent, else a whole number from 0 to
 * `MAX_QUEUE_SETTLE_SECONDS` (a JSON number from cdk.json or a string from `-c`).
 * @throws InvalidBatchPartialOptionError (the deploy-time switch error) naming the valid values.
 */
export function parseQueueSettleSeconds(value: unknown): number {
  if (value === undefined) return DEFAULT_QUEUE_SETTLE_SECONDS;
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > MAX_QUEUE_SETTLE_SECONDS) {
    const shown =
      typeof value === 'string' || (typeof value === 'object' && value !== null)
        ? JSON.stringify(value)
        : String(value);
    throw new InvalidBatchPartialOptionError(
      `queueSettleSeconds must be a whole number of seconds from 0 to ${MAX_QUEUE_SETTLE_SECONDS} (default ${DEFAULT_QUEUE_SETTLE_SECONDS}, the 60 s SQS documents for a queue attribute change to propagate; keep it on AWS), got ${shown}.`,
    );
  }
  return parsed;
}
