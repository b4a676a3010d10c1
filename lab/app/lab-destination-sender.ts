/**
 * How the lab's Lambda sends an asynchronous invocation's record to its destination
 * (lab/services/lambda/async-invocation.ts): to an SQS queue, an SNS topic or another function,
 * as the function's execution role, which must be allowed `sqs:SendMessage`, `sns:Publish` or
 * `lambda:InvokeFunction` on it ("Lambda uses the function's execution role to send the record",
 * Lambda developer guide, "Capturing records of Lambda asynchronous invocations"; CDK's
 * destinations grant exactly these).
 */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { queueUrlOf } from '../services/sqs/queue-url';
import type { IamService } from '../services/iam/iam-service';
import type { DestinationSender } from '../services/lambda/async-invocation';
import type { LambdaService } from '../services/lambda/lambda-service';
import type { SnsService } from '../services/sns/sns-service';

/** Raised when the role may not send to the destination, or the destination is not one the lab has. */
export class DestinationRefusedError extends Error {
  override readonly name = 'DestinationRefusedError';
}

/** The sender, over the lab's SQS client, SNS, Lambda and IAM. */
export function labDestinationSender(options: {
  readonly sqs: SQSClient;
  readonly sns: () => SnsService;
  readonly lambda: () => LambdaService;
  readonly iam: IamService;
}): DestinationSender {
  return async (destinationArn, record) => {
    const functionArn = record.requestContext.functionArn.replace(/:\$LATEST$/, '');
    const deployed = options.lambda().resolve(functionArn);
    const service = destinationArn.split(':')[2];
    const action = service === 'sqs' ? 'sqs:SendMessage' : service === 'sns' ? 'sns:Publish' : 'lambda:InvokeFunction';
    const sessionName = deployed.fn.ref.functionName;
    if (!(await options.iam.allows(deployed.roleArn, sessionName, action, destinationArn)))
      throw new DestinationRefusedError(
        `the execution role ${deployed.roleArn} is not authorized to perform ${action} on ${destinationArn}`,
      );
    const body = JSON.stringify(record);
    if (service === 'sqs') {
      const QueueUrl = await queueUrlOf(options.sqs, destinationArn);
      await options.sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: body }));
    } else if (service === 'sns') {
      if (!options.sns().publish(destinationArn, '', body))
        throw new DestinationRefusedError(`the topic ${destinationArn} does not exist`);
    } else {
      options.lambda().queueEvent(destinationArn, record);
    }
  };
}
