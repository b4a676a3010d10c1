/**
 * The SQS calls Lambda's pollers make for a mapping (receive, delete in batches, read the
 * visibility timeout), as one narrow interface. The lab sends them as plain JSON-protocol
 * requests (lab/emulators/sqs-json-client.ts), which costs its main thread a fraction of what
 * an SDK call costs; anything holding an SDK client stands in through {@link sqsCallsOf}.
 */
import {
  DeleteMessageBatchCommand,
  type DeleteMessageBatchRequest,
  type DeleteMessageBatchResult,
  GetQueueAttributesCommand,
  type GetQueueAttributesRequest,
  type GetQueueAttributesResult,
  ReceiveMessageCommand,
  type ReceiveMessageRequest,
  type ReceiveMessageResult,
  type SQSClient,
} from '@aws-sdk/client-sqs';

/** The three SQS operations a mapping's poller makes, with the SDK's input and output shapes. */
export interface SqsCalls {
  receiveMessage(input: ReceiveMessageRequest, signal?: AbortSignal): Promise<ReceiveMessageResult>;
  deleteMessageBatch(input: DeleteMessageBatchRequest): Promise<DeleteMessageBatchResult>;
  getQueueAttributes(input: GetQueueAttributesRequest): Promise<GetQueueAttributesResult>;
}

/** {@link SqsCalls} through an SDK client. */
export function sqsCallsOf(client: SQSClient): SqsCalls {
  return {
    receiveMessage: (input, signal) =>
      client.send(new ReceiveMessageCommand(input), signal === undefined ? {} : { abortSignal: signal }),
    deleteMessageBatch: (input) => client.send(new DeleteMessageBatchCommand(input)),
    getQueueAttributes: (input) => client.send(new GetQueueAttributesCommand(input)),
  };
}
