import { SQSClient } from '@aws-sdk/client-sqs';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { answerEnqueue } from '../commons/enqueue-endpoint';
import { requireEnv } from '../commons/environment';
import { Logger } from '../commons/logger';
import { sendMessageBatches } from '../core/send-message-batches';
import { BATCH_RUN_EXAMPLE, buildBatchItems, parseBatchRunRequest } from './run';

const queueUrl = requireEnv(process.env, 'QUEUE_URL');
const sqs = new SQSClient({});
const logger = new Logger();

/**
 * BatchPartialStack `POST /enqueue`: `{"count":10,"failEvery":3}` sends `count` messages with
 * SendMessageBatch, ten per call, every `failEvery`-th one marked `shouldFail`.
 */
export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> =>
  answerEnqueue(event, logger.with({ requestId: event.requestContext?.requestId }), {
    example: BATCH_RUN_EXAMPLE,
    parse: parseBatchRunRequest,
    enqueue: async (request) => {
      const runId = String(Date.now());
      const items = buildBatchItems(request, runId);
      const sent = await sendMessageBatches(
        sqs,
        queueUrl,
        items.map((item) => ({ id: item.id, body: JSON.stringify(item) })),
      );
      const messageIds = new Map(sent.map((message) => [message.id, message.messageId]));
      for (const item of items) {
        logger.info('enqueued', `Enqueued ${item.id}${item.shouldFail ? ' (shouldFail)' : ''}`, {
          id: item.id,
          messageId: messageIds.get(item.id),
          shouldFail: item.shouldFail,
        });
      }
      return {
        runId,
        count: request.count,
        failEvery: request.failEvery,
        failing: items.filter((item) => item.shouldFail).map((item) => item.id),
        messageIds: Object.fromEntries(messageIds),
      };
    },
  });
