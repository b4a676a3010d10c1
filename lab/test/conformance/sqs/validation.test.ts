import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
} from '@aws-sdk/client-sqs';
import { describe, expect } from 'vitest';
import { LAB_REGION } from '#lab/common/local-aws';
import { startLabGateway } from '#lab/gateway/lab-gateway';
import { proxyHandler } from '#lab/gateway/proxy-handler';
import { sqsApi } from '#lab/services/sqs/sqs-api';
import { conform } from '#lab/test/conformance/behaviour';
import { sqsBehaviour } from './sqs-behaviours';
import { expectSqsError, useSqsLab } from './sqs-lab';

const lab = useSqsLab();

const ID_RULE = (name: string, value: string): string =>
  `Value ${value} for parameter ${name} is invalid. Reason: ${name} can only include alphanumeric and punctuation characters. 1 to 128 in length.`;

async function messageCount(url: string): Promise<number> {
  const { Messages } = await lab.client.send(
    new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }),
  );
  return Messages?.length ?? 0;
}

describe('SQS validation and receive shape', () => {
  conform(sqsBehaviour('sqs.receive.message-attributes-when-asked'), async () => {
    const { url } = await lab.queue();
    await lab.client.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: 'msg',
        MessageAttributes: { Hello: { DataType: 'String', StringValue: 'There' } },
      }),
    );

    const plain = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 0 }));
    const all = await lab.client.send(
      new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 0, MessageAttributeNames: ['All'] }),
    );

    expect(plain.Messages?.[0]?.MessageAttributes).toBeUndefined();
    expect(plain.Messages?.[0]?.MD5OfMessageAttributes).toBeUndefined();
    expect(all.Messages?.[0]?.MessageAttributes).toEqual({ Hello: { DataType: 'String', StringValue: 'There' } });
    expect(all.Messages?.[0]?.MD5OfMessageAttributes).toEqual(expect.any(String));
  });

  conform(sqsBehaviour('sqs.receive.message-attribute-prefix'), async () => {
    const { url } = await lab.queue();
    await lab.client.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: 'msg',
        MessageAttributes: {
          Hello: { DataType: 'String', StringValue: 'There' },
          General: { DataType: 'String', StringValue: 'Kenobi' },
          'Help.Me': { DataType: 'String', StringValue: 'Me' },
        },
      }),
    );

    const { Messages } = await lab.client.send(
      new ReceiveMessageCommand({ QueueUrl: url, MessageAttributeNames: ['Help.*'] }),
    );

    expect(Object.keys(Messages?.[0]?.MessageAttributes ?? {})).toEqual(['Help.Me']);
  });

  conform(sqsBehaviour('sqs.batch.too-many-entries'), async () => {
    const { url } = await lab.queue();
    const entries = Array.from({ length: 20 }, (_, i) => ({ Id: `id-${i}`, MessageBody: `m${i}` }));

    const call = lab.client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries }));

    await expectSqsError(call, {
      name: 'TooManyEntriesInBatchRequest',
      code: 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
      message: 'Maximum number of entries per request are 10. You have sent 20.',
    });
  });

  conform(sqsBehaviour('sqs.batch.invalid-entry-id'), async () => {
    const { url } = await lab.queue();
    const expected = {
      name: 'InvalidBatchEntryId',
      code: 'AWS.SimpleQueueService.InvalidBatchEntryId',
      message:
        'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
    };

    for (const id of ['invalid:id', 'testLongId'.repeat(10)]) {
      await expectSqsError(
        lab.client.send(
          new DeleteMessageBatchCommand({ QueueUrl: url, Entries: [{ Id: id, ReceiptHandle: 'handle' }] }),
        ),
        expected,
      );
    }
  });

  conform(sqsBehaviour('sqs.batch.empty'), async () => {
    const { url } = await lab.queue();

    const call = lab.client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [] }));

    await expectSqsError(call, { name: 'EmptyBatchRequest', code: 'AWS.SimpleQueueService.EmptyBatchRequest' });
  });

  conform(sqsBehaviour('sqs.batch.ids-not-distinct'), async () => {
    const { url } = await lab.queue();

    const call = lab.client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'same', MessageBody: 'a' },
          { Id: 'same', MessageBody: 'b' },
        ],
      }),
    );

    await expectSqsError(call, {
      name: 'BatchEntryIdsNotDistinct',
      code: 'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
    });
  });

  conform(sqsBehaviour('sqs.fifo.batch-missing-deduplication-id'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'false' });

    const call = lab.client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'with', MessageBody: 'messageBody', MessageGroupId: 'test-group', MessageDeduplicationId: 'dedup-1' },
          { Id: 'without', MessageBody: 'messageBody', MessageGroupId: 'test-group' },
        ],
      }),
    );

    await expectSqsError(call, {
      name: 'InvalidParameterValue',
      message:
        'The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
      status: 400,
    });
    expect(await messageCount(url)).toBe(0);
  });

  conform(sqsBehaviour('sqs.fifo.batch-missing-group-id'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'true' });

    const call = lab.client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'with', MessageBody: 'a', MessageGroupId: 'g' },
          { Id: 'without', MessageBody: 'b' },
        ],
      }),
    );

    await expectSqsError(call, {
      name: 'InvalidParameterValue',
      message: 'The request must contain the parameter MessageGroupId.',
    });
    expect(await messageCount(url)).toBe(0);
  });

  conform(sqsBehaviour('sqs.fifo.receive-group-in-order'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'true' });
    for (const [body, group] of [
      ['g1-m1', 'group-1'],
      ['g2-m1', 'group-2'],
      ['g1-m2', 'group-1'],
      ['g1-m3', 'group-1'],
    ] as const) {
      await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body, MessageGroupId: group }));
    }

    const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10 }));

    expect(Messages?.map((message) => message.Body)).toEqual(['g1-m1', 'g1-m2', 'g1-m3', 'g2-m1']);
  });

  conform(sqsBehaviour('sqs.attributes.fifo-only-on-create'), async () => {
    const name = `standard-${Date.now().toString(36)}`;
    const cases: [Record<string, string>, string][] = [
      [{ FifoQueue: 'false' }, 'Unknown Attribute FifoQueue.'],
      [{ ContentBasedDeduplication: 'false' }, 'Unknown Attribute ContentBasedDeduplication.'],
      [{ DeduplicationScope: 'queue' }, 'You can specify the DeduplicationScope only when FifoQueue is set to true.'],
      [
        { FifoThroughputLimit: 'perQueue' },
        'You can specify the FifoThroughputLimit only when FifoQueue is set to true.',
      ],
    ];

    for (const [attributes, message] of cases) {
      await expectSqsError(lab.client.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes })), {
        name: 'InvalidAttributeName',
        message,
        status: 400,
      });
    }
  });

  conform(sqsBehaviour('sqs.attributes.fifo-only-on-set'), async () => {
    const { url } = await lab.queue();

    for (const value of ['true', 'false']) {
      await expectSqsError(
        lab.client.send(new SetQueueAttributesCommand({ QueueUrl: url, Attributes: { FifoQueue: value } })),
        {
          name: 'InvalidAttributeName',
          message: 'Unknown Attribute FifoQueue.',
        },
      );
    }
  });

  conform(sqsBehaviour('sqs.attributes.fifo-type-fixed'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true' });
    await lab.client.send(new SetQueueAttributesCommand({ QueueUrl: url, Attributes: { FifoQueue: 'true' } }));

    const call = lab.client.send(new SetQueueAttributesCommand({ QueueUrl: url, Attributes: { FifoQueue: 'false' } }));

    await expectSqsError(call, {
      name: 'InvalidAttributeValue',
      message: 'Invalid value for the parameter FifoQueue. Reason: Modifying queue type is not supported.',
    });
  });

  conform(sqsBehaviour('sqs.standard.message-group-id-rules'), async () => {
    const { url } = await lab.queue();

    for (const groupId of ['', 'a'.repeat(129), 'group 123']) {
      await expectSqsError(
        lab.client.send(
          new SendMessageCommand({ QueueUrl: url, MessageBody: 'Hello World!', MessageGroupId: groupId }),
        ),
        {
          name: 'InvalidParameterValue',
          message: ID_RULE('MessageGroupId', groupId),
        },
      );
    }
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'fair', MessageGroupId: 'tenant-1' }));
  });

  conform(sqsBehaviour('sqs.fifo.deduplication-id-rules'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true' });

    for (const dedupId of ['', 'a'.repeat(129), 'group 123']) {
      await expectSqsError(
        lab.client.send(
          new SendMessageCommand({
            QueueUrl: url,
            MessageBody: 'Hello World!',
            MessageGroupId: 'test',
            MessageDeduplicationId: dedupId,
          }),
        ),
        { name: 'InvalidParameterValue', message: ID_RULE('MessageDeduplicationId', dedupId) },
      );
    }
  });

  conform(sqsBehaviour('sqs.fifo.per-message-delay'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'true' });

    const call = lab.client.send(
      new SendMessageCommand({ QueueUrl: url, MessageBody: 'm', MessageGroupId: 'g', DelaySeconds: 2 }),
    );

    await expectSqsError(call, {
      name: 'InvalidParameterValue',
      message:
        'Value 2 for parameter DelaySeconds is invalid. Reason: The request include parameter that is not valid for this queue type.',
    });
  });

  conform(sqsBehaviour('sqs.receive.max-number-range'), async () => {
    const { url } = await lab.queue();

    const call = lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 11 }));

    await expectSqsError(call, {
      name: 'InvalidParameterValue',
      message: 'Value 11 for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10, if provided.',
    });
  });

  conform(sqsBehaviour('sqs.receive.wait-time-range'), async () => {
    const { url } = await lab.queue();

    const call = lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 21 }));

    await expectSqsError(call, {
      name: 'InvalidParameterValue',
      message: 'Value 21 for parameter WaitTimeSeconds is invalid. Reason: Must be >= 0 and <= 20, if provided.',
    });
  });

  conform(sqsBehaviour('sqs.send.supplementary-characters'), async () => {
    const { url } = await lab.queue();
    const body = 'order 🍣 𠮷野家';

    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body }));

    const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url }));
    expect(Messages?.[0]?.Body).toBe(body);
  });

  conform(sqsBehaviour('sqs.protocol.query'), async () => {
    const { url } = await lab.queue();
    const form = new URLSearchParams({ Action: 'SendMessage', QueueUrl: url, MessageBody: 'm', Version: '2012-11-05' });
    const post = (endpoint: string) =>
      fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `AWS4-HMAC-SHA256 Credential=lab/20261126/${LAB_REGION}/sqs/aws4_request, SignedHeaders=host, Signature=00`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
      });
    const gateway = await startLabGateway([sqsApi(proxyHandler('sqs', lab.emulators.sqsCliEndpoint))]);
    try {
      const served = await post(gateway.url);
      expect(served.status).toBe(200);
      expect(await served.text()).toMatch(
        /^<\?xml[^>]*>\s*<SendMessageResponse xmlns="http:\/\/queue.amazonaws.com\/doc\/2012-11-05\/"><SendMessageResult><MD5OfMessageBody>6f8f57715090da2632453988d9a1501b<\/MD5OfMessageBody>/,
      );
    } finally {
      await gateway.stop();
    }

    // The emulator's own port: not an SQS SendMessageResponse.
    const direct = await post(lab.emulators.sqsCliEndpoint);
    expect(direct.status).toBeGreaterThanOrEqual(400);
    expect(await direct.text()).not.toContain('SendMessageResult');
  });
});
