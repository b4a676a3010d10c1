/**
 * Emulators shared by the tests of one file that talk to SQS directly (no stacks deployed), and
 * a queue created with its ARN, as those tests need for redrive policies.
 */
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll } from 'vitest';
import { createSqsClient, type Emulators, startEmulators } from '#lab/emulators/emulators';

/** Starts the emulators before the file's tests and stops them after; read them inside a test. */
export function sqsEmulatorsForThisFile(): { readonly emulators: () => Emulators; readonly sqs: () => SQSClient } {
  let emulators: Emulators | undefined;
  let sqs: SQSClient | undefined;
  beforeAll(async () => {
    emulators = await startEmulators();
    sqs = createSqsClient(emulators);
  });
  afterAll(async () => {
    sqs?.destroy();
    await emulators?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the emulators start in beforeAll: read them inside a test');
    return value;
  };
  return { emulators: () => started(emulators), sqs: () => started(sqs) };
}

/** Creates queue `name` (with `attributes`) and answers its URL and ARN. */
export async function createQueueWithArn(
  sqs: SQSClient,
  name: string,
  attributes: Record<string, string> = {},
): Promise<{ url: string; arn: string }> {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  if (QueueUrl === undefined) throw new Error(`no url for ${name}`);
  const { Attributes = {} } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
  return { url: QueueUrl, arn: Attributes.QueueArn ?? '' };
}
