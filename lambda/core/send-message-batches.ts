import { SendMessageBatchCommand, type SendMessageBatchCommandOutput, type SQSClient } from '@aws-sdk/client-sqs';
import { describeError } from './describe-error';
import { EnqueueFailedError } from './errors';

/** SQS accepts at most ten entries per SendMessageBatch. */
export const MAX_ENTRIES_PER_BATCH = 10;

/** Attempts per entry before the producer gives up on it (SQS may refuse single entries). */
export const SEND_ATTEMPTS = 3;

/** One message to send; `id` is unique within the call and comes back in the result. */
export interface OutgoingMessage {
  readonly id: string;
  readonly body: string;
}

/** A sent message: our id and the SQS message id. */
export interface SentMessage {
  readonly id: string;
  readonly messageId: string;
}

/**
 * Sends `messages` with SendMessageBatch, ten per call (0.1 requests per message), and resends
 * the entries SQS reports as failed, or whose whole call failed, up to SEND_ATTEMPTS times.
 * Throws EnqueueFailedError naming what was and was not sent when some entries still fail,
 * so nothing is lost silently.
 */
export async function sendMessageBatches(
  client: SQSClient,
  queueUrl: string,
  messages: readonly OutgoingMessage[],
): Promise<SentMessage[]> {
  const sent: SentMessage[] = [];
  const refused: OutgoingMessage[] = [];
  let pending = [...messages];
  let lastProblem = '';
  for (let attempt = 1; attempt <= SEND_ATTEMPTS && pending.length > 0; attempt += 1) {
    const retry: OutgoingMessage[] = [];
    for (let start = 0; start < pending.length; start += MAX_ENTRIES_PER_BATCH) {
      const chunk = pending.slice(start, start + MAX_ENTRIES_PER_BATCH);
      let result: SendMessageBatchCommandOutput;
      try {
        result = await client.send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: chunk.map((message, index) => ({ Id: String(index), MessageBody: message.body })),
          }),
        );
      } catch (error) {
        // The whole call failed (after the SDK's own retries): its entries were not sent,
        // but earlier chunks were, so keep going and report exactly what made it.
        const { errorName, errorMessage } = describeError(error);
        lastProblem = `${errorName}: ${errorMessage}`;
        retry.push(...chunk);
        continue;
      }
      for (const ok of result.Successful ?? []) {
        const message = chunk[Number(ok.Id)];
        if (message && ok.MessageId) sent.push({ id: message.id, messageId: ok.MessageId });
      }
      for (const failed of result.Failed ?? []) {
        const message = chunk[Number(failed.Id)];
        if (!message) continue;
        lastProblem = `${failed.Code ?? 'Unknown'}: ${failed.Message ?? 'entry refused'}`;
        // A sender fault (a malformed entry) fails the same way on every retry.
        (failed.SenderFault ? refused : retry).push(message);
      }
    }
    pending = retry;
  }
  const failedIds = [...refused, ...pending].map((message) => message.id);
  if (failedIds.length > 0) {
    throw new EnqueueFailedError(
      `could not send ${failedIds.length} of ${messages.length} messages after up to ${SEND_ATTEMPTS} attempts (${lastProblem})`,
      failedIds,
      sent.map((message) => message.id),
    );
  }
  return sent;
}
