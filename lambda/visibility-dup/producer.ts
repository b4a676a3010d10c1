import { SQSClient } from '@aws-sdk/client-sqs';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { answerEnqueue } from '../commons/enqueue-endpoint';
import { requireEnv } from '../commons/environment';
import { Logger } from '../commons/logger';
import { parseVisibilityJobRequest, VISIBILITY_JOB_EXAMPLE } from './job';
import { sendJob } from './send-job';

const queueUrl = requireEnv(process.env, 'QUEUE_URL');
const sqs = new SQSClient({});
const logger = new Logger();

/**
 * VisibilityDupStack `POST /enqueue`: `{"id":"msg-1","sleep":8}` (plus the experiment
 * switches) becomes one message whose body is the job with every default filled in
 * (two messages with `"sendTwice": true`).
 */
export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> =>
  answerEnqueue(event, logger.with({ requestId: event.requestContext?.requestId }), {
    example: VISIBILITY_JOB_EXAMPLE,
    parse: parseVisibilityJobRequest,
    enqueue: async (job) => {
      const { messageIds } = await sendJob(sqs, queueUrl, job, logger);
      return { messageId: messageIds[0], ...(job.sendTwice ? { messageIds } : {}), ...job };
    },
  });
