import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { heartbeatTimingFor, VISIBILITY_DUP } from '../../lib/settings';
import { requireEnv, requirePositiveNumberEnv } from '../commons/environment';
import { Logger } from '../commons/logger';
import { processRecords, toBatchResponse } from '../core/batch-processor';
import { DynamoDbIdempotencyStore } from '../core/dynamodb-idempotency-store';
import { sqsVisibilityExtender } from '../core/sqs-visibility-extender';
import { processVisibilityRecord } from './process-job';

const queueUrl = requireEnv(process.env, 'QUEUE_URL');
const tableName = requireEnv(process.env, 'TABLE_NAME');
const heartbeat = heartbeatTimingFor(requirePositiveNumberEnv(process.env, 'VISIBILITY_TIMEOUT_SECONDS'));

const store = new DynamoDbIdempotencyStore(DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName);
const extender = sqsVisibilityExtender(new SQSClient({}), queueUrl);
const logger = new Logger();
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * VisibilityDupStack worker (batch size 1): each record runs under the heartbeat and the
 * idempotency guard. Records that must come back (in-progress duplicate, failed work) are
 * returned as batch item failures; everything else is deleted by the event source mapping.
 */
export const handler = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  const failures = await processRecords(event.Records, (record) =>
    processVisibilityRecord(record, {
      store,
      extender,
      heartbeat,
      completedTtlSeconds: VISIBILITY_DUP.completedRecordTtlSeconds,
      logger: logger.with({ requestId: context.awsRequestId }),
      owner: `${context.awsRequestId}/${randomUUID()}`,
      now: Date.now,
      remainingTimeMs: () => context.getRemainingTimeInMillis(),
      sleep,
    }),
  );
  return toBatchResponse(failures);
};
