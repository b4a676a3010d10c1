/**
 * What Lambda's SQS event source mapping deletes after an invocation, given its result:
 *
 * - the function threw or timed out: nothing (every message reappears after its visibility timeout);
 * - success without `ReportBatchItemFailures`: everything, whatever the function returned;
 * - success with `ReportBatchItemFailures`: everything except the listed `itemIdentifier`s. A null or
 *   empty response, or a null or empty `batchItemFailures` list, means all succeeded. An identifier
 *   that is null, empty, not a string, not in the batch, or an entry with a wrong key fails the
 *   whole batch (Lambda guide, "Implementing partial batch responses").
 */
import type { InvocationResult } from '../runtime/local-function';

/** The mapping's decision for one batch. */
export interface BatchSettlement {
  /** Message ids to delete. */
  readonly deleteMessageIds: readonly string[];
  /** Message ids left to reappear after their visibility timeout. */
  readonly keepMessageIds: readonly string[];
  readonly outcome: 'success' | 'partial' | 'failure';
  /** Why messages were kept, when some were. */
  readonly reason: 'function-error' | 'timeout' | 'invalid-response' | 'batch-item-failures' | undefined;
}

/** Decides which messages of a batch the mapping deletes. */
export function settleBatch(
  messageIds: readonly string[],
  result: InvocationResult,
  reportBatchItemFailures: boolean,
): BatchSettlement {
  if (result.status !== 'success') {
    return failure(messageIds, result.status === 'timeout' ? 'timeout' : 'function-error');
  }
  if (!reportBatchItemFailures) return success(messageIds);
  const failed = failedIdentifiers(result.payload, messageIds);
  if (failed === 'invalid') return failure(messageIds, 'invalid-response');
  if (failed.size === 0) return success(messageIds);
  return {
    deleteMessageIds: messageIds.filter((id) => !failed.has(id)),
    keepMessageIds: messageIds.filter((id) => failed.has(id)),
    outcome: failed.size === messageIds.length ? 'failure' : 'partial',
    reason: 'batch-item-failures',
  };
}

/**
 * What a response lists in `batchItemFailures` (each entry's `itemIdentifier`, or the entry itself
 * when it is not an object), whatever its validity; undefined when it lists nothing. For the lab's
 * note when the list is ignored (no ReportBatchItemFailures).
 */
export function listedItemIdentifiers(payload: unknown): unknown[] | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const list = (payload as { batchItemFailures?: unknown }).batchItemFailures;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  return list.map((entry: unknown) =>
    typeof entry === 'object' && entry !== null ? (entry as { itemIdentifier?: unknown }).itemIdentifier : entry,
  );
}

function failedIdentifiers(payload: unknown, messageIds: readonly string[]): Set<string> | 'invalid' {
  if (payload === null || payload === undefined) return new Set();
  if (typeof payload !== 'object' || Array.isArray(payload)) return 'invalid';
  const list = (payload as { batchItemFailures?: unknown }).batchItemFailures;
  if (list === null || list === undefined) return new Set();
  if (!Array.isArray(list)) return 'invalid';
  const inBatch = new Set(messageIds);
  const failed = new Set<string>();
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) return 'invalid';
    const identifier = (entry as { itemIdentifier?: unknown }).itemIdentifier;
    if (typeof identifier !== 'string' || identifier === '' || !inBatch.has(identifier)) return 'invalid';
    failed.add(identifier);
  }
  return failed;
}

function success(messageIds: readonly string[]): BatchSettlement {
  return { deleteMessageIds: [...messageIds], keepMessageIds: [], outcome: 'success', reason: undefined };
}

function failure(messageIds: readonly string[], reason: BatchSettlement['reason']): BatchSettlement {
  return { deleteMessageIds: [], keepMessageIds: [...messageIds], outcome: 'failure', reason };
}
