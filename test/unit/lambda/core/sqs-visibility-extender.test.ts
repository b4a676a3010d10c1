import { ChangeMessageVisibilityBatchCommand, ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockAwsClient } from '#lab/test/helpers/mock-aws-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeartbeatTarget } from '#lambda/core/heartbeat';
import { sqsVisibilityExtender } from '#lambda/core/sqs-visibility-extender';

const sqsMock = mockAwsClient(SQSClient);
const QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/000000000000/q';
const target = (id: string): HeartbeatTarget => ({
  id,
  messageId: `m-${id}`,
  receiptHandle: `rh-${id}`,
  firstReceivedAtMs: 0,
});

afterEach(() => {
  sqsMock.reset();
});

describe('sqsVisibilityExtender', () => {
  it('uses one ChangeMessageVisibility for a single message', async () => {
    sqsMock.on(ChangeMessageVisibilityCommand).resolves({});
    const extend = sqsVisibilityExtender(new SQSClient({}), QUEUE_URL);

    const failures = await extend([{ target: target('a'), seconds: 10 }]);

    expect(failures).toEqual([]);
    expect(sqsMock.commandCalls(ChangeMessageVisibilityCommand)[0]?.args[0].input).toEqual({
      QueueUrl: QUEUE_URL,
      ReceiptHandle: 'rh-a',
      VisibilityTimeout: 10,
    });
  });

  it.each([
    ['a deleted or re-received message', 'InvalidParameterValue'],
    ['an unreadable handle', 'ReceiptHandleIsInvalid'],
  ])('turns SQS refusing %s into a failure instead of throwing', async (_case, code) => {
    sqsMock.on(ChangeMessageVisibilityCommand).rejects(
      Object.assign(new Error('Message does not exist or is not available for visibility timeout change.'), {
        name: code,
      }),
    );
    const extend = sqsVisibilityExtender(new SQSClient({}), QUEUE_URL);

    const failures = await extend([{ target: target('a'), seconds: 10 }]);

    expect(failures).toEqual([{ target: target('a'), code, message: expect.any(String) }]);
  });

  it('uses one ChangeMessageVisibilityBatch per ten messages and maps failed entries back', async () => {
    sqsMock.on(ChangeMessageVisibilityBatchCommand).callsFake((input: { Entries: { Id: string }[] }) => ({
      Successful: input.Entries.slice(1).map((e) => ({ Id: e.Id })),
      Failed: [{ Id: input.Entries[0]?.Id, Code: 'ReceiptHandleIsInvalid', Message: 'stale', SenderFault: true }],
    }));
    const extend = sqsVisibilityExtender(new SQSClient({}), QUEUE_URL);
    const targets = Array.from({ length: 12 }, (_, i) => target(`t${i}`));

    const failures = await extend(targets.map((t) => ({ target: t, seconds: 10 })));

    const calls = sqsMock.commandCalls(ChangeMessageVisibilityBatchCommand);
    expect(calls.map((c) => c.args[0].input.Entries?.length)).toEqual([10, 2]);
    expect(failures.map((f) => f.target.id)).toEqual(['t0', 't10']);
    expect(sqsMock.commandCalls(ChangeMessageVisibilityCommand)).toHaveLength(0);
  });
});
