import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { requireEnv, requirePositiveNumberEnv } from '../../lambda/commons/environment';
import { Logger } from '../../lambda/commons/logger';
import { startHeartbeat } from '../../lambda/core/heartbeat';
import { sqsVisibilityExtender } from '../../lambda/core/sqs-visibility-extender';
import { parseVisibilityJobMessage, type VisibilityJob } from '../../lambda/visibility-dup/job';
import { heartbeatTimingFor, VISIBILITY_DUP } from '../../lib/settings';

const queueUrl = requireEnv(process.env, 'QUEUE_URL');
const tableName = requireEnv(process.env, 'TABLE_NAME');
const heartbeat = heartbeatTimingFor(requirePositiveNumberEnv(process.env, 'VISIBILITY_TIMEOUT_SECONDS'));

const dynamodb = new DynamoDBClient({});
const extender = sqsVisibilityExtender(new SQSClient({}), queueUrl);
const processor = new BatchProcessor(EventType.SQS);
const config = new IdempotencyConfig({
  eventKeyJmesPath: 'id',
  expiresAfterSeconds: VISIBILITY_DUP.completedRecordTtlSeconds,
});
const logger = new Logger();
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The work and its effect, at most once per job id (Powertools' record, keyed `id`). */
const runJob = makeIdempotent(
  async (job: VisibilityJob): Promise<{ readonly id: string }> => {
    await sleep(job.sleep * 1000);
    await dynamodb.send(
      new UpdateItemCommand({
        TableName: tableName,
        Key: { id: { S: `effect#${job.id}` } },
        UpdateExpression: 'ADD effects :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
      }),
    );
    return { id: job.id };
  },
  { persistenceStore: new DynamoDBPersistenceLayer({ tableName, awsSdkV3Client: dynamodb }), config },
);

async function processRecord(record: SQSRecord, log: Logger): Promise<void> {
  const job = parseVisibilityJobMessage(record.body);
  log.info('start', `Start ${job.id} sleep ${job.sleep}`, { id: job.id, messageId: record.messageId });
  const firstReceivedAtMs = Number(record.attributes.ApproximateFirstReceiveTimestamp) || Date.now();
  const running = job.heartbeat
    ? startHeartbeat(
        [{ id: job.id, messageId: record.messageId, receiptHandle: record.receiptHandle, firstReceivedAtMs }],
        { extend: extender, intervalMs: heartbeat.intervalMs, extensionSeconds: heartbeat.extensionSeconds },
      )
    : undefined;
  try {
    await runJob(job);
  } finally {
    await running?.stop();
  }
  log.info('completed', `Completed ${job.id}`, { id: job.id, messageId: record.messageId });
}

/** VisibilityDupStack's worker on Powertools batch + idempotency, with the project's heartbeat. */
export const handler = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  config.registerLambdaContext(context);
  const log = logger.with({ requestId: context.awsRequestId });
  return processPartialResponse(event, (record: SQSRecord) => processRecord(record, log), processor, {
    context,
    processInParallel: false,
  });
};
