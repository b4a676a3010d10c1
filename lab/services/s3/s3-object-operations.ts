/**
 * S3's object operations on the lab's {@link S3State}: PutObject, GetObject (with `Range`),
 * HeadObject, DeleteObject, DeleteObjects, CopyObject, and the multipart upload
 * (CreateMultipartUpload, UploadPart, CompleteMultipartUpload, AbortMultipartUpload). Each
 * takes the parsed request and answers S3's REST-XML shape
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/API_Operations_Amazon_Simple_Storage_Service.html).
 */
import type { GatewayRequest, GatewayResponse } from '../../gateway/gateway-handler';
import { xmlDocument } from '../../gateway/protocols/query-protocol';
import { type ChecksumAlgorithm, isChecksumAlgorithm } from './s3-checksums';
import { readPayload } from './s3-payload';
import { listOf, requestDocument, textOf } from './s3-request-xml';
import type { ObjectEncryption, S3Object } from './s3-records';
import type { S3State } from './s3-state';
import { InvalidRangeError, InvalidRequestError, MalformedXmlError, S3Error } from './errors';
import { decodeComponent } from '../../common/request-target';

/** The most keys one DeleteObjects may name (https://docs.aws.amazon.com/AmazonS3/latest/API/API_DeleteObjects.html). */
export const DELETE_OBJECTS_MAX_KEYS = 1000;

/** S3's XML namespace. */
export const S3_NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';

/** The object a request names. */
export interface ObjectAddress {
  readonly bucket: string;
  readonly key: string;
}

/** The object's headers S3 answers GetObject, HeadObject and PutObject with. */
function objectHeaders(object: S3Object, withChecksums: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'content-type': object.contentType,
    'accept-ranges': 'bytes',
  };
  Object.assign(headers, encryptionHeaders(object));
  if (object.versionId !== undefined) headers['x-amz-version-id'] = object.versionId;
  if (object.partCount !== undefined) headers['x-amz-mp-parts-count'] = String(object.partCount);
  for (const [name, value] of Object.entries(object.metadata)) headers[`x-amz-meta-${name}`] = value;
  if (withChecksums)
    for (const [algorithm, value] of Object.entries(object.checksums)) {
      headers[`x-amz-checksum-${algorithm}`] = value;
      headers['x-amz-checksum-type'] = value.includes('-') ? 'COMPOSITE' : 'FULL_OBJECT';
    }
  return headers;
}

/** The encryption headers S3 answers a write or read of `object` with. */
function encryptionHeaders(object: S3Object): Record<string, string> {
  const { algorithm, kmsKeyId } = object.encryption;
  return {
    'x-amz-server-side-encryption': algorithm,
    ...(kmsKeyId === undefined ? {} : { 'x-amz-server-side-encryption-aws-kms-key-id': kmsKeyId }),
  };
}

/** The encryption a request asks for (`x-amz-server-side-encryption`), or undefined for the bucket's default. */
function requestedEncryption(request: GatewayRequest): ObjectEncryption | undefined {
  const algorithm = request.headers['x-amz-server-side-encryption'];
  if (algorithm === undefined) return undefined;
  if (!['AES256', 'aws:kms', 'aws:kms:dsse'].includes(algorithm))
    throw new InvalidRequestError('The encryption method specified is not supported', 'InvalidArgument');
  const kmsKeyId = request.headers['x-amz-server-side-encryption-aws-kms-key-id'];
  return { algorithm, ...(kmsKeyId === undefined ? {} : { kmsKeyId }) };
}

/** `x-amz-meta-*` headers, by name without the prefix. */
function metadataOf(request: GatewayRequest): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (name.startsWith('x-amz-meta-')) metadata[name.slice('x-amz-meta-'.length)] = value;
  return metadata;
}

/** PutObject: the payload decoded and verified (s3-payload.ts), stored, its ETag and checksums answered. */
export function putObject(state: S3State, address: ObjectAddress, request: GatewayRequest): GatewayResponse {
  const { bytes, checksums } = readPayload(request);
  const contentType = request.headers['content-type'];
  const encryption = requestedEncryption(request);
  const object = state.putObject(address.bucket, address.key, {
    bytes,
    checksums,
    metadata: metadataOf(request),
    ...(contentType === undefined ? {} : { contentType }),
    ...(encryption === undefined ? {} : { encryption }),
  });
  const headers: Record<string, string> = { etag: object.etag, ...encryptionHeaders(object) };
  if (object.versionId !== undefined) headers['x-amz-version-id'] = object.versionId;
  for (const [algorithm, value] of Object.entries(checksums)) headers[`x-amz-checksum-${algorithm}`] = value;
  return { status: 200, headers };
}

/** GetObject and HeadObject: the object (or the `Range` asked for) and its headers. */
export function getObject(state: S3State, address: ObjectAddress, request: GatewayRequest): GatewayResponse {
  const object = state.object(address.bucket, address.key);
  const versionId = request.query.get('versionId');
  if (versionId !== null && versionId !== 'null' && versionId !== object.versionId)
    // The lab keeps each key's latest version only (s3-state.ts).
    throw new S3Error('The specified version does not exist.', 'NoSuchVersion', 404, {
      bucket: address.bucket,
      key: address.key,
      extra: { VersionId: versionId },
    });
  const range = request.headers.range;
  const head = request.method === 'HEAD';
  // `response-content-type=…` and the other `response-*` parameters override the answer's headers.
  const overrides: Record<string, string> = {};
  for (const [name, value] of request.query)
    if (name.startsWith('response-')) overrides[name.slice('response-'.length)] = value;
  if (range === undefined) {
    const checksums = request.headers['x-amz-checksum-mode'] === 'ENABLED';
    return {
      status: 200,
      headers: { ...objectHeaders(object, checksums), ...overrides, 'content-length': String(object.bytes.length) },
      body: head ? '' : object.bytes,
    };
  }
  const [start, end] = byteRange(range, object.bytes.length);
  const part = object.bytes.subarray(start, end + 1);
  return {
    status: 206,
    headers: {
      ...objectHeaders(object, false),
      ...overrides,
      'content-range': `bytes ${start}-${end}/${object.bytes.length}`,
      'content-length': String(part.length),
    },
    body: head ? '' : part,
  };
}

/**
 * The first and last byte a `Range: bytes=a-b | a- | -n` header asks for; a range that starts
 * past the end is `InvalidRange` (416), one S3 cannot read (several ranges) is answered whole
 * by S3, and refused by the lab with its reason.
 */
function byteRange(range: string, size: number): [number, number] {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (match === null || (match[1] === '' && match[2] === ''))
    throw new InvalidRequestError(
      `the lab's S3 reads one range of the form bytes=a-b, bytes=a- or bytes=-n, not "${range}"`,
    );
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) throw new InvalidRangeError(range, size);
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(first);
  if (start >= size) throw new InvalidRangeError(range, size);
  return [start, last === '' ? size - 1 : Math.min(Number(last), size - 1)];
}

/** DeleteObject (204, also for a key that does not exist). */
export function deleteObject(state: S3State, address: ObjectAddress): GatewayResponse {
  state.deleteObject(address.bucket, address.key);
  return { status: 204 };
}

/** DeleteObjects: each key deleted, the deleted keys answered unless `Quiet`. */
export function deleteObjects(state: S3State, bucket: string, request: GatewayRequest): GatewayResponse {
  const { bytes } = readPayload(request);
  const document = requestDocument(bytes, 'Delete');
  state.bucket(bucket);
  const keys = listOf(document, 'Object').map((object) => textOf(object, 'Key') ?? '');
  // "The request can contain a list of up to 1,000 keys" (DeleteObjects); S3 refuses more as MalformedXML.
  if (keys.length > DELETE_OBJECTS_MAX_KEYS) throw new MalformedXmlError();
  for (const key of keys) state.deleteObject(bucket, key);
  const quiet = textOf(document, 'Quiet') === 'true';
  return xmlAnswer('DeleteResult', quiet || keys.length === 0 ? {} : { Deleted: keys.map((key) => ({ Key: key })) });
}

/** CopyObject from `x-amz-copy-source` (`bucket/key`, URL-encoded), metadata copied unless `REPLACE`. */
export function copyObject(state: S3State, address: ObjectAddress, request: GatewayRequest): GatewayResponse {
  const source = decodeComponent((request.headers['x-amz-copy-source'] ?? '').split('?')[0] ?? '')?.replace(/^\//, '');
  if (source === undefined) throw new InvalidRequestError('Invalid copy source encoding.', 'InvalidArgument');
  const slash = source.indexOf('/');
  if (slash < 1)
    throw new InvalidRequestError(
      'Copy Source must mention the source bucket and key: sourcebucket/sourcekey',
      'InvalidArgument',
    );
  const from = state.object(source.slice(0, slash), source.slice(slash + 1));
  const replace = request.headers['x-amz-metadata-directive'] === 'REPLACE';
  const contentType = replace ? request.headers['content-type'] : from.contentType;
  const object = state.putObject(
    address.bucket,
    address.key,
    {
      bytes: from.bytes,
      checksums: from.checksums,
      metadata: replace ? metadataOf(request) : from.metadata,
      ...(contentType === undefined ? {} : { contentType }),
    },
    undefined,
    'Copy',
  );
  return xmlAnswer(
    'CopyObjectResult',
    { ETag: object.etag, LastModified: object.lastModified.toISOString() },
    object.versionId === undefined ? {} : { 'x-amz-version-id': object.versionId },
  );
}

/** CreateMultipartUpload: a new upload id; `x-amz-checksum-algorithm` chooses the parts' checksum. */
export function createMultipartUpload(
  state: S3State,
  address: ObjectAddress,
  request: GatewayRequest,
): GatewayResponse {
  const algorithmHeader = request.headers['x-amz-checksum-algorithm']?.toLowerCase();
  if (algorithmHeader !== undefined && !isChecksumAlgorithm(algorithmHeader))
    throw new InvalidRequestError(
      `Checksum algorithm provided is unsupported. Please try again with any of the valid types: [CRC32, CRC32C, SHA1, SHA256]`,
    );
  const checksumAlgorithm = algorithmHeader as ChecksumAlgorithm | undefined;
  const contentType = request.headers['content-type'];
  const encryption = requestedEncryption(request);
  const upload = state.createUpload(address.bucket, address.key, {
    metadata: metadataOf(request),
    ...(encryption === undefined ? {} : { encryption }),
    ...(contentType === undefined ? {} : { contentType }),
    ...(checksumAlgorithm === undefined ? {} : { checksumAlgorithm }),
  });
  return xmlAnswer(
    'InitiateMultipartUploadResult',
    { Bucket: address.bucket, Key: address.key, UploadId: upload.uploadId },
    checksumAlgorithm === undefined ? {} : { 'x-amz-checksum-algorithm': checksumAlgorithm.toUpperCase() },
  );
}

/** UploadPart: one part (1–10 000), its ETag and verified checksum answered. */
export function uploadPart(
  state: S3State,
  address: ObjectAddress,
  request: GatewayRequest,
  uploadId: string,
): GatewayResponse {
  const partNumber = Number(request.query.get('partNumber'));
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
    throw new InvalidRequestError('Part number must be an integer between 1 and 10000, inclusive', 'InvalidArgument');
  state.upload(address.bucket, address.key, uploadId);
  const payload = readPayload(request);
  const etag = state.uploadPart(address.bucket, address.key, uploadId, partNumber, payload);
  const headers: Record<string, string> = { etag };
  for (const [algorithm, value] of Object.entries(payload.checksums)) headers[`x-amz-checksum-${algorithm}`] = value;
  return { status: 200, headers };
}

/** CompleteMultipartUpload: the named parts joined into the object (s3-state.ts). */
export function completeMultipartUpload(
  state: S3State,
  address: ObjectAddress,
  request: GatewayRequest,
  uploadId: string,
): GatewayResponse {
  const { bytes } = readPayload(request);
  state.upload(address.bucket, address.key, uploadId);
  const parts = listOf(requestDocument(bytes, 'CompleteMultipartUpload'), 'Part').map((part) => ({
    partNumber: Number(textOf(part, 'PartNumber')),
    etag: textOf(part, 'ETag') ?? '',
  }));
  const object = state.completeUpload(address.bucket, address.key, uploadId, parts);
  const checksums = Object.fromEntries(
    Object.entries(object.checksums).map(([algorithm, value]) => [`Checksum${algorithm.toUpperCase()}`, value]),
  );
  return xmlAnswer(
    'CompleteMultipartUploadResult',
    {
      Location: `${request.origin}/${address.bucket}/${encodeURI(address.key)}`,
      Bucket: address.bucket,
      Key: address.key,
      ETag: object.etag,
      ...checksums,
    },
    object.versionId === undefined ? {} : { 'x-amz-version-id': object.versionId },
  );
}

/** AbortMultipartUpload (204). */
export function abortMultipartUpload(state: S3State, address: ObjectAddress, uploadId: string): GatewayResponse {
  state.abortUpload(address.bucket, address.key, uploadId);
  return { status: 204 };
}

/** A 200 answer with S3's XML document `root`. */
export function xmlAnswer(
  root: string,
  content: Record<string, unknown>,
  headers: Readonly<Record<string, string>> = {},
): GatewayResponse {
  return {
    status: 200,
    headers: { 'content-type': 'application/xml', ...headers },
    body: xmlDocument(root, content, S3_NAMESPACE),
  };
}
