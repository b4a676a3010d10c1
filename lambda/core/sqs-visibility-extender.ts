import {
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { describeError } from './describe-error';
import type { Extension, ExtensionFailure, VisibilityExtender } from './heartbeat';

/** SQS accepts at most this many entries per ChangeMessageVisibilityBatch. */
const MAX_BATCH_ENTRIES = 10;

/**
 * The heartbeat's SQS adapter: one ChangeMessageVisibility for a single message, one
 * ChangeMessageVisibilityBatch per ten messages otherwise. A refused single message is
 * returned as a failure, so the heartbeat drops it instead of crashing: once the message is
 * deleted SQS answers InvalidParameterValue, and ReceiptHandleIsInvalid for a handle it cannot
 * read (see MESSAGE_GONE_CODES in heartbeat.ts).
 */
export function sqsVisibilityExtender(client: SQSClient, queueUrl: string): VisibilityExtender {
  return async (extensions) => {
    const [only] = extensions;
    if (extensions.length === 1 && only !== undefined) {
      try {
        await client.send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: queueUrl,
            ReceiptHandle: only.target.receiptHandle,
            VisibilityTimeout: only.seconds,
          }),
        );
        return [];
      } catch (error) {
        const { errorName, errorMessage } = describeError(error);
        return [{ target: only.target, code: errorName, message: errorMessage }];
      }
    }
    const failures: ExtensionFailure[] = [];
    for (let start = 0; start < extensions.length; start += MAX_BATCH_ENTRIES) {
      const chunk = extensions.slice(start, start + MAX_BATCH_ENTRIES);
      const result = await client.send(
        new ChangeMessageVisibilityBatchCommand({
          QueueUrl: queueUrl,
          Entries: chunk.map((extension, index) => ({
            Id: String(index),
            ReceiptHandle: extension.target.receiptHandle,
            VisibilityTimeout: extension.seconds,
          })),
        }),
      );
      for (const failed of result.Failed ?? []) {
        const extension: Extension | undefined = chunk[Number(failed.Id)];
        if (extension === undefined) continue;
        failures.push({
          target: extension.target,
          code: failed.Code ?? 'Unknown',
          message: failed.Message ?? 'ChangeMessageVisibilityBatch entry failed',
        });
      }
    }
    return failures;
  };
}
