import {
  GetQueueAttributesCommand,
  ListMessageMoveTasksCommand,
  SQSClient,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import { mockAwsClient } from '#lab/test/helpers/mock-aws-client';
import { afterEach, describe, expect, it } from 'vitest';
import { RedriveFailedError, redriveWithMoveTask } from '#lab/console/redrive';

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
