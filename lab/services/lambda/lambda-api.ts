/**
 * The Lambda API (REST-JSON, signing name `lambda`) on the lab's one endpoint: what the CDK
 * CLI's hotswap calls (UpdateFunctionCode, GetFunction until `LastUpdateStatus: Successful`,
 * UpdateFunctionConfiguration) and what a learner tries with the AWS CLI (Invoke, ListFunctions,
 * the event source mappings). Paths as in the API reference
 * (https://docs.aws.amazon.com/lambda/latest/api/API_Operations.html); errors as Lambda writes
 * them (json-protocol.ts `restJsonError`).
 */
import { decodeUtf8Strict } from '../../common/strict-utf8';
import type { GatewayHandler, GatewayRequest, GatewayResponse } from '../../gateway/gateway-handler';
import { jsonBody, jsonResponse, restJsonError } from '../../gateway/protocols/json-protocol';
import { ServiceError } from '../service-error';
import {
  InvalidParameterValueError,
  InvalidRequestContentError,
  RequestTooLargeError,
  ResourceNotFoundError,
  TooManyRequestsError,
} from './errors';
import { deployedAt, functionAddress } from './function-address';
import { FunctionUpdates, type FunctionUpdatesOptions } from './function-updates';
import { invokeWithLogTail } from './invocation-log-tail';
import { codeLocation, eventSourceMappingDocument, functionConfigurationDocument } from './lambda-api-documents';
import { invokeResponsePayload } from './invoke-response-payload';

/** What the API needs: the functions, the lab's S3 (for code zips), and what new environments start with. */
export type LambdaApiOptions = FunctionUpdatesOptions;

/** The largest synchronous Invoke payload (Lambda quotas: 6 MB). */
export const MAX_SYNC_PAYLOAD_BYTES = 6_291_456;

const API_VERSION = '/2015-03-31';
const JSON_TYPE = 'application/json';

/** The Lambda API over `options.lambda`. */
export function lambdaApi(options: LambdaApiOptions): GatewayHandler {
  const { lambda } = options;
  const updates = new FunctionUpdates(options);
  const configurationOf = (name: string) =>
    functionConfigurationDocument(name, lambda.get(name), lambda.updates.get(name));

  const route = async (request: GatewayRequest): Promise<GatewayResponse> => {
    const segments = request.path.split('/').filter((segment) => segment !== '');
    const [version, collection, id, action] = segments.map(decodedSegment);
    if (`/${version}` !== API_VERSION || segments.length > 4) return unknownOperation(request);
    const qualifier = request.query.get('Qualifier') ?? undefined;
    if (collection === 'functions') {
      if (id === undefined) return request.method === 'GET' ? listFunctions(request) : unknownOperation(request);
      const address = functionAddress(id, qualifier);
      deployedAt(lambda, address);
      const { name } = address;
      switch (`${request.method} ${action ?? ''}`) {
        case 'GET ':
          return getFunction(name, request.origin);
        case 'GET configuration':
          return json(configurationOf(name));
        case 'PUT code':
          return json(
            functionConfigurationDocument(
              name,
              await updates.updateCode(name, bodyOf(request)),
              lambda.updates.get(name),
            ),
          );
        case 'PUT configuration':
          return json(
            functionConfigurationDocument(
              name,
              updates.updateConfiguration(name, bodyOf(request)),
              lambda.updates.get(name),
            ),
          );
        case 'POST invocations':
          return invoke(name, request);
        default:
          return unknownOperation(request);
      }
    }
    if (collection === 'event-source-mappings' && request.method === 'GET' && action === undefined)
      return id === undefined ? listEventSourceMappings(request) : getEventSourceMapping(id);
    return unknownOperation(request);
  };

  const getFunction = (name: string, origin: string): GatewayResponse => {
    const deployed = lambda.get(name);
    return json({
      Configuration: configurationOf(name),
      Code: { RepositoryType: 'S3', Location: codeLocation(deployed, origin) },
      ...(deployed.reservedConcurrency === undefined
        ? {}
        : { Concurrency: { ReservedConcurrentExecutions: deployed.reservedConcurrency } }),
    });
  };

  const listFunctions = (request: GatewayRequest): GatewayResponse => {
    const names = [...lambda.all().keys()].sort();
    const { items, nextMarker } = page(names, request.query);
    return json({ Functions: items.map((name) => configurationOf(name)), ...nextMarker });
  };

  const listEventSourceMappings = (request: GatewayRequest): GatewayResponse => {
    const eventSourceArn = request.query.get('EventSourceArn');
    const functionName = request.query.get('FunctionName');
    const name = functionName === null ? undefined : functionAddress(functionName).name;
    const uuids = [...lambda.mappings.entries()]
      .filter(
        ([, mapping]) =>
          (eventSourceArn === null || mapping.queue.arn === eventSourceArn) &&
          (name === undefined || mapping.functionRef.functionName === name),
      )
      .map(([uuid]) => uuid)
      .sort();
    const { items, nextMarker } = page(uuids, request.query);
    return json({
      EventSourceMappings: items.flatMap((uuid) => {
        const mapping = lambda.mappings.get(uuid);
        return mapping === undefined ? [] : [eventSourceMappingDocument(uuid, mapping)];
      }),
      ...nextMarker,
    });
  };

  const getEventSourceMapping = (uuid: string): GatewayResponse => {
    const mapping = lambda.mappings.get(uuid);
    // LocalStack's aws.validated snapshot (test_lambda_api.snapshot.json): a UUID Lambda does not know.
    if (mapping === undefined) throw new ResourceNotFoundError('The resource you requested does not exist.');
    return json(eventSourceMappingDocument(uuid, mapping));
  };

  const invoke = async (name: string, request: GatewayRequest): Promise<GatewayResponse> => {
    const invocationType = request.headers['x-amz-invocation-type'] ?? 'RequestResponse';
    if (!['RequestResponse', 'Event', 'DryRun'].includes(invocationType))
      throw new InvalidParameterValueError(
        `InvocationType must be RequestResponse, Event or DryRun, got ${invocationType}`,
      );
    if (request.body.length > MAX_SYNC_PAYLOAD_BYTES)
      throw new RequestTooLargeError(
        `Request must be smaller than ${MAX_SYNC_PAYLOAD_BYTES} bytes for the InvokeFunction operation`,
      );
    const event = payloadOf(request.body);
    const { fn } = lambda.get(name);
    const headers = { 'x-amz-executed-version': '$LATEST' };
    if (invocationType === 'DryRun') return { status: 204, headers };
    if (invocationType === 'Event') {
      // Asynchronous: Lambda queues the event and answers at once; its retries and destinations
      // follow the function's EventInvokeConfig (event-invoke-config.ts).
      lambda.queueEvent(name, event);
      return { status: 202, headers: { 'content-type': JSON_TYPE } };
    }
    const tail = request.headers['x-amz-log-type'] === 'Tail';
    const { result, logResult } = tail
      ? await invokeWithLogTail(lambda.deps.logs, name, () => fn.invoke(event))
      : { result: await fn.invoke(event), logResult: undefined };
    return {
      status: 200,
      headers: {
        'content-type': JSON_TYPE,
        ...headers,
        // The invocation's own request id, the one its log lines and error document carry.
        'x-amzn-requestid': result.requestId,
        ...(result.status === 'success' ? {} : { 'x-amz-function-error': 'Unhandled' }),
        ...(logResult === undefined ? {} : { 'x-amz-log-result': logResult }),
      },
      body: JSON.stringify(invokeResponsePayload(result)),
    };
  };

  return {
    signingName: 'lambda',
    handle: async (request) => {
      try {
        return await route(request);
      } catch (error) {
        if (error instanceof TooManyRequestsError)
          return {
            status: 429,
            headers: { 'content-type': JSON_TYPE, 'x-amzn-errortype': error.code },
            body: JSON.stringify({ Reason: error.reason, Type: 'User', message: error.message }),
          };
        if (error instanceof ServiceError)
          return restJsonError(
            error.code,
            error.message,
            error.statusCode,
            // Lambda spells this one's key `Message` (LocalStack's aws.validated snapshots).
            error.code === 'ResourceNotFoundException' ? 'Message' : 'message',
          );
        return restJsonError(
          'ServiceException',
          `the lab's Lambda failed: ${error instanceof Error ? error.message : String(error)}`,
          500,
        );
      }
    },
  };
}

/** The Invoke payload as the event: JSON (UTF-8), `{}` when empty. */
function payloadOf(body: Buffer): unknown {
  if (body.length === 0) return {};
  try {
    return JSON.parse(decodeUtf8Strict(body));
  } catch (error) {
    // Lambda's words up to the parser's own (LocalStack's aws.validated snapshot, test_lambda.snapshot.json).
    throw new InvalidRequestContentError(
      `Could not parse request body into json: Could not parse payload into json: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function bodyOf(request: GatewayRequest): Record<string, unknown> {
  const body = jsonBody(request);
  if (body === undefined)
    throw new InvalidRequestContentError('Could not parse request body into json: the body is not a JSON object');
  return body;
}

/** A page of `items` after `Marker`, at most `MaxItems` (1–10 000, default 50), with the next marker. */
function page(
  items: readonly string[],
  query: URLSearchParams,
): { items: readonly string[]; nextMarker: { NextMarker?: string } } {
  const maxItems = Number(query.get('MaxItems') ?? 50);
  if (!Number.isInteger(maxItems) || maxItems < 1 || maxItems > 10_000)
    throw new InvalidParameterValueError('MaxItems must be an integer from 1 to 10000');
  const marker = query.get('Marker');
  const start = marker === null ? 0 : items.findIndex((item) => item > marker);
  const from = start < 0 ? items.length : start;
  const pageItems = items.slice(from, from + maxItems);
  const last = pageItems.at(-1);
  return {
    items: pageItems,
    nextMarker: from + maxItems < items.length && last !== undefined ? { NextMarker: last } : {},
  };
}

/** A path segment, percent-decoded; a malformed escape is the caller's error, not the lab's. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new InvalidParameterValueError(`the path segment ${segment} is not valid percent-encoding`);
  }
}

function json(body: unknown): GatewayResponse {
  return jsonResponse(body, 200, JSON_TYPE);
}

function unknownOperation(request: GatewayRequest): GatewayResponse {
  return restJsonError(
    'UnknownOperationException',
    `the lab's Lambda does not serve ${request.method} ${request.path}; it serves GetFunction, GetFunctionConfiguration, UpdateFunctionCode, UpdateFunctionConfiguration, Invoke, ListFunctions, ListEventSourceMappings and GetEventSourceMapping`,
    400,
  );
}
