/**
 * What an event source mapping reports as it works: one typed event per step, from the receive
 * to the settled batch. LocalStack's mapping reports the same stages to its pipe logger
 * (`ExecutionStarted`, `TargetInvocationStarted`, `TargetInvocationFailed`, … in
 * `esm_event_processor.py`). The mapping emits them; subscribers turn them into its counters
 * (`countMappingEvent`), its log records (`mappingLogPublisher`) and its scaling.
 */
import type { BatchSettlement } from './batch-settlement';
import type { InvocationResult } from '../runtime/local-function';

/**
 * One step of a mapping, by `type`:
 *
 * - `received`: a ReceiveMessage call returned `messageCount` messages (0: an empty receive);
 * - `receive-failed`: a ReceiveMessage call failed, or returned a message a record cannot be built from;
 * - `batch-started` / `batch-finished`: a poller took a batch / is done with it (settled or abandoned);
 * - `filtered-out`: messages no filter matched, deleted without invoking the function;
 * - `payload-split`: a batch over the 6 MB payload limit goes to the function in `invocations` calls;
 * - `throttled`: an invocation attempt was refused, the function's reserved concurrency being in use;
 * - `invoked` / `invocation-ended`: an invocation starts / returned, threw or timed out;
 * - `batch-item-failures-ignored`: a success listed failures, but the mapping has no ReportBatchItemFailures;
 * - `deleted` / `delete-failed`: messages deleted / messages DeleteMessageBatch did not delete;
 * - `settled`: what became of an invocation's messages: deleted, or kept for a retry (and why);
 *   `throttled` when the batch was given back to the queue after being throttled until its
 *   visibility timeout ran out;
 * - `scaled`: the batches the mapping works on at once changed.
 */
export type MappingEvent =
  | { readonly type: 'received'; readonly messageCount: number }
  | { readonly type: 'receive-failed' }
  | { readonly type: 'batch-started' }
  | { readonly type: 'batch-finished' }
  | { readonly type: 'filtered-out'; readonly messageIds: readonly string[] }
  | { readonly type: 'payload-split'; readonly invocations: number }
  | { readonly type: 'throttled' }
  | { readonly type: 'invoked'; readonly messageIds: readonly string[] }
  | { readonly type: 'invocation-ended'; readonly requestId: string; readonly status: InvocationResult['status'] }
  | {
      readonly type: 'batch-item-failures-ignored';
      readonly requestId: string;
      readonly messageIds: readonly string[];
      readonly ignoredItemIdentifiers: readonly unknown[];
    }
  | { readonly type: 'deleted'; readonly messageIds: readonly string[] }
  | { readonly type: 'delete-failed'; readonly messageCount: number }
  | {
      readonly type: 'settled';
      readonly requestId: string;
      readonly messageIds: readonly string[];
      readonly deletedMessageIds: readonly string[];
      readonly outcome: BatchSettlement['outcome'];
      readonly reason: BatchSettlement['reason'] | 'throttled';
    }
  | { readonly type: 'scaled'; readonly concurrency: number };

/** Receives every event of a mapping, in order, as it happens. It must not throw. */
export type MappingEventListener = (event: MappingEvent) => void;

/**
 * The listeners of one mapping: each event reaches them in the order they subscribed. An event
 * emitted by a listener (the scaling's `scaled`) is delivered once the current one has reached
 * every listener, so each listener sees the events in the same order.
 */
export class MappingEventStream {
  private listeners: readonly MappingEventListener[] = [];
  private readonly pending: MappingEvent[] = [];
  private delivering = false;

  /** Adds a listener; the function returned removes it. */
  subscribe(listener: MappingEventListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((other) => other !== listener);
    };
  }

  emit(event: MappingEvent): void {
    if (this.delivering) {
      this.pending.push(event);
      return;
    }
    this.delivering = true;
    try {
      for (let next: MappingEvent | undefined = event; next !== undefined; next = this.pending.shift())
        for (const listener of this.listeners) listener(next);
    } finally {
      this.delivering = false;
    }
  }
}
