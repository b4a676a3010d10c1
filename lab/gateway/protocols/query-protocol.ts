/**
 * AWS's query protocol (STS, CloudFormation, CloudWatch): a form-encoded `Action=…&Version=…`
 * request, answered with `<ActionResponse><ActionResult>…</ActionResult><ResponseMetadata>`
 * XML, and errors as `<ErrorResponse><Error><Type/><Code/><Message/></Error>`. The XML is written
 * by fast-xml-parser's builder from plain objects; lists are the query protocol's `member`
 * elements ({@link members}).
 * Shapes: https://smithy.io/2.0/aws/protocols/aws-query-protocol.html
 */
import { randomUUID } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import { decodeComponent } from '../../common/request-target';
import { decodeUtf8Strict } from '../../common/strict-utf8';
import type { GatewayResponse } from '../gateway-handler';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });

/**
 * The parameters of a query request (form body, or the query string of a GET). A name given twice
 * is refused with `refuse`'s error (the service's own validation error): the last one winning let
 * `Action=DescribeStacks&Action=DeleteStack` delete a stack that the first word only described.
 */
export function queryParameters(
  body: Buffer,
  query: URLSearchParams,
  refuse: (message: string) => Error,
): Map<string, string> {
  const parameters = new Map<string, string>();
  for (const source of [query, new URLSearchParams(formText(body, refuse))])
    for (const [name, value] of source) {
      if (parameters.has(name))
        throw refuse(`The parameter ${name} is given more than once; a query request names each parameter once.`);
      parameters.set(name, value);
    }
  return parameters;
}

/**
 * A form body's text, refused (not replaced with U+FFFD, as `Buffer.toString` and URLSearchParams
 * would) when its bytes or its percent-escapes are not UTF-8: a template sent with invalid bytes
 * must not deploy as other text than was sent.
 */
function formText(body: Buffer, refuse: (message: string) => Error): string {
  const notUtf8 = 'The request body is not URL-encoded UTF-8 text; the lab reads query requests as AWS does, in UTF-8.';
  let text: string;
  try {
    text = decodeUtf8Strict(body);
  } catch {
    throw refuse(notUtf8);
  }
  if (text.includes('%'))
    for (const pair of text.split('&'))
      if (pair.includes('%') && decodeComponent(pair.replaceAll('+', ' ')) === undefined) throw refuse(notUtf8);
  return text;
}

/**
 * A list parameter (`Parameters.member.1.ParameterKey=…`) as objects: `listParameter(p,
 * 'Parameters')` → `[{ ParameterKey: '…', ParameterValue: '…' }]`; a list of strings
 * (`Capabilities.member.1=CAPABILITY_IAM`) as strings.
 */
export function listParameter(
  parameters: ReadonlyMap<string, string>,
  name: string,
): (string | Record<string, string>)[] {
  const items = new Map<number, string | Record<string, string>>();
  const prefix = `${name}.member.`;
  for (const [key, value] of parameters) {
    if (!key.startsWith(prefix)) continue;
    const rest = key.slice(prefix.length);
    const dot = rest.indexOf('.');
    const index = Number(dot < 0 ? rest : rest.slice(0, dot));
    if (!Number.isInteger(index)) continue;
    if (dot < 0) items.set(index, value);
    else {
      const item = items.get(index);
      const record = typeof item === 'object' ? item : {};
      record[rest.slice(dot + 1)] = value;
      items.set(index, record);
    }
  }
  return [...items.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
}

/** A list in a query answer: `{ member: [...] }`, as the SDK's parser reads it. */
export function members<T>(items: readonly T[]): { member: T[] } | '' {
  return items.length === 0 ? '' : { member: [...items] };
}

/** A successful answer to `action`, its result in `<ActionResult>` (none when `result` is undefined). */
export function queryResponse(action: string, namespace: string, result?: Record<string, unknown>): GatewayResponse {
  const requestId = randomUUID();
  const body = builder.build({
    [`${action}Response`]: {
      '@_xmlns': namespace,
      ...(result === undefined ? {} : { [`${action}Result`]: markCarriageReturns(result) }),
      ResponseMetadata: { RequestId: requestId },
    },
  }) as string;
  return {
    status: 200,
    headers: { 'content-type': 'text/xml', 'x-amzn-requestid': requestId },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n${body.replaceAll(CARRIAGE_RETURN_MARK, '&#13;')}`,
  };
}

/**
 * An XML reader turns every carriage return in text into a line feed (XML 1.0, 2.11; the SDK's
 * parser does): a value that holds one (a template with CRLF lines, answered by GetTemplate)
 * keeps it only as the reference `&#13;`. The builder would escape a reference, so each CR goes
 * through it as NUL, which no XML text may hold, and becomes the reference after.
 */
const CARRIAGE_RETURN_MARK = '\u0000';

function markCarriageReturns<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\r', CARRIAGE_RETURN_MARK) as T;
  if (Array.isArray(value)) return value.map(markCarriageReturns) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, markCarriageReturns(inner)])) as T;
}

/** An error answer: `code` (`ValidationError`), AWS's message, the HTTP status (default 400). */
export function queryError(code: string, message: string, status = 400, namespace?: string): GatewayResponse {
  const requestId = randomUUID();
  const body = builder.build({
    ErrorResponse: {
      ...(namespace === undefined ? {} : { '@_xmlns': namespace }),
      Error: { Type: status >= 500 ? 'Receiver' : 'Sender', Code: code, Message: message },
      RequestId: requestId,
    },
  }) as string;
  return {
    status,
    headers: { 'content-type': 'text/xml', 'x-amzn-requestid': requestId },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n${body}`,
  };
}

/** XML for a REST-XML answer (S3): `root` → `{ ...content }` with its namespace. */
export function xmlDocument(root: string, content: Record<string, unknown>, namespace?: string): string {
  const body = builder.build({
    [root]: { ...(namespace === undefined ? {} : { '@_xmlns': namespace }), ...content },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}
