import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { heartbeatTimingFor, VISIBILITY_DUP } from '../../lib/settings';
import { requireEnv, requirePositiveNumberEnv } from '../commons/environment';
import { Logger } from '../commons/logger';
import { processRecords, toBatchResponse } from '../core/batch-processor';
import { DynamoDbIdempotencyStore } from '../core/dynamodb-idempotency-store';
import { sqsVisibilityExtender } from '../core/sqs-visibility-extender';
import { processManagedBatch } from '../core/process-managed-batch';
import { VisibilityManager } from '../core/visibility-manager';
import { bodyIdOf, heartbeatTargetOf, logVisibilityManagerEvent, processVisibilityRecord } from './process-job';
import { readVisibilityMode } from './visibility-mode';

const queueUrl = requireEnv(process.env, 'QUEUE_URL');
const tableName = requireEnv(process.env, 'TABLE_NAME');
const visibilityTimeoutSeconds = requirePositiveNumberEnv(process.env, 'VISIBILITY_TIMEOUT_SECONDS');
const heartbeat = heartbeatTimingFor(visibilityTimeoutSeconds);
const visibilityMode = readVisibilityMode(process.env, visibilityTimeoutSeconds);

const sqs = new SQSClient({});
const store = new DynamoDbIdempotencyStore(DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName);
const extender = sqsVisibilityExtender(sqs, queueUrl);
const logger = new Logger();
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * VisibilityDupStack worker (batch size 1): each record runs under the heartbeat and the
 * idempotency guard. Records that must come back (in-progress duplicate, failed work) are
 * returned as batch item failures; everything else is deleted by the event source mapping.
 * With `HEARTBEAT_MODE=batch-manager` (the `visibility-manager` experiment's worker, batch
 * size 10), one visibility manager keeps the whole batch hidden and the records run together.
 */
export const handler = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  const log = logger.with({ requestId: context.awsRequestId });
  const handle = (record: SQSRecord, batchManagedVisibility: boolean): Promise<void> =>
    processVisibilityRecord(record, {
      store,
      extender,
      heartbeat,
      batchManagedVisibility,
      completedTtlSeconds: VISIBILITY_DUP.completedRecordTtlSeconds,
      logger: log,
      owner: `${context.awsRequestId}/${randomUUID()}`,
      now: Date.now,
      remainingTimeMs: () => context.getRemainingTimeInMillis(),
      sleep,
    });
  if (visibilityMode.kind === 'per-message') {
    return toBatchResponse(await processRecords(event.Records, (record) => handle(record, false)));
  }
  const receiveCounts = new Map(
    event.Records.map((record) => [record.messageId, Number(record.attributes.ApproximateReceiveCount)]),
  );
  const manager = new VisibilityManager({
    sqs,
    queueUrl,
    settings: visibilityMode.settings,
    onEvent: (managerEvent) => logVisibilityManagerEvent(log, managerEvent, (id) => receiveCounts.get(id)),
  });
  const failures = await processManagedBatch(
    event.Records,
    manager,
    (record) => heartbeatTargetOf(record, bodyIdOf(record), Date.now),
    (record) => handle(record, true),
  );
  return toBatchResponse(failures);
};
