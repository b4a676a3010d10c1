/**
 * Lambda's asynchronous invocation (InvocationType `Event`, and how CloudFormation invokes a
 * custom resource's function): the event waits in Lambda's own queue, and an attempt the
 * account's concurrency throttles is retried. "If the function doesn't have enough concurrency
 * available to process all events, additional requests are throttled … Lambda returns the event
 * to the queue and tries to run the function again for up to 6 hours" (Lambda developer guide,
 * "How Lambda handles errors and retries with asynchronous invocation").
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { TooManyRequestsError } from './errors';
import type { Invocable, InvocationResult } from './runtime/local-function';

/** How long a throttled event is retried: Lambda's 6 hours. */
export const ASYNC_THROTTLE_RETRY_MS = 6 * 3600 * 1000;

/** First and longest pause between attempts of a throttled event. */
const PAUSE_MS = { first: 100, longest: 1000 } as const;

/** Invokes `fn` with `event`, retrying while the account's concurrency throttles it, up to `retryMs`. */
export async function invokeAsynchronously(
  fn: Invocable,
  event: unknown,
  retryMs: number = ASYNC_THROTTLE_RETRY_MS,
): Promise<InvocationResult> {
  const giveUpAt = Date.now() + retryMs;
  let pause: number = PAUSE_MS.first;
  for (;;) {
    try {
      return await fn.invoke(event);
    } catch (error) {
      if (!(error instanceof TooManyRequestsError) || Date.now() + pause > giveUpAt) throw error;
      await sleep(pause);
      pause = Math.min(pause * 2, PAUSE_MS.longest);
    }
  }
}
