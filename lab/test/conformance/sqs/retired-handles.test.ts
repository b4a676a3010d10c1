import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { describe, expect } from 'vitest';
import { conform } from '#lab/test/conformance/behaviour';
import { sqsBehaviour } from './sqs-behaviours';
import { expectSqsError, useSqsLab } from './sqs-lab';

// The fidelity layer remembers a bounded number of retired receipt handles; this file's lab
// remembers 2, so the bound is reached after three receives instead of ten thousand.
const lab = useSqsLab({ retiredReceiptHandlesKept: 2 });

describe('SQS receipt handles retired long ago', () => {
  conform(sqsBehaviour('sqs.delete.long-retired-handle'), async () => {
    const { url } = await lab.queue();
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'm' }));
    const handles: string[] = [];
    for (let receive = 0; receive < 4; receive += 1) {
      const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 0 }));
      handles.push(Messages?.[0]?.ReceiptHandle ?? '');
    }
    const [oldest, retiredRecently] = handles;

    await expectSqsError(lab.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: oldest })), {
      name: 'ReceiptHandleIsInvalid',
    });
    await lab.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: retiredRecently }));

    const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 0 }));
    expect(Messages?.map((message) => message.Body)).toEqual(['m']);
  });
});
