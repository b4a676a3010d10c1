/**
 * The `event` of every line the handlers write (lambda/commons/logger.ts): the stable names a
 * Logs Insights query, the lab's experiments, chaos runs and console read. The Logger takes only
 * these, and the readers compare against this type, so renaming an event here fails to compile
 * wherever it is written or read.
 */
const LOG_EVENTS = [
  // The producers (lambda/commons/enqueue-endpoint.ts, lambda/*/producer.ts).
  'enqueued',
  'enqueued-again',
  'rejected',
  'enqueue-failed',
  // Step 7's worker (lambda/visibility-dup/process-job.ts): one delivery, its guard and heartbeat.
  'start',
  'completed',
  'duplicate-skipped',
  'duplicate-in-progress',
  'claim-lost',
  'release-failed',
  'work-failed',
  'heartbeat',
  'heartbeat-failed',
  'heartbeat-ceiling',
  'visibility-released',
  // Both workers: a body that is not a job.
  'invalid-message',
  // Step 8's worker (lambda/batch-partial/): one record, then the batch.
  'ok',
  'fail',
  'batch-done',
  'batch-failed',
  // The queue's VisibilityTimeout custom resource (lambda/queue-visibility/).
  'visibility-timeout-applied',
  'visibility-timeout-left',
  'visibility-timeout-failed',
] as const;

/** One event name a handler writes. */
export type LogEvent = (typeof LOG_EVENTS)[number];

const NAMES: ReadonlySet<unknown> = new Set(LOG_EVENTS);

/**
 * A parsed line's `event` when it is a name the handlers write, else undefined (a line of another
 * writer, or one without an event). Readers compare what this returns, so each name they look
 * for is checked against {@link LogEvent}.
 */
export function logEventOf(line: { readonly event?: unknown }): LogEvent | undefined {
  const { event } = line;
  return isLogEvent(event) ? event : undefined;
}

/** Whether a parsed line's `event` is one of `events`. */
export function logEventIn(line: { readonly event?: unknown }, events: ReadonlySet<LogEvent>): boolean {
  const names: ReadonlySet<unknown> = events;
  return names.has(line.event);
}

function isLogEvent(value: unknown): value is LogEvent {
  return NAMES.has(value);
}
