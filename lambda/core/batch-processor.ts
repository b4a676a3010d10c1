import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';

/** A record the handler failed, with why. */
export interface RecordFailure {
  readonly record: SQSRecord;
  readonly error: unknown;
}

/**
 * Hands each record to `handle` in order, one after the other (the order SQS gave them, as
 * the logs then read), and collects the ones that threw. Never throws itself.
 */
export async function processRecords(
  records: readonly SQSRecord[],
  handle: (record: SQSRecord) => Promise<void>,
): Promise<RecordFailure[]> {
  const failures: RecordFailure[] = [];
  for (const record of records) {
    try {
      await handle(record);
    } catch (error) {
      failures.push({ record, error });
    }
  }
  return failures;
}

/**
 * The partial batch response: only the failed records' message ids, so the event source
 * mapping deletes every other record of the batch.
 */
export function toBatchResponse(failures: readonly RecordFailure[]): SQSBatchResponse {
  return { batchItemFailures: failures.map(({ record }) => ({ itemIdentifier: record.messageId })) };
}
