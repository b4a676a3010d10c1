/**
 * What one request writes to CloudWatch Logs, per stack, for the body the worst-case bill assumes
 * (cost/worst-case-bill.ts): every line the producer and the worker write, and Lambda's platform
 * records (JSON log format: `platform.start`, `platform.runtimeDone`, `platform.report`…), in the
 * bytes PutLogEvents counts. Measured on the lab with the stacks' real handlers, full batches
 * (test/lab/cost/log-volume.test.ts measures again and fails when a handler's logging moves the
 * figure by more than 15 %).
 */

/** Bytes of one log event as PutLogEvents counts them: its message in UTF-8 plus 26 (CloudWatch Logs quotas). */
export function logEventBytes(message: string): number {
  return Buffer.byteLength(message) + 26;
}

/**
 * Bytes per request: Step 7's `{"id":…,"sleep":0,"sendTwice":true}` (two deliveries, the second a
 * duplicate the guard skips) and Step 8's `{"count":100,"failEvery":2}` (ten batches, then the
 * fifty failures received once more before the DLQ takes them).
 */
export const LOG_BYTES_PER_REQUEST = {
  VisibilityDupStack: 4217,
  BatchPartialStack: 92_771,
} as const;
