/**
 * A queue's messages read from the emulator's state, without receiving: every one of them in
 * pages (a ReceiveMessage peek returns at most 10), no receive counted by the read, and a
 * DLQ's messages with the receive count they had when their redrive policy moved them.
 */
import { ReceiveMessageCommand, SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { createQueueWithArn, sqsEmulatorsForThisFile } from '#lab/test/helpers/sqs-emulators';

const lab = sqsEmulatorsForThisFile();
const queue = (name: string, attributes?: Record<string, string>) => createQueueWithArn(lab.sqs(), name, attributes);

describe('Emulators.queueContents', () => {
  it('pages through all 250 messages of a queue, oldest first, and the read counts no receive', async () => {
    const { url } = await queue('contents-250');
    for (let batch = 0; batch < 25; batch += 1) {
      await lab.sqs().send(
        new SendMessageBatchCommand({
          QueueUrl: url,
          Entries: Array.from({ length: 10 }, (_, i) => ({ Id: `m${i}`, MessageBody: `${batch * 10 + i}` })),
        }),
      );
    }

    const pages = [];
    for (let offset = 0; offset < 250; offset += 100) {
      pages.push(await lab.emulators().queueContents(url, { offset, limit: 100 }));
    }

    expect(pages.map((page) => [page.total, page.offset, page.messages.length])).toEqual([
      [250, 0, 100],
      [250, 100, 100],
      [250, 200, 50],
    ]);
    const messages = pages.flatMap((page) => page.messages);
    expect(new Set(messages.map((message) => message.messageId)).size).toBe(250);
    expect(messages.every((message) => message.state === 'visible' && message.receiveCount === 0)).toBe(true);
    const again = await lab.emulators().queueContents(url, { offset: 0, limit: 1 });
    expect(again.messages[0]?.receiveCount).toBe(0);
  });

  it("shows a moved message's receive count on arrival and its source, however often the DLQ is received from", async () => {
    const dlq = await queue('contents-dlq');
    const source = await queue('contents-source', {
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 2 }),
    });
    await lab.sqs().send(new SendMessageCommand({ QueueUrl: source.url, MessageBody: 'poison' }));
    // Two receives with visibility 0 spend maxReceiveCount; the third moves the message (SQS
    // moves it on the receive after the count is exceeded).
    for (let receive = 0; receive < 3; receive += 1) {
      await lab.sqs().send(new ReceiveMessageCommand({ QueueUrl: source.url, VisibilityTimeout: 0 }));
    }
    const moved = await lab.emulators().queueContents(dlq.url, { offset: 0, limit: 10 });
    expect(moved.total).toBe(1);
    expect(moved.messages[0]).toMatchObject({
      body: 'poison',
      receiveCountOnArrival: 2,
      deadLetterQueueSourceArn: source.arn,
    });

    // Receiving from the DLQ (as the old console peek did) raises the count SQS reports, not the arrival count.
    await lab.sqs().send(new ReceiveMessageCommand({ QueueUrl: dlq.url, VisibilityTimeout: 0 }));
    const after = await lab.emulators().queueContents(dlq.url, { offset: 0, limit: 10 });
    expect(after.messages[0]).toMatchObject({ receiveCount: 3, receiveCountOnArrival: 2 });
  });

  it('shows a received message in flight, and visible again once its visibility timeout ends', async () => {
    const { url } = await queue('contents-in-flight');
    await lab.sqs().send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'working' }));
    await lab.sqs().send(new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 1 }));
    const state = async () => (await lab.emulators().queueContents(url, { offset: 0, limit: 10 })).messages[0]?.state;

    expect(await state()).toBe('in-flight');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await state()).toBe('visible');
  });

  it('refuses a page it cannot serve and a queue that does not exist', async () => {
    const { url } = await queue('contents-refusals');
    await expect(lab.emulators().queueContents(url, { offset: -1, limit: 10 })).rejects.toThrow(/offset must be/);
    await expect(lab.emulators().queueContents(url, { offset: 0, limit: 501 })).rejects.toThrow(/limit must be/);
    await expect(lab.emulators().queueContents(`${url}-missing`, { offset: 0, limit: 10 })).rejects.toThrow(
      /does not exist/,
    );
  });
});
