/**
 * `AWS::Lambda::EventInvokeConfig` on the lab, as a learner's app uses it (lab/test/fixtures/async-app):
 * a function invoked asynchronously (InvocationType Event) with `retryAttempts: 0` and CDK's
 * destinations sends the record of a success to its SNS topic and the record of a failure to its
 * SQS queue, in the shape Lambda sends (CDK's aws-lambda-destinations README, "Invocation record";
 * Lambda developer guide, "Capturing records of Lambda asynchronous invocations").
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { LAB_MAX_PROPAGATION_MS } from '#lab/common/propagation';
import { type Lab, startLab } from '#lab/lab';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

const APP_DIR = fixtureApp('async-app');

describe('asynchronous invocations follow the function’s EventInvokeConfig', () => {
  let lab: Lab;
  let lambda: LambdaClient;
  let outputs: Record<string, string>;

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
    lambda = new LambdaClient({ endpoint: lab.endpointUrl, region: LAB_REGION, credentials: LAB_CREDENTIALS });
    outputs = { ...lab.deployed.get('AsyncStack')?.outputs };
    // The destinations' grants reach IAM within the lab's propagation delay, as on AWS.
    await new Promise((resolve) => setTimeout(resolve, 2 * LAB_MAX_PROPAGATION_MS));
  }, 120_000);

  afterAll(async () => {
    lambda?.destroy();
    await lab?.stop();
  });

  const invokeEvent = async (event: unknown) => {
    const answer = await lambda.send(
      new InvokeCommand({
        FunctionName: outputs.WorkerName,
        InvocationType: 'Event',
        Payload: Buffer.from(JSON.stringify(event)),
      }),
    );
    expect(answer.StatusCode).toBe(202);
  };

  const receiveOne = async (queueUrl: string | undefined): Promise<Record<string, unknown>> => {
    const { Messages = [] } = await lab.clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 10, MaxNumberOfMessages: 1 }),
    );
    expect(Messages).toHaveLength(1);
    return JSON.parse(Messages[0]?.Body ?? '{}') as Record<string, unknown>;
  };

  it('deploys the EventInvokeConfig CDK writes for retryAttempts, maxEventAge and the destinations', () => {
    const stack = lab.deployed.get('AsyncStack');
    expect(stack?.status).toBe('CREATE_COMPLETE');
  });

  it('sends a success’s record to the onSuccess topic', async () => {
    await invokeEvent({ order: 1 });
    const record = await receiveOne(outputs.SuccessesUrl);
    expect(record).toMatchObject({
      version: '1.0',
      requestContext: {
        functionArn: `arn:aws:lambda:${LAB_REGION}:000000000000:function:${outputs.WorkerName}:$LATEST`,
        condition: 'Success',
        approximateInvokeCount: 1,
      },
      requestPayload: { order: 1 },
      responseContext: { statusCode: 200, executedVersion: '$LATEST' },
      responsePayload: { processed: 1 },
    });
    expect(record.responseContext).not.toHaveProperty('functionError');
  }, 30_000);

  it('sends a failure’s record to the onFailure queue after one attempt, as retryAttempts 0 asks', async () => {
    await invokeEvent({ order: 2, fail: true });
    const record = await receiveOne(outputs.FailuresUrl);
    expect(record).toMatchObject({
      requestContext: { condition: 'RetriesExhausted', approximateInvokeCount: 1 },
      requestPayload: { order: 2, fail: true },
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      responsePayload: { errorType: 'Error', errorMessage: 'order 2 cannot be processed' },
    });
  }, 30_000);

  it('says in the function’s log when its role may not send the record, and sends nothing', async () => {
    const notes = lab.logs.collect(
      (record) =>
        record.kind === 'function' &&
        record.logStreamName === 'lab-notes' &&
        record.functionName === outputs.OrphanName,
    );
    try {
      const answer = await lambda.send(
        new InvokeCommand({ FunctionName: outputs.OrphanName, InvocationType: 'Event', Payload: Buffer.from('{}') }),
      );
      expect(answer.StatusCode).toBe(202);
      const deadline = Date.now() + 10_000;
      while (notes.records.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const [note] = notes.records;
      expect(note?.kind === 'function' ? note.line : '').toMatch(
        /Lambda could not send the invocation record to arn:aws:sqs:us-east-1:000000000000:[^:]+: the execution role .+ is not authorized to perform sqs:SendMessage/,
      );
    } finally {
      notes.stop();
    }
    const { Messages = [] } = await lab.clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: outputs.FailuresUrl, WaitTimeSeconds: 0 }),
    );
    expect(Messages).toEqual([]);
  }, 30_000);
});
