import type { SQSRecord } from 'aws-lambda';
import type { RecordFailure } from './batch-processor';
import type { HeartbeatTarget } from './heartbeat';
import type { VisibilityManager } from './visibility-manager';

/**
 * A batch under one visibility manager, as the note describes the consumer: every record is
 * registered when the batch arrives, the records are worked on together (not one after the
 * other: the manager keeps them all hidden meanwhile), each is finished as its work ends, and
 * the manager stops when the last one has, before the invocation returns. Returns the records
 * that threw, in the batch's order; never throws itself.
 */
export async function processManagedBatch(
  records: readonly SQSRecord[],
  manager: VisibilityManager,
  targetOf: (record: SQSRecord) => HeartbeatTarget,
  handle: (record: SQSRecord) => Promise<void>,
): Promise<RecordFailure[]> {
  await manager.register(records.map(targetOf));
  try {
    const outcomes = await Promise.all(
      records.map(async (record): Promise<RecordFailure | undefined> => {
        try {
          await handle(record);
          manager.finish(record.messageId, 'succeeded');
          return undefined;
        } catch (error) {
          manager.finish(record.messageId, 'failed');
          return { record, error };
        }
      }),
    );
    return outcomes.filter((outcome): outcome is RecordFailure => outcome !== undefined);
  } finally {
    await manager.stop();
  }
}
