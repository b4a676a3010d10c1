/**
 * The mapping's side of the function, as LocalStack's `senders/lambda_sender.py` is: one
 * synchronous invocation per event, within the function's reserved concurrency and the
 * account's concurrency quota. An invocation either cannot take is throttled: Lambda backs off
 * and retries until the batch's visibility timeout would run out, then drops the batch, which
 * reappears in the queue with its receive count raised (so throttling alone can send a message to
 * the DLQ, or show a "duplicate" no code caused).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { MappingEventListener } from './mapping-events';
import type { PayloadEvent } from './payload-limit';
import type { Invocable, InvocationResult } from '../runtime/local-function';

/** First and longest pause between invocation attempts of a throttled batch. */
const THROTTLE_RETRY_MS = { first: 100, longest: 1000 } as const;

/** What a sender needs. */
export interface LambdaSenderOptions {
  readonly fn: Invocable;
  /** The function's `ReservedConcurrentExecutions` now (it may change while the mapping runs). */
  readonly reservedConcurrency: () => number | undefined;
  /** The queue's visibility timeout in seconds, read when a batch is first throttled. */
  readonly visibilityTimeoutSeconds: () => Promise<number>;
  /** Aborted when the mapping stops: a throttled batch is then given up at once. */
  readonly signal: AbortSignal;
  readonly emit: MappingEventListener;
}

/** Invokes the mapped function, one event at a time per poller. */
export class LambdaSender {
  /** Invocations of the function this mapping has running (what reserved concurrency limits). */
  private invoking = 0;

  constructor(private readonly options: LambdaSenderOptions) {}

  /**
   * Invokes the function with `event` once its reserved concurrency allows; undefined when the
   * batch stayed throttled until its visibility timeout (counted from `receivedAt`) ran out. A
   * function stopped under the call counts as one that threw: nothing of the batch is deleted.
   */
  async send({ event, json }: PayloadEvent, receivedAt: number): Promise<InvocationResult | undefined> {
    if (!(await this.acquireConcurrency(receivedAt))) return undefined;
    const { fn, emit } = this.options;
    emit({ type: 'invoked', messageIds: event.Records.map((record) => record.messageId) });
    let result: InvocationResult;
    try {
      result = await fn.invoke(event, {
        eventJson: json,
        ...(fn.concurrency === undefined ? {} : { quotaTaken: true }),
      });
    } catch (error) {
      result = {
        status: 'error',
        requestId: 'none',
        error: { errorType: error instanceof Error ? error.name : 'Error', errorMessage: String(error), trace: [] },
        durationMs: 0,
      };
    } finally {
      this.invoking -= 1;
      fn.concurrency?.release();
    }
    emit({ type: 'invocation-ended', requestId: result.requestId, status: result.status });
    return result;
  }

  /**
   * Takes one unit of the function's reserved concurrency and one execution of the account's
   * quota, retrying while the batch is still hidden.
   */
  private async acquireConcurrency(receivedAt: number): Promise<boolean> {
    if (this.tryTake()) return true;
    let expires: number | undefined;
    let pause: number = THROTTLE_RETRY_MS.first;
    for (;;) {
      this.options.emit({ type: 'throttled' });
      expires ??= receivedAt + (await this.options.visibilityTimeoutSeconds().catch(() => 0)) * 1000;
      if (Date.now() + pause >= expires || this.options.signal.aborted) return false;
      await sleep(pause);
      pause = Math.min(pause * 2, THROTTLE_RETRY_MS.longest);
      if (this.tryTake()) return true;
    }
  }

  /** One unit of reserved concurrency and one account execution, both or neither. */
  private tryTake(): boolean {
    const limit = this.options.reservedConcurrency();
    if (limit !== undefined && this.invoking >= limit) return false;
    if (this.options.fn.concurrency?.tryAcquire() === false) return false;
    this.invoking += 1;
    return true;
  }
}
