/**
 * S3 on the lab's endpoint (REST-XML): the CDK CLI's asset publishing (ListObjectsV2,
 * GetBucketLocation, GetBucketEncryption, PutObject, multipart uploads) and the bucket calls of
 * the AWS CLI, on the lab's {@link S3State}. Requests name their bucket path-style
 * (`/bucket/key`, what the SDK sends to a loopback endpoint) or in the host
 * (`bucket.localhost:PORT`). Errors are S3's `<Error><Code/><Message/>…<Resource/><RequestId/></Error>`
 * with S3's status (errors.ts); a HEAD answer carries the status only, as S3's does.
 *
 * Bucket policies are stored and answered (GetBucketPolicy) but not enforced: the lab's endpoint
 * is plain HTTP on loopback, and the CDK bootstrap bucket's policy denies every request without
 * TLS (`aws:SecureTransport: false`), which would refuse every call the CLI makes. AWS would
 * enforce it; the lab, with one account and one caller, does not evaluate bucket policies.
 */
import { randomUUID } from 'node:crypto';
import type { GatewayHandler, GatewayRequest, GatewayResponse } from '../../gateway/gateway-handler';
import { xmlDocument } from '../../gateway/protocols/query-protocol';
import { LAB_ACCOUNT_ID } from '../../common/local-aws';
import { decodeComponent } from '../../common/request-target';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  copyObject,
  createMultipartUpload,
  deleteObject,
  getObject,
  type ObjectAddress,
  putObject,
  uploadPart,
} from './s3-object-operations';
import { bucketOperation, listBuckets, SUBRESOURCES } from './s3-bucket-operations';
import type { S3State } from './s3-state';
import type { NotificationSender } from './s3-notifications';
import { InvalidUriError, S3Error, S3NotImplementedError } from './errors';

/** Query parameters that are an operation's arguments, not a sub-resource the lab lacks. */
const ARGUMENTS = new Set([
  'x-id',
  'list-type',
  'prefix',
  'max-keys',
  'continuation-token',
  'start-after',
  'delimiter',
  'encoding-type',
  'fetch-owner',
  'uploadId',
  'partNumber',
  'versionId',
  // A presigned URL's signature, in its query string: served as any request is (the lab verifies
  // no signature; README, "What the lab does not check").
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Security-Token',
  'X-Amz-Content-Sha256',
  'x-amz-checksum-crc32',
  'x-amz-sdk-checksum-algorithm',
]);

/** The S3 handler of the lab's endpoint (signing name `s3`). */
export function s3Api(state: S3State, notifications?: NotificationSender): GatewayHandler {
  return {
    signingName: 's3',
    async handle(request) {
      try {
        return withRequestId(await route(state, request, notifications));
      } catch (error) {
        if (error instanceof S3Error) return errorAnswer(error, request);
        throw error;
      }
    },
  };
}

function route(
  state: S3State,
  request: GatewayRequest,
  notifications: NotificationSender | undefined,
): GatewayResponse | Promise<GatewayResponse> {
  const { bucket, key } = addressOf(request);
  const query = request.query;
  for (const name of query.keys())
    if (!ARGUMENTS.has(name) && !SUBRESOURCES.has(name) && !name.startsWith('response-'))
      throw new S3NotImplementedError(`the ?${name} sub-resource`);
  const method = request.method;
  // The CDK CLI names the owner it expects (ExpectedBucketOwner) when it checks the asset bucket.
  const expectedOwner = request.headers['x-amz-expected-bucket-owner'];
  if (expectedOwner !== undefined && expectedOwner !== LAB_ACCOUNT_ID)
    throw new S3Error('Access Denied', 'AccessDenied', 403, bucket === '' ? {} : { bucket });
  if (bucket === '') {
    if (method === 'GET') return listBuckets(state);
    throw new S3NotImplementedError(`${method} /`);
  }
  if (key === '') return bucketOperation(state, bucket, request, notifications);
  const address: ObjectAddress = { bucket, key };
  const uploadId = query.get('uploadId');
  switch (method) {
    case 'PUT':
      if (uploadId !== null) return uploadPart(state, address, request, uploadId);
      if (request.headers['x-amz-copy-source'] !== undefined) return copyObject(state, address, request);
      return putObject(state, address, request);
    case 'GET':
    case 'HEAD':
      return getObject(state, address, request);
    case 'DELETE':
      return uploadId === null ? deleteObject(state, address) : abortMultipartUpload(state, address, uploadId);
    case 'POST':
      if (query.has('uploads')) return createMultipartUpload(state, address, request);
      if (uploadId !== null) return completeMultipartUpload(state, address, request, uploadId);
  }
  throw new S3NotImplementedError(`${method} on an object${[...query.keys()].map((name) => ` ?${name}`).join('')}`);
}

/**
 * The bucket and key: `bucket.localhost:PORT/key` (virtual-hosted), else `/bucket/key` (path-style).
 * The path is the request's as sent (request-target.ts): a key keeps its `..`, `.` and `//`, as on
 * S3, where `put-object --bucket a --key ../b/x` writes the key `../b/x` in bucket a.
 */
function addressOf(request: GatewayRequest): { bucket: string; key: string } {
  const host = /^(.+)\.localhost(:\d+)?$/.exec(request.headers.host ?? '');
  const path = request.path;
  if (host?.[1] !== undefined) return { bucket: host[1], key: decoded(path.slice(1)) };
  const slash = path.indexOf('/', 1);
  return slash < 0
    ? { bucket: decoded(path.slice(1)), key: '' }
    : { bucket: decoded(path.slice(1, slash)), key: decoded(path.slice(slash + 1)) };
}

function decoded(text: string): string {
  const value = decodeComponent(text);
  if (value === undefined) throw new InvalidUriError();
  return value;
}

function withRequestId(response: GatewayResponse): GatewayResponse {
  const id = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
  return {
    ...response,
    headers: { ...response.headers, 'x-amz-request-id': id, 'x-amz-id-2': Buffer.from(id).toString('base64') },
  };
}

/** S3's error document (no body for HEAD). */
function errorAnswer(error: S3Error, request: GatewayRequest): GatewayResponse {
  const response: GatewayResponse =
    request.method === 'HEAD'
      ? { status: error.statusCode }
      : {
          status: error.statusCode,
          headers: { 'content-type': 'application/xml' },
          body: xmlDocument('Error', {
            Code: error.code,
            Message: error.message,
            ...(error.details.bucket === undefined ? {} : { BucketName: error.details.bucket }),
            ...(error.details.key === undefined ? {} : { Key: error.details.key }),
            ...error.details.extra,
            Resource: request.path,
            RequestId: randomUUID(),
          }),
        };
  return withRequestId(response);
}
