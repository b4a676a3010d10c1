import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { processBatchRecord } from '../../lambda/batch-partial/process-item';
import { Logger } from '../../lambda/commons/logger';

const processor = new BatchProcessor(EventType.SQS);
const logger = new Logger();

/** BatchPartialStack's worker on Powertools batch: the failed records come back as batchItemFailures. */
export const handler = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
  processPartialResponse(
    event,
    (record: SQSRecord) => processBatchRecord(record, logger.with({ requestId: context.awsRequestId })),
    processor,
    {
      context,
      processInParallel: false,
    },
  );
