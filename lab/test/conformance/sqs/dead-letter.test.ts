import {
  CancelMessageMoveTaskCommand,
  GetQueueAttributesCommand,
  ListDeadLetterSourceQueuesCommand,
  ListMessageMoveTasksCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import { describe, expect } from 'vitest';
import { conform } from '#lab/test/conformance/behaviour';
import { sqsBehaviour } from './sqs-behaviours';
import { expectSqsError, sleep, useSqsLab } from './sqs-lab';

const lab = useSqsLab();

const TRACE_HEADER = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';

/** A source queue with maxReceiveCount 1 in front of a DLQ (the recordings' "dlq pipe"). */
async function dlqPipe() {
  const dlq = await lab.queue();
  const source = await lab.queue({
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 1 }),
  });
  return { source, dlq };
}

/** Receives each message twice with VisibilityTimeout 0, which moves it to the DLQ. */
async function deadLetter(sourceUrl: string, count: number): Promise<Message[]> {
  const seen: Message[] = [];
  for (let i = 0; i < count * 2; i += 1) {
    const { Messages } = await lab.client.send(
      new ReceiveMessageCommand({
        QueueUrl: sourceUrl,
        VisibilityTimeout: 0,
        AttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
    );
    seen.push(...(Messages ?? []));
  }
  return seen;
}

async function receiveAll(url: string, expected: number): Promise<Message[]> {
  const received: Message[] = [];
  const deadline = Date.now() + 5_000;
  while (received.length < expected && Date.now() < deadline) {
    const { Messages } = await lab.client.send(
      new ReceiveMessageCommand({
        QueueUrl: url,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
        VisibilityTimeout: 30,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
    );
    received.push(...(Messages ?? []));
  }
  return received.sort((a, b) => (a.Body ?? '').localeCompare(b.Body ?? ''));
}

async function visibleCount(url: string): Promise<number> {
  const { Attributes } = await lab.client.send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] }),
  );
  return Number(Attributes?.ApproximateNumberOfMessages);
}

/** The recorded scenario of `test_dead_letter_queue_message_attributes`, run once per behaviour. */
async function deadLetteredMessages() {
  const { source, dlq } = await dlqPipe();
  await lab.client.send(
    new SendMessageCommand({
      QueueUrl: source.url,
      MessageBody: 'message-1',
      MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: TRACE_HEADER } },
      MessageAttributes: { MyAttribute: { DataType: 'String', StringValue: 'foobar' } },
    }),
  );
  await lab.client.send(new SendMessageCommand({ QueueUrl: source.url, MessageBody: 'message-2' }));
  const beforeDlq = (await deadLetter(source.url, 2)).sort((a, b) => (a.Body ?? '').localeCompare(b.Body ?? ''));
  return { source, dlq, beforeDlq, inDlq: await receiveAll(dlq.url, 2) };
}

describe('SQS dead-letter queues and move tasks', () => {
  conform(sqsBehaviour('sqs.dlq.source-arn'), async () => {
    const { source, inDlq } = await deadLetteredMessages();

    expect(inDlq.map((message) => message.Attributes?.DeadLetterQueueSourceArn)).toEqual([source.arn, source.arn]);
  });

  conform(sqsBehaviour('sqs.dlq.trace-header'), async () => {
    const { beforeDlq, inDlq } = await deadLetteredMessages();

    expect(beforeDlq[0]?.Attributes?.AWSTraceHeader).toBe(TRACE_HEADER);
    expect(inDlq.map((message) => message.Attributes?.AWSTraceHeader)).toEqual([TRACE_HEADER, undefined]);
  });

  conform(sqsBehaviour('sqs.dlq.receive-count'), async () => {
    const { beforeDlq, inDlq } = await deadLetteredMessages();

    expect(beforeDlq.map((message) => message.Attributes?.ApproximateReceiveCount)).toEqual(['1', '1']);
    expect(inDlq.map((message) => message.Attributes?.ApproximateReceiveCount)).toEqual(['2', '2']);
  });

  conform(sqsBehaviour('sqs.dlq.message-attributes'), async () => {
    const { beforeDlq, inDlq } = await deadLetteredMessages();

    expect(inDlq[0]?.MessageAttributes).toEqual({ MyAttribute: { DataType: 'String', StringValue: 'foobar' } });
    expect(inDlq[0]?.MD5OfMessageAttributes).toBe(beforeDlq[0]?.MD5OfMessageAttributes);
    expect(inDlq[1]?.MessageAttributes).toBeUndefined();
  });

  conform(sqsBehaviour('sqs.dlq.list-sources'), async () => {
    const { source, dlq } = await dlqPipe();
    const other = await lab.queue({
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 3 }),
    });

    const { queueUrls } = await lab.client.send(new ListDeadLetterSourceQueuesCommand({ QueueUrl: dlq.url }));

    expect([...(queueUrls ?? [])].sort()).toEqual([source.url, other.url].sort());
  });

  conform(sqsBehaviour('sqs.move-task.to-destination'), async () => {
    const { source, dlq } = await dlqPipe();
    const destination = await lab.queue();
    for (const body of ['message-1', 'message-2'])
      await lab.client.send(new SendMessageCommand({ QueueUrl: source.url, MessageBody: body }));
    await deadLetter(source.url, 2);

    const { TaskHandle } = await lab.client.send(
      new StartMessageMoveTaskCommand({ SourceArn: dlq.arn, DestinationArn: destination.arn }),
    );

    expect(TaskHandle).toEqual(expect.any(String));
    expect((await receiveAll(destination.url, 2)).map((message) => message.Body)).toEqual(['message-1', 'message-2']);
    const { Results } = await lab.client.send(new ListMessageMoveTasksCommand({ SourceArn: dlq.arn }));
    expect(Results).toEqual([
      {
        ApproximateNumberOfMessagesMoved: 2,
        ApproximateNumberOfMessagesToMove: 2,
        DestinationArn: destination.arn,
        SourceArn: dlq.arn,
        StartedTimestamp: expect.any(Number),
        Status: 'COMPLETED',
      },
    ]);
  });

  conform(sqsBehaviour('sqs.move-task.to-original-source'), async () => {
    const { source, dlq } = await dlqPipe();
    for (const body of ['message-1', 'message-2'])
      await lab.client.send(new SendMessageCommand({ QueueUrl: source.url, MessageBody: body }));
    await deadLetter(source.url, 2);

    await lab.client.send(new StartMessageMoveTaskCommand({ SourceArn: dlq.arn }));

    expect((await receiveAll(source.url, 2)).map((message) => message.Body)).toEqual(['message-1', 'message-2']);
    const { Results } = await lab.client.send(new ListMessageMoveTasksCommand({ SourceArn: dlq.arn }));
    expect(Results?.[0]).toEqual({
      ApproximateNumberOfMessagesMoved: 2,
      ApproximateNumberOfMessagesToMove: 2,
      SourceArn: dlq.arn,
      StartedTimestamp: expect.any(Number),
      Status: 'COMPLETED',
    });
  });

  conform(sqsBehaviour('sqs.move-task.source-must-be-dlq'), async () => {
    const source = await lab.queue();
    const destination = await lab.queue();

    const call = lab.client.send(
      new StartMessageMoveTaskCommand({ SourceArn: source.arn, DestinationArn: destination.arn }),
    );

    await expectSqsError(call, {
      name: 'InvalidParameterValue',
      message: 'Source queue must be configured as a Dead Letter Queue.',
    });
  });

  conform(sqsBehaviour('sqs.move-task.destination-must-exist'), async () => {
    const { dlq } = await dlqPipe();
    const destination = await lab.queue();

    const call = lab.client.send(
      new StartMessageMoveTaskCommand({ SourceArn: dlq.arn, DestinationArn: `${destination.arn}doesntexist` }),
    );

    await expectSqsError(call, {
      name: 'ResourceNotFoundException',
      message: "The resource that you specified for the DestinationArn parameter doesn't exist.",
      status: 404,
    });
  });

  conform(sqsBehaviour('sqs.move-task.one-per-source'), async () => {
    const { source, dlq } = await dlqPipe();
    const destination = await lab.queue();
    for (const body of ['a', 'b', 'c'])
      await lab.client.send(new SendMessageCommand({ QueueUrl: source.url, MessageBody: body }));
    await deadLetter(source.url, 3);
    const { TaskHandle } = await lab.client.send(
      new StartMessageMoveTaskCommand({
        SourceArn: dlq.arn,
        DestinationArn: destination.arn,
        MaxNumberOfMessagesPerSecond: 1,
      }),
    );

    const call = lab.client.send(
      new StartMessageMoveTaskCommand({ SourceArn: dlq.arn, DestinationArn: destination.arn }),
    );

    await expectSqsError(call, {
      name: 'InvalidParameterValue',
      message:
        'There is already a task running. Only one active task is allowed for a source queue arn at a given time.',
    });
    await lab.client.send(new CancelMessageMoveTaskCommand({ TaskHandle }));
  });

  conform(sqsBehaviour('sqs.move-task.rate-and-status'), async () => {
    const { source, dlq } = await dlqPipe();
    const destination = await lab.queue();
    for (const body of ['a', 'b', 'c', 'd'])
      await lab.client.send(new SendMessageCommand({ QueueUrl: source.url, MessageBody: body }));
    await deadLetter(source.url, 4);

    const { TaskHandle } = await lab.client.send(
      new StartMessageMoveTaskCommand({
        SourceArn: dlq.arn,
        DestinationArn: destination.arn,
        MaxNumberOfMessagesPerSecond: 1,
      }),
    );
    await sleep(300);

    const { Results } = await lab.client.send(new ListMessageMoveTasksCommand({ SourceArn: dlq.arn }));
    expect(Results?.[0]).toEqual({
      ApproximateNumberOfMessagesMoved: 1,
      ApproximateNumberOfMessagesToMove: 4,
      DestinationArn: destination.arn,
      MaxNumberOfMessagesPerSecond: 1,
      SourceArn: dlq.arn,
      StartedTimestamp: expect.any(Number),
      Status: 'RUNNING',
      TaskHandle,
    });
    await lab.client.send(new CancelMessageMoveTaskCommand({ TaskHandle }));
  });

  conform(sqsBehaviour('sqs.move-task.cancel'), async () => {
    const { source, dlq } = await dlqPipe();
    const destination = await lab.queue();
    for (let i = 0; i < 10; i += 1)
      await lab.client.send(new SendMessageCommand({ QueueUrl: source.url, MessageBody: `message-${i}` }));
    await deadLetter(source.url, 10);
    const { TaskHandle } = await lab.client.send(
      new StartMessageMoveTaskCommand({
        SourceArn: dlq.arn,
        DestinationArn: destination.arn,
        MaxNumberOfMessagesPerSecond: 1,
      }),
    );
    await receiveAll(destination.url, 2);

    const cancelled = await lab.client.send(new CancelMessageMoveTaskCommand({ TaskHandle }));

    expect(cancelled.ApproximateNumberOfMessagesMoved).toBe(2);
    const { Results } = await lab.client.send(new ListMessageMoveTasksCommand({ SourceArn: dlq.arn }));
    expect(Results?.[0]).toMatchObject({ Status: 'CANCELLED', ApproximateNumberOfMessagesToMove: 10 });
    expect(Results?.[0]?.TaskHandle).toBeUndefined();
    expect(await visibleCount(dlq.url)).toBe(8);
  });

  conform(sqsBehaviour('sqs.move-task.cancel-invalid-handle'), async () => {
    const call = lab.client.send(new CancelMessageMoveTaskCommand({ TaskHandle: 'foobared' }));

    await expectSqsError(call, {
      name: 'InvalidParameterValue',
      message: 'Value for parameter TaskHandle is invalid.',
    });
  });

  conform(sqsBehaviour('sqs.move-task.cancel-unknown-source'), async () => {
    const sourceArn = 'arn:aws:sqs:us-east-1:878966065785:test-queue-doesnt-exist-123456';
    const handle = Buffer.from(JSON.stringify({ taskId: '10f57157-fc38-4da9-a113-4de7e12d05dd', sourceArn })).toString(
      'base64',
    );

    const call = lab.client.send(new CancelMessageMoveTaskCommand({ TaskHandle: handle }));

    await expectSqsError(call, {
      name: 'ResourceNotFoundException',
      message: "The resource that you specified for the SourceArn parameter doesn't exist.",
      status: 404,
    });
  });

  conform(sqsBehaviour('sqs.move-task.cancel-unknown-task'), async () => {
    const source = await lab.queue();
    const handle = Buffer.from(
      JSON.stringify({ taskId: '10f57157-fc38-4da9-a113-4de7e12d05aa', sourceArn: source.arn }),
    ).toString('base64');

    const call = lab.client.send(new CancelMessageMoveTaskCommand({ TaskHandle: handle }));

    await expectSqsError(call, { name: 'ResourceNotFoundException', message: 'Task does not exist.', status: 404 });
  });
});
