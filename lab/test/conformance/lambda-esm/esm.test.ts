import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  SendMessageBatchCommand,
  SetQueueAttributesCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import type { LabLogRecord } from '#lab/bus/lab-log-record';
import { InvalidParameterValueError, MappingValidationError } from '#lab/services/lambda/errors';
import type { BatchFormation } from '#lab/services/lambda/event-source-mapping/batch-formation';
import {
  EventSourceMapping,
  type EventSourceMappingProperties,
} from '#lab/services/lambda/event-source-mapping/event-source-mapping';
import { MAX_INVOCATION_PAYLOAD_BYTES } from '#lab/services/lambda/event-source-mapping/payload-limit';
import {
  LAB_MAX_CONCURRENT_BATCHES,
  LAMBDA_START_CONCURRENCY,
} from '#lab/services/lambda/event-source-mapping/scaling';
import type { Invocable, InvocationResult } from '#lab/services/lambda/runtime/local-function';
import { conform } from '#lab/test/conformance/behaviour';
import { messagesInQueue, receiveAll } from '#lab/test/helpers/queue-messages';
import { waitFor } from '#lab/test/helpers/wait-for';
import { sqsEmulatorsForThisFile } from '#lab/test/helpers/sqs-emulators';
import { SqsJsonClient } from '#lab/emulators/sqs-json-client';
import { ESM_BEHAVIOURS } from './esm-behaviours';

/**
 * Each behaviour of ESM_BEHAVIOURS, asserted on the lab's event source mapping against the
 * SQS emulator. The functions are in-process stubs (the mapping's rules do not depend on the
 * runtime), the queues have 1 s visibility timeouts, and every test has its own queue, so the
 * tests run concurrently.
 */
const behaviour = (id: (typeof ESM_BEHAVIOURS)[number]['id']) => {
  const found = ESM_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no behaviour ${id}`);
  return found;
};

const shared = sqsEmulatorsForThisFile();
let sqs: SQSClient;
/** The pollers' calls, sent as the lab sends them. */
let pollerCalls: SqsJsonClient;
let queueNumber = 0;

beforeAll(() => {
  sqs = shared.sqs();
  pollerCalls = new SqsJsonClient({ endpoint: shared.emulators().sqsEndpoint });
});

afterAll(() => pollerCalls.destroy());

interface TestQueue {
  readonly name: string;
  readonly url: string;
  readonly arn: string;
  readonly dlqUrl: string;
}

/** A queue with a DLQ after `maxReceiveCount` receives. */
async function makeQueue(options: { visibilityTimeout?: number; maxReceiveCount?: number } = {}): Promise<TestQueue> {
  queueNumber += 1;
  const name = `esm-conf-${Date.now().toString(36)}-${queueNumber}`;
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
  const dlqArn = await arnOf(dlq.QueueUrl ?? '');
  const created = await sqs.send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: String(options.visibilityTimeout ?? 1),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: options.maxReceiveCount ?? 5 }),
      },
    }),
  );
  const url = created.QueueUrl ?? '';
  return { name, url, arn: await arnOf(url), dlqUrl: dlq.QueueUrl ?? '' };
}

async function arnOf(url: string): Promise<string> {
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
  return Attributes?.QueueArn ?? '';
}

async function send(queue: TestQueue, bodies: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < bodies.length; start += 10) {
    const chunk = bodies.slice(start, start + 10);
    const response = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: chunk.map((body, index) => ({ Id: String(index), MessageBody: body })),
      }),
    );
    for (let index = 0; index < chunk.length; index += 1)
      ids.push(response.Successful?.find((entry) => entry.Id === String(index))?.MessageId ?? '');
  }
  return ids;
}

/** A stub function: records every event and answers as `answer` says. */
class StubFunction implements Invocable {
  readonly ref = { stackName: 'ConformanceStack', functionId: 'Stub', functionName: 'ConformanceStack-Stub' };
  readonly events: SQSEvent[] = [];
  running = 0;
  mostRunning = 0;

  constructor(
    private readonly answer: (event: SQSEvent, call: number) => Promise<InvocationResult> | InvocationResult,
    readonly timeoutSeconds = 1,
  ) {}

  async invoke(event: unknown): Promise<InvocationResult> {
    const sqsEvent = event as SQSEvent;
    this.events.push(sqsEvent);
    this.running += 1;
    this.mostRunning = Math.max(this.mostRunning, this.running);
    try {
      return await this.answer(sqsEvent, this.events.length);
    } finally {
      this.running -= 1;
    }
  }

  /** Every record the function was given, in order. */
  get records() {
    return this.events.flatMap((e) => e.Records);
  }
}

const ok = (payload: unknown = null): InvocationResult => ({
  status: 'success',
  requestId: 'r',
  payload,
  durationMs: 1,
});
const failed = (status: 'error' | 'timeout'): InvocationResult => ({
  status,
  requestId: 'r',
  error: { errorType: 'Error', errorMessage: 'boom', trace: [] },
  durationMs: 1,
});

const FULL: BatchFormation = { mode: 'full' };

/** Runs `body` with a mapping, always stopping it. */
async function withMapping(
  options: {
    readonly queue: TestQueue;
    readonly fn: StubFunction;
    readonly properties?: EventSourceMappingProperties;
    readonly pollers?: number;
    readonly batchFormation?: BatchFormation;
    readonly reservedConcurrency?: number;
    readonly logs?: LabBus;
  },
  body: (mapping: EventSourceMapping) => Promise<void>,
): Promise<void> {
  const mapping = await EventSourceMapping.create({
    sqs: pollerCalls,
    queue: options.queue,
    fn: options.fn,
    properties: options.properties ?? { BatchSize: 10 },
    pollers: options.pollers,
    batchFormation: options.batchFormation ?? FULL,
    waitTimeSeconds: 1,
    logs: options.logs,
    ...(options.reservedConcurrency === undefined
      ? {}
      : { function: { reservedConcurrency: options.reservedConcurrency } }),
  });
  try {
    await body(mapping);
  } finally {
    await mapping.stop(3000);
  }
}

const RBIF: EventSourceMappingProperties = { BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'] };
const receiveCounts = (fn: StubFunction, messageId: string): number[] =>
  fn.records.filter((r) => r.messageId === messageId).map((r) => Number(r.attributes.ApproximateReceiveCount));

describe.concurrent('Lambda event source mapping conformance', () => {
  conform(behaviour('esm.record.shape'), async () => {
    const queue = await makeQueue();
    const fn = new StubFunction(() => ok());
    await withMapping({ queue, fn, pollers: 1 }, async () => {
      const { SendMessageCommand } = await import('@aws-sdk/client-sqs');
      const sent = await sqs.send(
        new SendMessageCommand({
          QueueUrl: queue.url,
          MessageBody: 'hello',
          MessageAttributes: {
            Colour: { DataType: 'String', StringValue: 'blue' },
            Blob: { DataType: 'Binary', BinaryValue: Buffer.from('bin') },
          },
        }),
      );
      const record = await waitFor(() => fn.records[0], 5000, 'the record');
      expect(record).toEqual({
        messageId: sent.MessageId,
        receiptHandle: expect.any(String),
        body: 'hello',
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: expect.stringMatching(/^\d{13}$/),
          SenderId: expect.any(String),
          ApproximateFirstReceiveTimestamp: expect.stringMatching(/^\d{13}$/),
        },
        messageAttributes: {
          Colour: { stringValue: 'blue', stringListValues: [], binaryListValues: [], dataType: 'String' },
          Blob: {
            binaryValue: Buffer.from('bin').toString('base64'),
            stringListValues: [],
            binaryListValues: [],
            dataType: 'Binary',
          },
        },
        md5OfBody: '5d41402abc4b2a76b9719d911017c592',
        md5OfMessageAttributes: expect.stringMatching(/^[0-9a-f]{32}$/),
        eventSource: 'aws:sqs',
        eventSourceARN: queue.arn,
        awsRegion: 'us-east-1',
      });
    });
  });

  conform(behaviour('esm.batch.fewer-than-batch-size'), async () => {
    const queue = await makeQueue();
    const fn = new StubFunction(() => ok());
    await withMapping({ queue, fn, batchFormation: { mode: 'aws', seed: 3 } }, async () => {
      await send(
        queue,
        Array.from({ length: 10 }, (_, i) => `m${i}`),
      );
      await waitFor(() => fn.records.length >= 10, 5000, 'ten records');
      const sizes = fn.events.map((event) => event.Records.length);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(10);
      expect(sizes.length).toBeGreaterThan(1);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
    });
  });

  conform(behaviour('esm.success.deletes-batch'), async () => {
    const queue = await makeQueue();
    const fn = new StubFunction(() => ok({ anything: true }));
    await withMapping({ queue, fn, pollers: 1 }, async (mapping) => {
      await send(queue, ['a', 'b', 'c']);
      await waitFor(() => mapping.counters.messagesDeleted >= 3, 5000, 'three deletions');
      expect(await messagesInQueue(sqs, queue.url)).toBe(0);
      expect(fn.records).toHaveLength(3);
    });
  });

  conform(behaviour('esm.error.batch-returns'), async () => {
    const queue = await makeQueue();
    const fn = new StubFunction((_event, call) => (call === 1 ? failed('error') : ok()));
    await withMapping({ queue, fn, pollers: 1 }, async (mapping) => {
      const [id] = await send(queue, ['retry me']);
      await waitFor(() => mapping.counters.messagesDeleted >= 1, 6000, 'the retry to succeed');
      expect(receiveCounts(fn, id ?? '')).toEqual([1, 2]);
      const [first, second] = fn.events;
      expect(first?.Records[0]?.receiptHandle).not.toBe(second?.Records[0]?.receiptHandle);
      expect(await messagesInQueue(sqs, queue.url)).toBe(0);
    });
  });

  conform(behaviour('esm.timeout.batch-returns'), async () => {
    const queue = await makeQueue();
    const fn = new StubFunction((_event, call) => (call === 1 ? failed('timeout') : ok()));
    await withMapping({ queue, fn, pollers: 1 }, async (mapping) => {
      const [id] = await send(queue, ['slow']);
      await waitFor(() => mapping.counters.messagesDeleted >= 1, 6000, 'the retry');
      expect(receiveCounts(fn, id ?? '')).toEqual([1, 2]);
      expect(mapping.counters.timeouts).toBe(1);
    });
  });

  conform(behaviour('esm.partial.listed-stay'), async () => {
    const queue = await makeQueue();
    const fn = new StubFunction((event, call) =>
      ok(call === 1 ? { batchItemFailures: [{ itemIdentifier: event.Records[1]?.messageId }] } : {}),
    );
    await withMapping({ queue, fn, pollers: 1, properties: RBIF }, async (mapping) => {
      const [kept, failing, alsoKept] = await send(queue, ['a', 'b', 'c']);
      await waitFor(() => mapping.counters.messagesDeleted >= 3, 6000, 'all deleted');
      expect(receiveCounts(fn, kept ?? '')).toEqual([1]);
      expect(receiveCounts(fn, alsoKept ?? '')).toEqual([1]);
      expect(receiveCounts(fn, failing ?? '')).toEqual([1, 2]);
    });
  });

  conform(behaviour('esm.partial.empty-response-succeeds'), async () => {
    const queue = await makeQueue({ maxReceiveCount: 1 });
    const fn = new StubFunction(() => ok({}));
    await withMapping({ queue, fn, pollers: 1, properties: RBIF }, async (mapping) => {
      await send(queue, [JSON.stringify({ message: 1, fail_attempts: 0 })]);
      await waitFor(() => mapping.counters.messagesDeleted >= 1, 5000, 'the deletion');
      await sleep(1500);
      expect(fn.records).toHaveLength(1);
      expect(await receiveAll(sqs, queue.dlqUrl)).toEqual([]);
    });
  });

  conform(behaviour('esm.partial.invalid-entry-fails-batch'), async () => {
    const queue = await makeQueue({ maxReceiveCount: 2 });
    const fn = new StubFunction(() => ok({ batchItemFailures: [{ foo: 'notvalid' }] }));
    await withMapping({ queue, fn, pollers: 1, properties: RBIF }, async (mapping) => {
      const [id] = await send(queue, [JSON.stringify({ message: 1, fail_attempts: 0 })]);
      const dlq = await waitFor(
        async () => {
          const messages = await receiveAll(sqs, queue.dlqUrl);
          return messages.length > 0 ? messages : undefined;
        },
        8000,
        'the DLQ',
      );
      expect(dlq.map((m) => m.MessageId)).toEqual([id]);
      expect(receiveCounts(fn, id ?? '')).toEqual([1, 2]);
      expect(mapping.counters.invalidResponses).toBe(2);
    });
  });

  conform(
    behaviour('esm.partial.unknown-identifier-fails-batch'),
    async () => {
      const queue = await makeQueue();
      const answers = [{ itemIdentifier: 'not-in-this-batch' }, { itemIdentifier: '' }, { itemIdentifier: null }];
      const fn = new StubFunction((_event, call) =>
        ok(call <= answers.length ? { batchItemFailures: [answers[call - 1]] } : {}),
      );
      await withMapping({ queue, fn, pollers: 1, properties: RBIF }, async (mapping) => {
        const [a, b] = await send(queue, ['a', 'b']);
        await waitFor(() => mapping.counters.messagesDeleted >= 2, 9000, 'the successful fourth attempt');
        expect(receiveCounts(fn, a ?? '')).toEqual([1, 2, 3, 4]);
        expect(receiveCounts(fn, b ?? '')).toEqual([1, 2, 3, 4]);
        expect(mapping.counters.invalidResponses).toBe(3);
      });
    },
    15_000,
  );

  conform(behaviour('esm.partial.error-fails-batch'), async () => {
    const queue = await makeQueue();
    const fn = new StubFunction((_event, call) => (call === 1 ? failed('error') : ok({})));
    await withMapping({ queue, fn, pollers: 1, properties: RBIF }, async (mapping) => {
      const [a, b] = await send(queue, ['a', 'b']);
      await waitFor(() => mapping.counters.messagesDeleted >= 2, 6000, 'the retry');
      expect(receiveCounts(fn, a ?? '')).toEqual([1, 2]);
      expect(receiveCounts(fn, b ?? '')).toEqual([1, 2]);
    });
  });

  conform(behaviour('esm.redrive.max-receive-count'), async () => {
    const queue = await makeQueue({ maxReceiveCount: 2 });
    const fn = new StubFunction(() => failed('error'));
    await withMapping({ queue, fn, pollers: 1 }, async () => {
      const [id] = await send(queue, ['always fails']);
      const dlq = await waitFor(
        async () => {
          const messages = await receiveAll(sqs, queue.dlqUrl);
          return messages.length > 0 ? messages : undefined;
        },
        8000,
        'the DLQ',
      );
      expect(dlq[0]?.Body).toBe('always fails');
      expect(receiveCounts(fn, id ?? '')).toEqual([1, 2]);
    });
  });

  conform(behaviour('esm.create.visibility-timeout-check'), async () => {
    const queue = await makeQueue({ visibilityTimeout: 5 });
    const creating = EventSourceMapping.create({
      sqs: pollerCalls,
      queue,
      fn: new StubFunction(() => ok(), 30),
      properties: {},
    });
    await expect(creating).rejects.toBeInstanceOf(InvalidParameterValueError);
    await expect(creating).rejects.toThrow(
      'Queue visibility timeout: 5 seconds is less than Function timeout: 30 seconds',
    );
    await expect(creating).rejects.toMatchObject({ name: 'InvalidParameterValueException' });
  });

  conform(behaviour('esm.update.visibility-timeout-check'), async () => {
    const queue = await makeQueue({ visibilityTimeout: 30 });
    const fn = new StubFunction(() => ok(), 30);
    await withMapping({ queue, fn, pollers: 1, properties: { BatchSize: 10 } }, async (mapping) => {
      await sqs.send(new SetQueueAttributesCommand({ QueueUrl: queue.url, Attributes: { VisibilityTimeout: '5' } }));
      await expect(mapping.update({ properties: { BatchSize: 5 } })).rejects.toThrow(
        'Queue visibility timeout: 5 seconds is less than Function timeout: 30 seconds',
      );
      expect(mapping.properties.BatchSize).toBe(10);
      await expect(
        mapping.update({ function: { timeoutSeconds: 5 }, properties: { BatchSize: 5 } }),
      ).resolves.toBeUndefined();
      expect(mapping.properties.BatchSize).toBe(5);
    });
  });

  conform(behaviour('esm.batch-size.window-required'), async () => {
    const queue = await makeQueue();
    const message = 'Maximum batch window in seconds must be greater than 0 if maximum batch size is greater than 10';
    await expect(
      EventSourceMapping.create({
        sqs: pollerCalls,
        queue,
        fn: new StubFunction(() => ok()),
        properties: { BatchSize: 11 },
      }),
    ).rejects.toThrow(message);
    await withMapping({ queue, fn: new StubFunction(() => ok()), pollers: 1 }, async (mapping) => {
      await expect(mapping.update({ properties: { BatchSize: 11 } })).rejects.toThrow(message);
      await expect(
        mapping.update({ properties: { BatchSize: 11, MaximumBatchingWindowInSeconds: 1 } }),
      ).resolves.toBeUndefined();
      expect(mapping.properties).toMatchObject({ BatchSize: 11, MaximumBatchingWindowInSeconds: 1 });
    });
  });

  conform(behaviour('esm.scaling.starts-with-five'), async () => {
    const queue = await makeQueue({ visibilityTimeout: 5 });
    const fn = new StubFunction(async () => {
      await sleep(1500);
      return ok();
    });
    await withMapping({ queue, fn, properties: { BatchSize: 1 } }, async (mapping) => {
      expect(mapping.concurrency).toBe(LAMBDA_START_CONCURRENCY);
      await send(
        queue,
        Array.from({ length: 20 }, (_, i) => `m${i}`),
      );
      await waitFor(() => fn.running >= LAMBDA_START_CONCURRENCY, 3000, 'five invocations at once');
      expect(fn.mostRunning).toBe(LAMBDA_START_CONCURRENCY);
    });
  });

  conform(
    behaviour('esm.scaling.scales-up-to-cap'),
    async () => {
      const queue = await makeQueue({ visibilityTimeout: 5 });
      const fn = new StubFunction(async () => {
        await sleep(700);
        return ok();
      });
      await withMapping({ queue, fn, properties: { BatchSize: 1 } }, async (mapping) => {
        await send(
          queue,
          Array.from({ length: 40 }, (_, i) => `m${i}`),
        );
        await waitFor(() => mapping.counters.messagesDeleted >= 40, 10_000, 'forty deletions');
        expect(fn.mostRunning).toBeGreaterThan(LAMBDA_START_CONCURRENCY);
        expect(fn.mostRunning).toBeLessThanOrEqual(LAB_MAX_CONCURRENT_BATCHES);
      });
    },
    15_000,
  );

  conform(behaviour('esm.scaling.maximum-concurrency'), async () => {
    const queue = await makeQueue({ visibilityTimeout: 5 });
    const fn = new StubFunction(async () => {
      await sleep(300);
      return ok();
    });
    await withMapping(
      { queue, fn, properties: { BatchSize: 1, ScalingConfig: { MaximumConcurrency: 2 } } },
      async (mapping) => {
        expect(mapping.concurrency).toBe(2);
        await send(
          queue,
          Array.from({ length: 10 }, (_, i) => `m${i}`),
        );
        await waitFor(() => mapping.counters.messagesDeleted >= 10, 8000, 'ten deletions');
        expect(fn.mostRunning).toBe(2);
      },
    );
  });

  conform(behaviour('esm.scaling.maximum-concurrency-range'), async () => {
    const queue = await makeQueue();
    for (const value of [1, 1001]) {
      await expect(
        EventSourceMapping.create({
          sqs: pollerCalls,
          queue,
          fn: new StubFunction(() => ok()),
          properties: { ScalingConfig: { MaximumConcurrency: value } },
        }),
      ).rejects.toBeInstanceOf(MappingValidationError);
    }
    await expect(
      EventSourceMapping.create({
        sqs: pollerCalls,
        queue,
        fn: new StubFunction(() => ok()),
        properties: { ScalingConfig: { MaximumConcurrency: 1 } },
      }),
    ).rejects.toThrow("Value '1' at 'scalingConfig.maximumConcurrency' failed to satisfy constraint");
  });

  conform(
    behaviour('esm.throttle.batch-returns-to-queue'),
    async () => {
      const queue = await makeQueue({ visibilityTimeout: 2 });
      const fn = new StubFunction(async () => {
        await sleep(2500);
        return ok();
      });
      await withMapping({ queue, fn, properties: { BatchSize: 1 }, reservedConcurrency: 1 }, async (mapping) => {
        const ids = await send(queue, ['first', 'second']);
        await waitFor(() => mapping.counters.messagesDeleted >= 2, 10_000, 'both processed');
        const firstInvokedOn = ids.map((id) => receiveCounts(fn, id)[0] ?? 0).sort();
        expect(firstInvokedOn[0]).toBe(1);
        expect(firstInvokedOn[1]).toBeGreaterThanOrEqual(2);
        expect(mapping.counters.throttledBatches).toBeGreaterThanOrEqual(1);
        expect(fn.mostRunning).toBe(1);
      });
    },
    15_000,
  );

  conform(behaviour('esm.payload.six-mb'), async () => {
    const queue = await makeQueue({ visibilityTimeout: 5 });
    const fn = new StubFunction(() => ok());
    await withMapping({ queue, fn, pollers: 1 }, async () => {
      const big = (i: number): string => `${i}`.padEnd(900 * 1024, 'x');
      for (let i = 0; i < 10; i += 1) await send(queue, [big(i)]);
      await waitFor(() => fn.records.length >= 10, 8000, 'ten records');
      expect(fn.events.length).toBeGreaterThan(1);
      for (const event of fn.events)
        expect(Buffer.byteLength(JSON.stringify(event), 'utf8')).toBeLessThanOrEqual(MAX_INVOCATION_PAYLOAD_BYTES);
    });
  });

  conform(behaviour('esm.partial.ignored-without-report'), async () => {
    const queue = await makeQueue();
    const logs = new LabBus();
    const records: LabLogRecord[] = logs.collect().records;
    const fn = new StubFunction((event) =>
      ok({ batchItemFailures: [{ itemIdentifier: event.Records[0]?.messageId }] }),
    );
    await withMapping({ queue, fn, pollers: 1, properties: { BatchSize: 10 }, logs }, async (mapping) => {
      const ids = await send(queue, ['a', 'b']);
      await waitFor(() => mapping.counters.messagesDeleted >= 2, 5000, 'both deleted');
      await sleep(1200);
      expect(fn.records).toHaveLength(2);
      const note = records.find((record) => record.kind === 'function' && record.parsed?.event === 'lab-note');
      expect(note?.kind === 'function' ? note.parsed : undefined).toMatchObject({
        level: 'WARN',
        messageIds: ids,
        message: expect.stringContaining('no ReportBatchItemFailures'),
      });
    });
  });
});
