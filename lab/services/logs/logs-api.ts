/**
 * The lab's CloudWatch Logs endpoint: the awsJson1_1 protocol the SDK and the AWS CLI speak
 * (`POST /`, `X-Amz-Target: Logs_20140328.<Action>`, `application/x-amz-json-1.1`), serving
 * FilterLogEvents, GetLogEvents, DescribeLogGroups and DescribeLogStreams from a
 * {@link LogsService}, and Logs Insights' StartQuery, GetQueryResults, StopQuery and DescribeQueries. Bound to 127.0.0.1. Enough for `aws logs tail <group> --follow` and for
 * the experiments' AWS probe pointed at the lab with `AWS_ENDPOINT_URL_CLOUDWATCH_LOGS`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { awsJsonRefusal } from '../../common/aws-json-refusal';
import { type LoopbackServer, serveOnLoopback } from '../../common/serve-on-loopback';
import type { LogsService } from './logs-service';
import { LogsServiceError, MalformedQueryError, SerializationError, UnknownOperationError } from './errors';
import { checkMemberTypes } from './check-member-types';
import { decodeUtf8Strict } from '../../common/strict-utf8';

/** The target prefix of every CloudWatch Logs action. */
export const LOGS_TARGET_PREFIX = 'Logs_20140328.';

/** Largest request body the endpoint reads (AWS caps a PutLogEvents batch at 1,048,576 bytes). */
export const LOGS_MAX_REQUEST_BYTES = 1024 * 1024;

/** The CloudWatch Logs endpoint of a lab. */
export class LogsApi {
  private constructor(private readonly server: LoopbackServer) {}

  /** Starts the endpoint on 127.0.0.1 and a port the OS picks. */
  static async start(service: LogsService, preferredPort = 0): Promise<LogsApi> {
    const server = await serveOnLoopback((request, response) => void answer(service, request, response), {
      name: 'CloudWatch Logs',
      preferredPort,
      maxBodyBytes: LOGS_MAX_REQUEST_BYTES,
      refuse: awsJsonRefusal({ contentType: 'application/x-amz-json-1.1', typePrefix: '' }),
    });
    return new LogsApi(server);
  }

  /** `http://127.0.0.1:<port>`, for `--endpoint-url` and `AWS_ENDPOINT_URL_CLOUDWATCH_LOGS`. */
  get url(): string {
    return this.server.origin;
  }

  /** Closes the server and every open connection. */
  async stop(): Promise<void> {
    await this.server.stop();
  }
}

async function answer(service: LogsService, request: IncomingMessage, response: ServerResponse): Promise<void> {
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
      throw new SerializationError('The request body is not valid JSON', { cause: error });
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new SerializationError('The request body must be a JSON object');
    }
    const action = target.slice(LOGS_TARGET_PREFIX.length);
    checkMemberTypes(action, input);
    send(response, 200, dispatch(service, action, input), requestId);
  } catch (error) {
    if (error instanceof LogsServiceError) {
      const body = { __type: error.code, message: error.message };
      send(
        response,
        error.statusCode,
        error instanceof MalformedQueryError ? { ...body, queryCompileError: error.queryCompileError } : body,
        requestId,
      );
    } else {
      // A bug of the lab's, not the caller's: said plainly, without a stack trace.
      send(
        response,
        500,
        { __type: 'ServiceUnavailableException', message: "The lab's CloudWatch Logs failed to handle the request." },
        requestId,
      );
    }
  }
}

function dispatch(service: LogsService, action: string, input: Record<string, unknown>): unknown {
  // The inputs are the API's own shapes; the service checks the values it relies on.
  switch (action) {
    case 'FilterLogEvents':
      return service.filterLogEvents(input);
    case 'GetLogEvents':
      return service.getLogEvents(input);
    case 'DescribeLogGroups':
      return service.describeLogGroups(input);
    case 'DescribeLogStreams':
      return service.describeLogStreams(input as Parameters<LogsService['describeLogStreams']>[0]);
    case 'StartQuery':
      return service.insights.startQuery(input);
    case 'GetQueryResults':
      return service.insights.getQueryResults(input);
    case 'StopQuery':
      return service.insights.stopQuery(input);
    case 'DescribeQueries':
      return service.insights.describeQueries(input);
    default:
      throw new UnknownOperationError(
        `The lab's CloudWatch Logs serves FilterLogEvents, GetLogEvents, DescribeLogGroups, DescribeLogStreams, StartQuery, GetQueryResults, StopQuery and DescribeQueries, not ${action}`,
      );
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

/** The body as text (the guard has bounded it to {@link LOGS_MAX_REQUEST_BYTES}); invalid UTF-8 is refused. */
async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  try {
    return decodeUtf8Strict(Buffer.concat(chunks));
  } catch (error) {
    throw new SerializationError('The request body is not valid UTF-8', { cause: error });
  }
}
