import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { requireBooleanEnv } from '../commons/environment';
import { Logger } from '../commons/logger';
import { processRecords, toBatchResponse } from '../core/batch-processor';
import { BatchFailedError } from '../core/errors';
import { processBatchRecord } from './process-item';

/** Mirrors the mapping's `reportBatchItemFailures` (CDK context of the same name). */
const reportBatchItemFailures = requireBooleanEnv(process.env, 'REPORT_BATCH_ITEM_FAILURES');
const logger = new Logger();

/**
 * BatchPartialStack worker. With reportBatchItemFailures it returns only the failed records,
 * so the mapping deletes the rest. Without it a returned list would be ignored and the
 * failed records deleted with the others, so any failure throws instead and the whole batch,
 * successes included, comes back.
 */
export const handler = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  const log = logger.with({ requestId: context.awsRequestId });
  const failures = await processRecords(event.Records, (record) => processBatchRecord(record, log));
  const summary = {
    records: event.Records.length,
    failed: failures.length,
    messageIds: event.Records.map((record) => record.messageId),
    failedMessageIds: failures.map(({ record }) => record.messageId),
    reportBatchItemFailures,
  };
  if (failures.length > 0 && !reportBatchItemFailures) {
    log.error(
      'batch-failed',
      `Batch failed: ${failures.length} of ${event.Records.length} records failed and reportBatchItemFailures is off, so all ${event.Records.length} come back`,
      summary,
    );
    throw new BatchFailedError(`${failures.length} of ${event.Records.length} records failed`);
  }
  log.info('batch-done', `Batch done: ${event.Records.length - failures.length} OK, ${failures.length} FAIL`, summary);
  return toBatchResponse(failures);
};
