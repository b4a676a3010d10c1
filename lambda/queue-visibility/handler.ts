import { SQSClient } from '@aws-sdk/client-sqs';
import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import { sendCloudFormationResponse } from '../commons/cloudformation-response';
import { Logger } from '../commons/logger';
import { systemClock } from '../core/apply-visibility-timeout';
import { answerVisibilityTimeoutRequest } from './answer-request';

const sqs = new SQSClient({});
const logger = new Logger();

/**
 * The custom resource `Custom::QueueVisibilityTimeout` (Raise and Lower around the Step 7
 * mapping): applies the timeout, waits until it holds within the function's own timeout, and
 * answers on the request's ResponseURL. No Step Functions waiter, so the local lab runs it too.
 */
export const handler = async (event: CloudFormationCustomResourceEvent, context: Context): Promise<void> => {
  const log = logger.with({ requestId: event.RequestId, logicalResourceId: event.LogicalResourceId });
  const outcome = await answerVisibilityTimeoutRequest(event, {
    sqs,
    clock: systemClock,
    remainingMs: context.getRemainingTimeInMillis(),
    logger: log,
  });
  await sendCloudFormationResponse(event, outcome);
};
