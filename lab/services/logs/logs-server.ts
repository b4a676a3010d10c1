/**
 * The lab's CloudWatch Logs endpoint: the awsJson1_1 protocol the SDK and the AWS CLI speak
 * (`POST /`, `X-Amz-Target: Logs_20140328.<Action>`, `application/x-amz-json-1.1`), serving
 * FilterLogEvents, GetLogEvents, DescribeLogGroups and DescribeLogStreams from a
 * {@link LogStore}. Bound to 127.0.0.1. Enough for `aws logs tail <group> --follow` and for
 * the experiments' AWS probe pointed at the lab with `AWS_ENDPOINT_URL_CLOUDWATCH_LOGS`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOnLoopback } from '../../common/listen-on-loopback';
import type { LogStore } from './log-store';
import { InvalidParameterError, LogsServiceError, UnknownOperationError } from './logs-errors';

/** The target prefix of every CloudWatch Logs action. */
export const LOGS_TARGET_PREFIX = 'Logs_20140328.';

/** Largest request body the endpoint reads (AWS caps requests at 1 MB). */
const MAX_BODY_BYTES = 1024 * 1024;

/** The CloudWatch Logs endpoint of a lab. */
export class LogsServer {
  private constructor(
    private readonly server: Server,
    private readonly store: LogStore,
  ) {}

  /** Starts the endpoint on 127.0.0.1 and a port the OS picks. */
  static async start(store: LogStore, preferredPort = 0): Promise<LogsServer> {
    const server = createServer();
    const logs = new LogsServer(server, store);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      void logs.handle(request, response);
    });
    await listenOnLoopback(server, preferredPort);
    return logs;
  }

  /** `http://127.0.0.1:<port>`, for `--endpoint-url` and `AWS_ENDPOINT_URL_CLOUDWATCH_LOGS`. */
  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** Closes the server and every open connection. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    try {
      const body = await readBody(request);
      const target = String(request.headers['x-amz-target'] ?? '');
      if (request.method !== 'POST' || !target.startsWith(LOGS_TARGET_PREFIX)) {
        throw new UnknownOperationError(`No operation for ${request.method ?? ''} ${target || '(no X-Amz-Target)'}`);
      }
      let input: Record<string, unknown>;
      try {
        input = body === '' ? {} : (JSON.parse(body) as Record<string, unknown>);
      } catch (error) {
        throw new InvalidParameterError('The request body is not JSON', { cause: error });
      }
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        throw new InvalidParameterError('The request body must be a JSON object');
      }
      send(response, 200, this.dispatch(target.slice(LOGS_TARGET_PREFIX.length), input), requestId);
    } catch (error) {
      if (error instanceof LogsServiceError) {
        send(response, error.status, { __type: error.awsType, message: error.message }, requestId);
      } else {
        send(
          response,
          500,
          { __type: 'ServiceUnavailableException', message: error instanceof Error ? error.message : String(error) },
          requestId,
        );
      }
    }
  }

  private dispatch(action: string, input: Record<string, unknown>): unknown {
    // The inputs are the API's own shapes; the store checks the values it relies on.
    switch (action) {
      case 'FilterLogEvents':
        return this.store.filterLogEvents(input);
      case 'GetLogEvents':
        return this.store.getLogEvents(input);
      case 'DescribeLogGroups':
        return this.store.describeLogGroups(input);
      case 'DescribeLogStreams':
        return this.store.describeLogStreams(input as Parameters<LogStore['describeLogStreams']>[0]);
      default:
        throw new UnknownOperationError(
          `The lab's CloudWatch Logs serves FilterLogEvents, GetLogEvents, DescribeLogGroups and DescribeLogStreams, not ${action}`,
        );
    }
  }
}

function send(response: ServerResponse, status: number, body: unknown, requestId: string): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/x-amz-json-1.1',
    'Content-Length': Buffer.byteLength(text),
    'x-amzn-RequestId': requestId,
  });
  response.end(text);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new InvalidParameterError('The request is larger than 1 MB'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
