import {
  GetQueueAttributesCommand,
  ListMessageMoveTasksCommand,
  SendMessageBatchCommand,
  SQSClient,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import { mockAwsClient } from '#lab/test/helpers/mock-aws-client';
import { afterEach, describe, expect, it } from 'vitest';
import { RedriveFailedError, redriveWithMoveTask } from '#lab/console/redrive';
import { RawSendError, sendRawBodies } from '#experiments/stack-reads';

const sqsMock = mockAwsClient(SQSClient);

afterEach(() => {
  sqsMock.reset();
});

describe('redriveWithMoveTask', () => {
  it('starts a move task from the DLQ ARN with no destination and waits until it completes', async () => {
    sqsMock.on(GetQueueAttributesCommand).resolves({ Attributes: { QueueArn: 'arn:aws:sqs:us-east-1:1:dlq' } });
    sqsMock.on(StartMessageMoveTaskCommand).resolves({ TaskHandle: 't1' });
    sqsMock
      .on(ListMessageMoveTasksCommand)
      .resolvesOnce({ Results: [{ TaskHandle: 't1', Status: 'RUNNING' }] })
      .resolves({ Results: [{ TaskHandle: 't1', Status: 'COMPLETED', ApproximateNumberOfMessagesMoved: 3 }] });

    const report = await redriveWithMoveTask(new SQSClient({}), 'http://sqs/dlq', { pollMs: 1 });

    expect(report).toEqual({ moved: 3, how: 'StartMessageMoveTask --source-arn arn:aws:sqs:us-east-1:1:dlq' });
    expect(sqsMock.commandCalls(StartMessageMoveTaskCommand)[0]?.args[0].input).toEqual({
      SourceArn: 'arn:aws:sqs:us-east-1:1:dlq',
    });
    expect(sqsMock.commandCalls(ListMessageMoveTasksCommand)).toHaveLength(2);
  });

  it("reports a failed task with SQS's reason", async () => {
    sqsMock.on(GetQueueAttributesCommand).resolves({ Attributes: { QueueArn: 'arn:dlq' } });
    sqsMock.on(StartMessageMoveTaskCommand).resolves({ TaskHandle: 't1' });
    sqsMock
      .on(ListMessageMoveTasksCommand)
      .resolves({ Results: [{ TaskHandle: 't1', Status: 'FAILED', FailureReason: 'AccessDenied' }] });

    const call = redriveWithMoveTask(new SQSClient({}), 'http://sqs/dlq', { pollMs: 1 });

    await expect(call).rejects.toBeInstanceOf(RedriveFailedError);
    await expect(call).rejects.toThrow(/failed: AccessDenied/);
  });
});

describe('sendRawBodies', () => {
  it('sends the bodies as they are, ten per SendMessageBatch, and returns the message ids', async () => {
    sqsMock
      .on(SendMessageBatchCommand)
      .resolvesOnce({
        Successful: Array.from({ length: 10 }, (_, i) => ({ Id: String(i), MessageId: `m${i}`, MD5OfMessageBody: '' })),
        Failed: [],
      })
      .resolves({ Successful: [{ Id: '0', MessageId: 'm10', MD5OfMessageBody: '' }], Failed: [] });
    const bodies = Array.from({ length: 11 }, (_, i) => `not json ${i}`);

    const ids = await sendRawBodies(new SQSClient({}), 'http://sqs/source', bodies);

    expect(ids).toHaveLength(11);
    expect(sqsMock.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input.Entries?.length)).toEqual([
      10, 1,
    ]);
    expect(sqsMock.commandCalls(SendMessageBatchCommand)[1]?.args[0].input.Entries?.[0]?.MessageBody).toBe(
      'not json 10',
    );
  });

  it('fails with a named error when SQS refuses one', async () => {
    sqsMock.on(SendMessageBatchCommand).resolves({
      Successful: [],
      Failed: [{ Id: '0', Code: 'InvalidMessageContents', Message: 'bad', SenderFault: true }],
    });

    await expect(sendRawBodies(new SQSClient({}), 'http://sqs/source', ['\u0000'])).rejects.toBeInstanceOf(
      RawSendError,
    );
  });
});
