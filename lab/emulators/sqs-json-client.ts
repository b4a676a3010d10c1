/**
 * The pollers' client on the SQS emulator: each call one POST in SQS's JSON protocol
 * (`X-Amz-Target: AmazonSQS.<Operation>`, `application/x-amz-json-1.0`), on a kept-alive
 * connection, with no SDK in between. A poller makes two calls per batch; through the SDK each
 * one cost the lab's main thread its serializers, endpoint resolution, SigV4 signing and body
 * checksum, about a third of that thread's time under load (the bench's batch path). The
 * emulator checks no signature, so none is made; each call is still counted and faulted before
 * it is sent (`before`), as the lab's SDK clients' calls are.
 */
import { Agent, request } from 'node:http';
import type {
  DeleteMessageBatchRequest,
  DeleteMessageBatchResult,
  GetQueueAttributesRequest,
  GetQueueAttributesResult,
  MessageAttributeValue,
  ReceiveMessageRequest,
  ReceiveMessageResult,
} from '@aws-sdk/client-sqs';
import type { SqsCalls } from '../services/sqs/sqs-calls';

/** SQS's answer to a call it refused (`code` is the error's name, `QueueDoesNotExist`), or an answer that is not JSON. */
export class SqsCallError extends Error {
  override readonly name = 'SqsCallError';

  constructor(
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`${code}: ${message}`, options);
  }
}

/** Where the client sends, and what runs before each call. */
export interface SqsJsonClientOptions {
  /** The emulator's endpoint, `http://127.0.0.1:<port>`. */
  readonly endpoint: string;
  /** Runs as each call starts (count it, fault it); a throw fails the call unsent. */
  readonly before?: (operation: string, input: object) => Promise<void>;
}

type JsonObject = Record<string, unknown>;

/** {@link SqsCalls} as JSON-protocol requests. Call `destroy()` when done. */
export class SqsJsonClient implements SqsCalls {
  private readonly agent = new Agent({ keepAlive: true });
  private readonly url: URL;

  constructor(private readonly options: SqsJsonClientOptions) {
    this.url = new URL(options.endpoint);
  }

  async receiveMessage(input: ReceiveMessageRequest, signal?: AbortSignal): Promise<ReceiveMessageResult> {
    const output = (await this.call('ReceiveMessage', input, signal)) as ReceiveMessageResult;
    // The wire carries binary attribute values in base64; the SDK's shape holds their bytes.
    for (const message of output.Messages ?? [])
      for (const value of Object.values(message.MessageAttributes ?? {})) decodeBinary(value);
    return output;
  }

  async deleteMessageBatch(input: DeleteMessageBatchRequest): Promise<DeleteMessageBatchResult> {
    return (await this.call('DeleteMessageBatch', input)) as unknown as DeleteMessageBatchResult;
  }

  async getQueueAttributes(input: GetQueueAttributesRequest): Promise<GetQueueAttributesResult> {
    return (await this.call('GetQueueAttributes', input)) as GetQueueAttributesResult;
  }

  /** Closes the kept-alive connections. */
  destroy(): void {
    this.agent.destroy();
  }

  private async call(operation: string, input: object, signal?: AbortSignal): Promise<JsonObject> {
    await this.options.before?.(operation, input);
    const body = JSON.stringify(input);
    return new Promise<JsonObject>((resolve, reject) => {
      const outgoing = request(
        {
          hostname: this.url.hostname,
          port: this.url.port,
          path: '/',
          method: 'POST',
          agent: this.agent,
          ...(signal === undefined ? {} : { signal }),
          headers: {
            'content-type': 'application/x-amz-json-1.0',
            'x-amz-target': `AmazonSQS.${operation}`,
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            try {
              resolve(answerOf(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
}

/** The output of a 2xx answer; otherwise throws {@link SqsCallError} with the error's name. */
function answerOf(status: number, text: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new SqsCallError('InvalidResponse', `SQS answered ${status} with a body that is not JSON`, { cause: error });
  }
  const answer = typeof parsed === 'object' && parsed !== null ? (parsed as JsonObject) : {};
  if (status >= 200 && status < 300) return answer;
  const type = typeof answer.__type === 'string' ? answer.__type : `HTTP${status}`;
  const message = typeof answer.message === 'string' ? answer.message : `SQS answered ${status}`;
  throw new SqsCallError(type.slice(type.lastIndexOf('#') + 1), message);
}

function decodeBinary(value: MessageAttributeValue): void {
  const wire = value as { BinaryValue?: unknown; BinaryListValues?: unknown };
  if (typeof wire.BinaryValue === 'string') value.BinaryValue = Buffer.from(wire.BinaryValue, 'base64');
  if (Array.isArray(wire.BinaryListValues))
    value.BinaryListValues = wire.BinaryListValues.map((item) =>
      typeof item === 'string' ? Buffer.from(item, 'base64') : (item as Uint8Array),
    );
}
