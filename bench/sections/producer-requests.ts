/**
 * SQS send requests per message: the producers' core (`sendMessageBatches`, ten per call)
 * against the tutorial's one SendMessage per message, counted on one client each.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import { sendMessageBatches } from '../../lambda/core/send-message-batches';
import { countAwsCalls, countOf, createBenchQueue } from '@sqs-lab/lab/bench';
import { sendOneByOne } from '../baseline/naive-producer';

/** One message count, both producers. */
export interface ProducerRequestsRow {
  readonly messages: number;
  readonly sendMessageBatch: number;
  readonly batchRequestsPerMessage: number;
  /** The naive producer's SendMessage calls for the same messages. */
  readonly naiveSendMessage: number;
  readonly naiveRequestsPerMessage: number;
}

function bodies(count: number): string[] {
  return Array.from({ length: count }, (_, index) => JSON.stringify({ id: `bench-${index + 1}`, index: index + 1 }));
}

/** Sends `count` messages both ways, for each count, each to a fresh queue. */
export async function measureProducerRequests(
  sqs: SQSClient,
  counts: readonly number[],
): Promise<ProducerRequestsRow[]> {
  const counter = countAwsCalls(sqs);
  try {
    const rows: ProducerRequestsRow[] = [];
    for (const messages of counts) {
      const batchQueue = await createBenchQueue(sqs, `producer-batch-${messages}`);
      const naiveQueue = await createBenchQueue(sqs, `producer-naive-${messages}`);
      counter.reset();
      await sendMessageBatches(
        sqs,
        batchQueue,
        bodies(messages).map((body, index) => ({ id: String(index), body })),
      );
      const sendMessageBatch = countOf(counter.snapshot(), 'SQS.SendMessageBatch');
      counter.reset();
      await sendOneByOne(sqs, naiveQueue, bodies(messages));
      const naiveSendMessage = countOf(counter.snapshot(), 'SQS.SendMessage');
      rows.push({
        messages,
        sendMessageBatch,
        batchRequestsPerMessage: sendMessageBatch / messages,
        naiveSendMessage,
        naiveRequestsPerMessage: naiveSendMessage / messages,
      });
    }
    return rows;
  } finally {
    counter.detach();
  }
}
