import { SendMessageCommand, type SendMessageCommandInput, type SQSClient } from '@aws-sdk/client-sqs';
import type { Logger } from '../commons/logger';
import { describeError } from '../core/describe-error';
import { EnqueueFailedError } from '../core/errors';
import type { VisibilityJob } from './job';

/** The SQS message ids of a sent job: one, or two when the job asked to be sent twice. */
export interface SentJob {
  readonly messageIds: readonly string[];
}

/**
 * Sends one Step 7 job: one SendMessage whose body is the job, with the job's `DelaySeconds`
 * when it has one (a message timer overrides the queue's delay). With `sendTwice`, the same
 * message is sent a second time, as a producer does when it retries after a response it never
 * got: SQS cannot tell the two apart and keeps both, under two message ids.
 * @throws EnqueueFailedError when the second send fails after the first went through.
 */
export async function sendJob(sqs: SQSClient, queueUrl: string, job: VisibilityJob, logger: Logger): Promise<SentJob> {
  const input: SendMessageCommandInput = {
    QueueUrl: queueUrl,
    MessageBody: JSON.stringify(job),
    ...(job.delaySeconds === undefined ? {} : { DelaySeconds: job.delaySeconds }),
  };
  const log = logger.with({ id: job.id });
  const first = await sqs.send(new SendMessageCommand(input));
  const firstId = first.MessageId ?? '';
  const delay = job.delaySeconds === undefined ? '' : `, delayed ${job.delaySeconds} s`;
  log.info('enqueued', `Enqueued ${job.id} sleep ${job.sleep}${delay}`, { messageId: firstId, job });
  if (!job.sendTwice) return { messageIds: [firstId] };
  let second;
  try {
    second = await sqs.send(new SendMessageCommand(input));
  } catch (error) {
    const { errorName, errorMessage } = describeError(error);
    throw new EnqueueFailedError(
      `sent ${job.id} once; its second copy ("sendTwice": true) failed (${errorName}: ${errorMessage})`,
      [job.id],
      [job.id],
    );
  }
  const secondId = second.MessageId ?? '';
  log.info(
    'enqueued-again',
    `Sent ${job.id} again, as a producer retrying after a lost response: a second message with the same id`,
    { messageId: secondId, firstMessageId: firstId },
  );
  return { messageIds: [firstId, secondId] };
}
