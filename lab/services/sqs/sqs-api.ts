/**
 * SQS's query protocol in front of the lab's SQS, which speaks only JSON (fauxqs reads a form
 * `Action=` as SNS). AWS CLIs before late 2023 (Debian bookworm's `awscli` 2.9) and SDKs of that
 * age send `aws sqs …` as form-encoded POSTs (`Action=SendMessage&Version=2012-11-05&QueueUrl=…`)
 * and read XML; SQS still answers them
 * (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-making-api-requests-xml.html).
 * {@link sqsApi} turns such a request into the JSON action (`X-Amz-Target:
 * AmazonSQS.<Action>`, members per sqs-query-shapes.ts), asks the JSON side, and writes its answer
 * as the query protocol's XML: `<SendMessageResponse><SendMessageResult>…` or, for an error,
 * `<ErrorResponse><Error><Type>Sender</Type><Code>AWS.SimpleQueueService.NonExistentQueue</Code>`,
 * the code read from the JSON side's `x-amzn-query-error` header (SQS is `awsQueryCompatible`:
 * https://smithy.io/2.0/aws/protocols/aws-query-protocol.html#aws-protocols-awsquerycompatible-trait).
 * Every other request goes to the JSON side unchanged.
 */
import type { GatewayHandler, GatewayRequest, GatewayResponse } from '../../gateway/gateway-handler';
import { queryError, queryParameters, queryResponse } from '../../gateway/protocols/query-protocol';
import { dictionary, ownProperty } from '../../common/own-property';
import { type QueryMembers, type QueryShape, SQS_QUERY_ACTIONS, SQS_XML_NAMESPACE } from './sqs-query-shapes';

/** A query request's path when it is sent to the queue's URL itself (`/<account>/<queue name>`). */
const QUEUE_PATH = /^\/\d{12}\/[\w-]+(\.fifo)?$/;

/**
 * SQS's wire on the lab's endpoint: `json` (the emulator, answering SQS's JSON protocol), made to
 * answer its query protocol too.
 */
export function sqsApi(json: GatewayHandler): GatewayHandler {
  return {
    signingName: json.signingName,
    handle: (request) => (isQueryRequest(request) ? answerQuery(json, request) : json.handle(request)),
  };
}

/** A query request SQS refuses before it reaches an action (a parameter given twice). */
class SqsQueryRefusal extends Error {
  override readonly name = 'SqsQueryRefusal';
}

/** A form POST, or a GET whose query string names the action; a JSON request carries `X-Amz-Target`. */
function isQueryRequest(request: GatewayRequest): boolean {
  if (request.headers['x-amz-target'] !== undefined) return false;
  const contentType = request.headers['content-type'] ?? '';
  return contentType.startsWith('application/x-www-form-urlencoded') || request.query.has('Action');
}

async function answerQuery(json: GatewayHandler, request: GatewayRequest): Promise<GatewayResponse> {
  let parameters: Map<string, string>;
  try {
    parameters = queryParameters(request.body, request.query, (message) => new SqsQueryRefusal(message));
  } catch (error) {
    if (!(error instanceof SqsQueryRefusal)) throw error;
    return queryError('MalformedQueryString', error.message, 400, SQS_XML_NAMESPACE);
  }
  const action = parameters.get('Action') ?? '';
  const shapes = ownProperty(SQS_QUERY_ACTIONS, action);
  // SQS's common errors: https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/CommonErrors.html
  if (shapes === undefined)
    return action === ''
      ? queryError('MissingAction', 'The request must contain the parameter Action.', 400, SQS_XML_NAMESPACE)
      : queryError('InvalidAction', `The action ${action} is not valid for this endpoint.`, 400, SQS_XML_NAMESPACE);
  const input = readStructure(parameters, '', shapes.input) ?? {};
  // A queue's action may go to the queue's URL without QueueUrl (the page above: `POST /123456789012/MyQueue`).
  if (input.QueueUrl === undefined && 'QueueUrl' in shapes.input && QUEUE_PATH.test(request.path))
    input.QueueUrl = `${request.origin}${request.path}`;
  const headers: Record<string, string> = { ...request.headers };
  delete headers['content-length'];
  const answer = await json.handle({
    ...request,
    method: 'POST',
    path: '/',
    query: new URLSearchParams(),
    headers: { ...headers, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AmazonSQS.${action}` },
    body: Buffer.from(JSON.stringify(input)),
  });
  const text = answer.body === undefined ? '' : answer.body.toString();
  const body = parseJsonObject(text);
  // An error that is not SQS's JSON (the front end's plain-text 413) is the same in both protocols.
  if (answer.status >= 300) return body === undefined ? answer : errorAnswer(answer, body);
  if (body === undefined)
    return queryError('InternalFailure', `SQS answered ${action} with a body that is not JSON`, 500, SQS_XML_NAMESPACE);
  return queryResponse(
    action,
    SQS_XML_NAMESPACE,
    shapes.output === undefined ? undefined : writeStructure(body, shapes.output),
  );
}

/** The JSON side's error in the query protocol's words: the code from `x-amzn-query-error`, else `__type`. */
function errorAnswer(answer: GatewayResponse, body: Readonly<Record<string, unknown>>): GatewayResponse {
  const queryCode = answer.headers?.['x-amzn-query-error']?.split(';')[0];
  const type = typeof body.__type === 'string' ? body.__type.slice(body.__type.indexOf('#') + 1) : undefined;
  const message = body.message ?? body.Message;
  return queryError(
    queryCode ?? type ?? 'InternalFailure',
    typeof message === 'string' ? message : '',
    answer.status,
    SQS_XML_NAMESPACE,
  );
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  if (text === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

// Form → JSON -----------------------------------------------------------------------------------

/** The element name a member goes by in the query protocol (a list's or map's element), else its own. */
function wireName(name: string, shape: QueryShape): string {
  return typeof shape === 'object' && ('list' in shape || 'map' in shape) ? shape.element : name;
}

function readStructure(
  parameters: ReadonlyMap<string, string>,
  prefix: string,
  members: QueryMembers,
): Record<string, unknown> | undefined {
  const structure: Record<string, unknown> = {};
  for (const [name, shape] of Object.entries(members)) {
    // The element name is what SDKs send (`Attribute.1.Name`); the member name (`Attributes.1.Name`) is read too.
    const value =
      readValue(parameters, `${prefix}${wireName(name, shape)}`, shape) ??
      readValue(parameters, `${prefix}${name}`, shape);
    if (value !== undefined) structure[name] = value;
  }
  return Object.keys(structure).length === 0 ? undefined : structure;
}

function readValue(parameters: ReadonlyMap<string, string>, name: string, shape: QueryShape): unknown {
  if (shape === 'string') return parameters.get(name);
  if (shape === 'number' || shape === 'boolean') {
    const text = parameters.get(name);
    if (text === undefined) return undefined;
    // A value that is not one stays text: the JSON side refuses it in SQS's words.
    if (shape === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
    return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  }
  if ('structure' in shape) return readStructure(parameters, `${name}.`, shape.structure);
  const indexes = itemIndexes(parameters, name);
  if (indexes.length === 0) return undefined;
  if ('list' in shape) return indexes.map((index) => readValue(parameters, `${name}.${index}`, shape.list));
  const map = dictionary<unknown>();
  for (const index of indexes) {
    const key = parameters.get(`${name}.${index}.${shape.key}`);
    if (key !== undefined) map[key] = readValue(parameters, `${name}.${index}.${shape.value}`, shape.map);
  }
  return map;
}

/** The item numbers of list `name` (`name.1`, `name.2.Id`…), in order. */
function itemIndexes(parameters: ReadonlyMap<string, string>, name: string): number[] {
  const indexes = new Set<number>();
  const prefix = `${name}.`;
  for (const key of parameters.keys()) {
    if (!key.startsWith(prefix)) continue;
    const index = Number(key.slice(prefix.length).split('.', 1)[0]);
    if (Number.isInteger(index)) indexes.add(index);
  }
  return [...indexes].sort((a, b) => a - b);
}

// JSON → XML ------------------------------------------------------------------------------------

/** The XML builder's object for a structure: flattened lists and maps as repeated elements. */
function writeStructure(value: Record<string, unknown>, members: QueryMembers): Record<string, unknown> {
  const written: Record<string, unknown> = {};
  for (const [name, shape] of Object.entries(members)) {
    const member = value[name];
    if (member === undefined || member === null) continue;
    const items = writeValue(member, shape);
    if (Array.isArray(items) && items.length === 0) continue;
    written[wireName(name, shape)] = items;
  }
  return written;
}

function writeValue(value: unknown, shape: QueryShape): unknown {
  if (typeof shape === 'string') return typeof value === 'object' ? JSON.stringify(value) : String(value);
  if ('structure' in shape)
    return typeof value === 'object' && value !== null
      ? writeStructure(value as Record<string, unknown>, shape.structure)
      : {};
  if ('list' in shape) return Array.isArray(value) ? value.map((item) => writeValue(item, shape.list)) : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).map(([key, item]) => ({ [shape.key]: key, [shape.value]: writeValue(item, shape.map) }));
}
