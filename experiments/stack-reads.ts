/**
 * The reads and the request both targets make the same way: the enqueue POST, a queue's
 * depth and a peek at a queue's bodies. Only where the endpoints come from differs.
 */
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';

/** A response of `POST /enqueue`. */
export interface EnqueueResponse {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;
}

/** `POST {apiEndpoint}enqueue` with a JSON body. */
export async function postEnqueue(apiEndpoint: string, body: object): Promise<EnqueueResponse> {
  const response = await fetch(`${apiEndpoint}enqueue`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { statusCode: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A queue's three approximate counts, as GetQueueAttributes reports them. */
export interface QueueCounts {
  /** ApproximateNumberOfMessages: receivable now. */
  readonly visible: number;
  /** ApproximateNumberOfMessagesNotVisible: received, not deleted, timeout running. */
  readonly inFlight: number;
  /** ApproximateNumberOfMessagesDelayed: sent, their delay not over yet. */
  readonly delayed: number;
}

/** The three counts of a queue. */
export async function queueCounts(sqs: SQSClient, queueUrl: string): Promise<QueueCounts> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: [
        'ApproximateNumberOfMessages',
        'ApproximateNumberOfMessagesNotVisible',
        'ApproximateNumberOfMessagesDelayed',
      ],
    }),
  );
  return {
    visible: Number(Attributes.ApproximateNumberOfMessages ?? 0),
    inFlight: Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0),
    delayed: Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0),
  };
}

/** Messages in a queue: visible, in flight or delayed. */
export async function queueDepth(sqs: SQSClient, queueUrl: string): Promise<number> {
  const { visible, inFlight, delayed } = await queueCounts(sqs, queueUrl);
  return visible + inFlight + delayed;
}

/**
 * Reads a queue's messages without consuming them (visibility timeout 0), returning the `id`
 * of each body. Repeats receives until no new message turns up.
 */
export async function peekBodyIds(sqs: SQSClient, queueUrl: string | undefined): Promise<string[]> {
  if (!queueUrl) return [];
  const seen = new Map<string, string>();
  for (let round = 0; round < 20; round += 1) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: 0,
        WaitTimeSeconds: 0,
      }),
    );
    let fresh = 0;
    for (const message of Messages) {
      if (!message.MessageId || seen.has(message.MessageId)) continue;
      fresh += 1;
      seen.set(message.MessageId, bodyId(message.Body));
    }
    if (fresh === 0) break;
  }
  return [...seen.values()];
}

function bodyId(body: string | undefined): string {
  try {
    const parsed = JSON.parse(body ?? '') as { id?: unknown };
    return typeof parsed.id === 'string' ? parsed.id : '';
  } catch {
    return '';
  }
}

/** SQS refused a message an experiment sends straight to the queue. */
export class RawSendError extends Error {
  override readonly name = 'RawSendError';
}

/** Sends each body to the queue as it is (SendMessageBatch, ten per call); returns the message ids. */
export async function sendRawBodies(sqs: SQSClient, queueUrl: string, bodies: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < bodies.length; start += 10) {
    const chunk = bodies.slice(start, start + 10);
    const { Successful = [], Failed = [] } = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: chunk.map((body, index) => ({ Id: String(index), MessageBody: body })),
      }),
    );
    if (Failed.length > 0)
      throw new RawSendError(`SQS refused ${Failed.length} raw message(s): ${Failed.map((f) => f.Message).join('; ')}`);
    ids.push(...Successful.map((entry) => entry.MessageId ?? ''));
  }
  return ids;
}
