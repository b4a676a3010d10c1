/**
 * The XML documents S3 requests carry (CreateBucketConfiguration, ServerSideEncryptionConfiguration,
 * VersioningConfiguration, Delete, CompleteMultipartUpload), read with fast-xml-parser: values
 * stay strings, the namespace attribute is dropped, and the repeated elements are lists even
 * when one is sent. A body that is not such a document is S3's `MalformedXML`.
 */
import { XMLParser } from 'fast-xml-parser';
import { MalformedXmlError } from './errors';

/** Elements S3 lets a request repeat. */
const LISTS = new Set([
  'Rule',
  'Object',
  'Part',
  'Tag',
  'QueueConfiguration',
  'TopicConfiguration',
  'CloudFunctionConfiguration',
  'Event',
  'FilterRule',
]);

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

/** The root element `root` of `body`; `MalformedXML` when the body is not that document. */
export function requestDocument(body: Buffer, root: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = parser.parse(body.toString('utf8'), true);
  } catch (error) {
    throw new MalformedXmlError(error);
  }
  const element = (parsed as Record<string, unknown>)[root];
  if (element === undefined) throw new MalformedXmlError();
  // An empty element (`<Delete/>`) parses as '': no children.
  return typeof element === 'object' && element !== null ? (element as Record<string, unknown>) : {};
}

/** A child that must be text (or absent). */
export function textOf(element: Record<string, unknown>, name: string): string | undefined {
  const value = element[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new MalformedXmlError();
  return value;
}

/** A repeated child, as a list of elements. */
export function listOf(element: Record<string, unknown>, name: string): Record<string, unknown>[] {
  const value = element[name];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => item === null || typeof item !== 'object'))
    throw new MalformedXmlError();
  return value as Record<string, unknown>[];
}
