/**
 * A queue's URL from its ARN, as a service that holds an ARN (SNS, S3's notifications, Lambda's
 * destinations) finds the queue it sends to: GetQueueUrl with the ARN's name and account.
 */
import { GetQueueUrlCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { LAB_ACCOUNT_ID } from '../../common/local-aws';

/** The URL of the queue `queueArn` names (`arn:aws:sqs:<region>:<account>:<name>`). */
export async function queueUrlOf(sqs: SQSClient, queueArn: string): Promise<string | undefined> {
  const [, , , , account = LAB_ACCOUNT_ID, name = ''] = queueArn.split(':');
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: name, QueueOwnerAWSAccountId: account }));
  return QueueUrl;
}
