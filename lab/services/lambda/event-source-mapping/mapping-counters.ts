/**
 * A mapping's counters, for tests, the tour, chaos runs, the console and the bench: the one
 * subscriber that counts the mapping's events ({@link MappingEvent}).
 */
import type { MappingEvent } from './mapping-events';

/** What a mapping has done so far; for tests, the tour and benchmarks. */
export interface MappingCounters {
  /** ReceiveMessage calls that returned (with or without messages). */
  receiveCalls: number;
  emptyReceives: number;
  receiveErrors: number;
  messagesReceived: number;
  invocations: number;
  /** Invocations that returned normally (the batch may still have been partly kept). */
  successes: number;
  functionErrors: number;
  timeouts: number;
  invalidResponses: number;
  /** Batches of which only some messages were deleted. */
  partialBatches: number;
  messagesDeleted: number;
  deleteErrors: number;
  /** Batches received and not yet settled (invocation running, throttled, or deletes under way). */
  inFlightBatches: number;
  /** Invocation attempts refused because the function's reserved concurrency was in use. */
  throttles: number;
  /** Batches given back to the queue after being throttled until their visibility timeout ran out. */
  throttledBatches: number;
  /** Extra invocations made because a batch exceeded the 6 MB payload limit. */
  payloadSplits: number;
  /** Successful invocations whose `batchItemFailures` were ignored (no ReportBatchItemFailures). */
  ignoredBatchItemFailures: number;
  /** Messages that matched none of the mapping's filters: deleted without invoking the function. */
  filteredOut: number;
}

/** Counters at zero: a new mapping's, or the start of a sum. */
export function emptyMappingCounters(): MappingCounters {
  return {
    receiveCalls: 0,
    emptyReceives: 0,
    receiveErrors: 0,
    messagesReceived: 0,
    invocations: 0,
    successes: 0,
    functionErrors: 0,
    timeouts: 0,
    invalidResponses: 0,
    partialBatches: 0,
    messagesDeleted: 0,
    deleteErrors: 0,
    inFlightBatches: 0,
    throttles: 0,
    throttledBatches: 0,
    filteredOut: 0,
    payloadSplits: 0,
    ignoredBatchItemFailures: 0,
  };
}

/** Adds one event to `counters`. */
export function countMappingEvent(counters: MappingCounters, event: MappingEvent): void {
  switch (event.type) {
    case 'received':
      counters.receiveCalls += 1;
      if (event.messageCount === 0) counters.emptyReceives += 1;
      counters.messagesReceived += event.messageCount;
      return;
    case 'receive-failed':
      counters.receiveErrors += 1;
      return;
    case 'batch-started':
      counters.inFlightBatches += 1;
      return;
    case 'batch-finished':
      counters.inFlightBatches -= 1;
      return;
    case 'filtered-out':
      counters.filteredOut += event.messageIds.length;
      return;
    case 'payload-split':
      counters.payloadSplits += event.invocations - 1;
      return;
    case 'throttled':
      counters.throttles += 1;
      return;
    case 'invoked':
      counters.invocations += 1;
      return;
    case 'invocation-ended':
      if (event.status === 'success') counters.successes += 1;
      if (event.status === 'error') counters.functionErrors += 1;
      if (event.status === 'timeout') counters.timeouts += 1;
      return;
    case 'batch-item-failures-ignored':
      counters.ignoredBatchItemFailures += 1;
      return;
    case 'deleted':
      counters.messagesDeleted += event.messageIds.length;
      return;
    case 'delete-failed':
      counters.deleteErrors += event.messageCount;
      return;
    case 'settled':
      if (event.reason === 'throttled') counters.throttledBatches += 1;
      if (event.reason === 'invalid-response') counters.invalidResponses += 1;
      if (event.outcome === 'partial') counters.partialBatches += 1;
      return;
    case 'scaled':
      return;
    default:
      event satisfies never;
  }
}
