import type { SQSRecord } from 'aws-lambda';
import type { Logger } from '../commons/logger';
import { IntentionalFailureError, InvalidMessageError } from '../core/errors';
import { parseBatchItem } from './run';

/**
 * One Step 8 record: `OK: <id>`, or `FAIL: <messageId> Intentional failure <id>` and a throw
 * when the producer marked it `shouldFail`. A body the producer would not send fails too, so
 * it ends in the DLQ instead of vanishing.
 */
export async function processBatchRecord(record: SQSRecord, logger: Logger): Promise<void> {
  const receiveCount = Number(record.attributes.ApproximateReceiveCount);
  let id: string;
  let shouldFail: boolean;
  try {
    ({ id, shouldFail } = parseBatchItem(record.body));
  } catch (error) {
    if (error instanceof InvalidMessageError) {
      logger.error('invalid-message', `FAIL: ${record.messageId} Invalid message: ${error.message}`, {
        messageId: record.messageId,
        receiveCount,
      });
    }
    throw error;
  }
  if (shouldFail) {
    logger.error('fail', `FAIL: ${record.messageId} Intentional failure ${id}`, {
      id,
      messageId: record.messageId,
      receiveCount,
    });
    throw new IntentionalFailureError(`Intentional failure ${id}`);
  }
  logger.info('ok', `OK: ${id}`, { id, messageId: record.messageId, receiveCount });
}
