/**
 * The fixture the SQS conformance tests share: one lab emulator per test file, an SDK v3
 * client, queue factories, and a raw JSON-protocol call for checking the wire shape.
 */
import {
  type CreateQueueCommandInput,
  CreateQueueCommand,
  GetQueueAttributesCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, expect } from 'vitest';
import { createSqsClient, type Emulators, startEmulators, type StartEmulatorsOptions } from '#lab/emulators/emulators';

/** The running lab, for one test file. */
export interface SqsLab {
  readonly emulators: Emulators;
  readonly client: SQSClient;
  /** Creates a queue with a unique name; `.fifo` is added for FIFO attributes. */
  queue(attributes?: Record<string, string>, name?: string): Promise<{ url: string; arn: string; name: string }>;
  /** One JSON-protocol request as the SDK would send it; returns status, headers and body. */
  raw(
    action: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; queryError: string | null; body: Record<string, unknown> }>;
}

let counter = 0;

/** Starts the emulators before the file's tests and stops them after. */
export function useSqsLab(options: StartEmulatorsOptions = {}): SqsLab {
  let emulators: Emulators | undefined;
  let client: SQSClient | undefined;
  beforeAll(async () => {
    emulators = await startEmulators(options);
    client = createSqsClient(emulators);
  });
  afterAll(async () => {
    client?.destroy();
    await emulators?.stop();
  });
  const lab: SqsLab = {
    get emulators() {
      if (emulators === undefined) throw new Error('the SQS lab is not started');
      return emulators;
    },
    get client() {
      if (client === undefined) throw new Error('the SQS lab is not started');
      return client;
    },
    async queue(attributes = {}, name) {
      counter += 1;
      const fifo = attributes.FifoQueue === 'true';
      const queueName = name ?? `conformance-${counter}-${Date.now().toString(36)}${fifo ? '.fifo' : ''}`;
      const input: CreateQueueCommandInput = { QueueName: queueName, Attributes: attributes };
      const { QueueUrl } = await lab.client.send(new CreateQueueCommand(input));
      if (QueueUrl === undefined) throw new Error('CreateQueue returned no QueueUrl');
      const { Attributes } = await lab.client.send(
        new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }),
      );
      return { url: QueueUrl, arn: Attributes?.QueueArn ?? '', name: queueName };
    },
    async raw(action, body) {
      const response = await fetch(lab.emulators.sqsCliEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AmazonSQS.${action}` },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        queryError: response.headers.get('x-amzn-query-error'),
        body: (await response.json()) as Record<string, unknown>,
      };
    },
  };
  return lab;
}

/** What the SDK v3 shows of an SQS error. */
export interface ExpectedSqsError {
  /** `error.name`. */
  readonly name: string;
  /** `error.Code` (from `x-amzn-query-error`); defaults to `name`. */
  readonly code?: string;
  readonly message?: string | RegExp;
  readonly status?: number;
}

/** Asserts that `call` fails with the SQS error AWS answers. */
export async function expectSqsError(call: Promise<unknown>, expected: ExpectedSqsError): Promise<void> {
  const error: unknown = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error, 'the call should have failed').toBeInstanceOf(Error);
  const shown = error as Error & { Code?: string; $metadata?: { httpStatusCode?: number } };
  expect(shown.name).toBe(expected.name);
  expect(shown.Code).toBe(expected.code ?? expected.name);
  if (typeof expected.message === 'string') expect(shown.message).toBe(expected.message);
  else if (expected.message !== undefined) expect(shown.message).toMatch(expected.message);
  if (expected.status !== undefined) expect(shown.$metadata?.httpStatusCode).toBe(expected.status);
}

/** Waits `ms` of real time (only for the 1–2 s visibility timeouts of these tests). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
