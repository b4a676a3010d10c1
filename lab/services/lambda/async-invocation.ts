/**
 * Lambda's asynchronous invocation (InvocationType `Event`, SNS and S3 invoking a function, and
 * how CloudFormation invokes a custom resource's function): the event waits in Lambda's own
 * queue, and
 *
 * - an attempt the account's concurrency throttles is retried: "Lambda returns the event to the
 *   queue and attempts to run the function again for up to 6 hours … The retry interval increases
 *   exponentially from 1 second" (Lambda developer guide, "How Lambda handles errors and retries
 *   with asynchronous invocation");
 * - an attempt that ends in a function error (or a timeout) is retried `maximumRetryAttempts`
 *   times, one minute and then two minutes later, while the event is younger than its maximum age;
 * - the last attempt's record goes to the `onSuccess` or `onFailure` destination, if any
 *   (event-invoke-config.ts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { TooManyRequestsError } from './errors';
import {
  ASYNC_RETRY_DELAYS_MS,
  DEFAULT_EVENT_INVOKE_CONFIG,
  type EventInvokeConfig,
  type InvocationCondition,
  type InvocationRecord,
  invocationRecord,
} from './event-invoke-config';
import type { Invocable, InvocationResult } from './runtime/local-function';

/** How long a throttled event is retried: Lambda's 6 hours. */
export const ASYNC_THROTTLE_RETRY_MS = 6 * 3600 * 1000;

/** First and longest pause between attempts of a throttled event. */
const PAUSE_MS = { first: 100, longest: 1000 } as const;

/** Sends an invocation record to a destination ARN; a refusal is thrown. */
export type DestinationSender = (destinationArn: string, record: InvocationRecord) => Promise<void>;

/** What an asynchronous invocation follows and reports to. */
export interface AsyncInvocationOptions {
  /** The function's EventInvokeConfig; Lambda's defaults without one. */
  readonly config?: EventInvokeConfig;
  /** The function's ARN, for the invocation record. */
  readonly functionArn?: string;
  /** Sends the record to the config's destination. */
  readonly sendRecord?: DestinationSender;
  /** Told when a record could not be sent (the destination refused). */
  readonly onRecordFailed?: (destinationArn: string, error: unknown) => void;
  /** How long a throttled event is retried (default 6 hours). */
  readonly throttleRetryMs?: number;
  /** The waits before the second and third attempts (Lambda's one and two minutes by default). */
  readonly retryDelaysMs?: readonly number[];
  /** Waits `ms` (a test passes its own clock); rejects when `signal` aborts. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly now?: () => number;
  /** Ends the retries (the lab stopping). */
  readonly signal?: AbortSignal;
}

/**
 * Runs `event` on `fn` as Lambda runs an asynchronous invocation; resolves with the last
 * attempt's result (undefined when the event aged out or the retries were stopped before one ran).
 */
export async function invokeAsynchronously(
  fn: Invocable,
  event: unknown,
  options: AsyncInvocationOptions = {},
): Promise<InvocationResult | undefined> {
  const config = options.config ?? DEFAULT_EVENT_INVOKE_CONFIG;
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => sleepFor(ms, undefined, { signal }));
  const now = options.now ?? Date.now;
  const queuedAt = now();
  const expiresAt = queuedAt + config.maximumEventAgeSeconds * 1000;
  const delays = options.retryDelaysMs ?? ASYNC_RETRY_DELAYS_MS;
  let result: InvocationResult | undefined;
  let attempts = 0;
  let condition: InvocationCondition = 'RetriesExhausted';
  for (;;) {
    if (now() > expiresAt) {
      condition = 'EventAgeExceeded';
      break;
    }
    const retryMs = Math.min(options.throttleRetryMs ?? ASYNC_THROTTLE_RETRY_MS, expiresAt - now());
    result = await attempt(fn, event, { retryMs, sleep, now, signal: options.signal });
    attempts += 1;
    if (result.status === 'success') {
      condition = 'Success';
      break;
    }
    if (attempts > config.maximumRetryAttempts) break;
    const delay = delays[Math.min(attempts - 1, delays.length - 1)] ?? 0;
    if (now() + delay > expiresAt) {
      condition = 'EventAgeExceeded';
      break;
    }
    try {
      await sleep(delay, options.signal);
    } catch {
      return result;
    }
  }
  const destination = condition === 'Success' ? config.onSuccess : config.onFailure;
  if (destination !== undefined && options.sendRecord !== undefined) {
    const record = invocationRecord({
      functionArn: options.functionArn ?? fn.ref.functionName,
      event,
      result,
      requestId: result?.requestId ?? randomUUID(),
      condition,
      attempts,
      at: new Date(now()),
    });
    await options
      .sendRecord(destination, record)
      .catch((error: unknown) => options.onRecordFailed?.(destination, error));
  }
  return result;
}

/** One attempt, retried while the account's concurrency throttles it, up to `retryMs`. */
async function attempt(
  fn: Invocable,
  event: unknown,
  clock: {
    readonly retryMs: number;
    readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
    readonly now: () => number;
    readonly signal: AbortSignal | undefined;
  },
): Promise<InvocationResult> {
  const { sleep, now, signal } = clock;
  const giveUpAt = now() + clock.retryMs;
  let pause: number = PAUSE_MS.first;
  for (;;) {
    try {
      return await fn.invoke(event);
    } catch (error) {
      if (!(error instanceof TooManyRequestsError) || now() + pause > giveUpAt) throw error;
      await sleep(pause, signal);
      pause = Math.min(pause * 2, PAUSE_MS.longest);
    }
  }
}
