/**
 * The checks SQS makes on every batch request before it looks at any entry: at least one
 * entry, at most ten, ids of 1 to 80 word characters or hyphens, no id twice. Messages are
 * the ones recorded from AWS (`test_sqs.snapshot.json#test_too_many_entries_in_batch_request`,
 * `#test_invalid_batch_id`, `#test_delete_message_batch_invalid_msg_id`).
 */
import { SqsApiError } from '../errors';

const MAX_ENTRIES = 10;
const BATCH_ENTRY_ID = /^[A-Za-z0-9_-]{1,80}$/;

/** Throws the error SQS answers a malformed batch with; `action` names the request entry type. */
export function validateBatchEntries(entries: readonly Record<string, unknown>[], action: string): void {
  if (entries.length === 0) {
    throw new SqsApiError('EmptyBatchRequest', `There should be at least one ${action}RequestEntry in the request.`);
  }
  if (entries.length > MAX_ENTRIES) {
    throw new SqsApiError(
      'TooManyEntriesInBatchRequest',
      `Maximum number of entries per request are ${MAX_ENTRIES}. You have sent ${entries.length}.`,
    );
  }
  const seen = new Set<string>();
  for (const entry of entries) {
    const id = entry.Id;
    if (typeof id !== 'string' || !BATCH_ENTRY_ID.test(id)) {
      throw new SqsApiError(
        'InvalidBatchEntryId',
        'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
      );
    }
    if (seen.has(id)) throw new SqsApiError('BatchEntryIdsNotDistinct', `Id ${id} repeated.`);
    seen.add(id);
  }
}
