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
  deleteObjects,
  getObject,
  type ObjectAddress,
  putObject,
  uploadPart,
  xmlAnswer,
} from './s3-object-operations';
import { readPayload } from './s3-payload';
import { listOf, requestDocument, textOf } from './s3-request-xml';
import { DEFAULT_ENCRYPTION, type EncryptionRule, type S3State } from './s3-state';
import {
  IllegalLocationConstraintError,
  InvalidRequestError,
  InvalidUriError,
  MalformedXmlError,
  NoSuchBucketPolicyError,
  S3Error,
  S3NotImplementedError,
} from './errors';

/** The owner S3 names in listings: the lab's one account. */
const OWNER = { ID: LAB_ACCOUNT_ID, DisplayName: 'lab' };

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

/** Sub-resources the lab answers. */
const SUBRESOURCES = new Set(['location', 'encryption', 'versioning', 'policy', 'uploads', 'delete']);

/** The S3 handler of the lab's endpoint (signing name `s3`). */
export function s3Service(state: S3State): GatewayHandler {
  return {
    signingName: 's3',
    async handle(request) {
      try {
        return withRequestId(route(state, request));
      } catch (error) {
        if (error instanceof S3Error) return errorAnswer(error, request);
        throw error;
      }
    },
  };
}

function route(state: S3State, request: GatewayRequest): GatewayResponse {
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
  if (key === '') return bucketOperation(state, bucket, request);
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

function bucketOperation(state: S3State, bucket: string, request: GatewayRequest): GatewayResponse {
  const query = request.query;
  const sub = [...query.keys()].find((name) => SUBRESOURCES.has(name));
  switch (`${request.method} ${sub ?? ''}`) {
    case 'PUT ':
      return createBucket(state, bucket, request);
    case 'HEAD ': {
      const found = state.bucket(bucket);
      return { status: 200, headers: { 'x-amz-bucket-region': found.region, 'x-amz-access-point-alias': 'false' } };
    }
    case 'DELETE ':
      state.deleteBucket(bucket);
      return { status: 204 };
    case 'GET ':
      if (query.get('list-type') === '2') return listObjectsV2(state, bucket, query);
      throw new S3NotImplementedError('ListObjects (version 1); use ListObjectsV2');
    case 'GET location': {
      const { region } = state.bucket(bucket);
      // us-east-1 answers an empty LocationConstraint (https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetBucketLocation.html).
      return xmlAnswer('LocationConstraint', region === 'us-east-1' ? {} : { '#text': region });
    }
    case 'GET encryption':
      return xmlAnswer('ServerSideEncryptionConfiguration', {
        Rule: state.bucket(bucket).encryption.map((rule) => ({
          ApplyServerSideEncryptionByDefault: {
            SSEAlgorithm: rule.SSEAlgorithm,
            ...(rule.KMSMasterKeyID === undefined ? {} : { KMSMasterKeyID: rule.KMSMasterKeyID }),
          },
          BucketKeyEnabled: rule.BucketKeyEnabled ?? false,
        })),
      });
    case 'PUT encryption':
      state.bucket(bucket).encryption = encryptionRules(
        requestDocument(readPayload(request).bytes, 'ServerSideEncryptionConfiguration'),
      );
      return { status: 200 };
    case 'DELETE encryption':
      state.bucket(bucket).encryption = DEFAULT_ENCRYPTION;
      return { status: 204 };
    case 'GET versioning': {
      const status = state.bucket(bucket).versioning;
      return xmlAnswer('VersioningConfiguration', status === undefined ? {} : { Status: status });
    }
    case 'PUT versioning': {
      const status = textOf(requestDocument(readPayload(request).bytes, 'VersioningConfiguration'), 'Status');
      if (status !== 'Enabled' && status !== 'Suspended') throw new MalformedXmlError();
      state.bucket(bucket).versioning = status;
      return { status: 200 };
    }
    case 'GET policy': {
      const { policy } = state.bucket(bucket);
      if (policy === undefined) throw new NoSuchBucketPolicyError(bucket);
      return { status: 200, headers: { 'content-type': 'application/json' }, body: policy };
    }
    case 'PUT policy': {
      const text = readPayload(request).bytes.toString('utf8');
      state.bucket(bucket);
      if (!isJsonObject(text))
        throw new S3Error("Policies must be valid JSON and the first byte must be '{'", 'MalformedPolicy', 400, {
          bucket,
        });
      state.bucket(bucket).policy = text;
      return { status: 204 };
    }
    case 'DELETE policy':
      delete state.bucket(bucket).policy;
      return { status: 204 };
    case 'POST delete':
      return deleteObjects(state, bucket, request);
  }
  throw new S3NotImplementedError(`${request.method} on a bucket${sub === undefined ? '' : ` ?${sub}`}`);
}

/**
 * CreateBucket in the constraint's region (us-east-1 without one). An endpoint of another region
 * needs a constraint naming it, as S3's regional endpoints do; us-east-1's accepts any.
 */
function createBucket(state: S3State, bucket: string, request: GatewayRequest): GatewayResponse {
  const body = readPayload(request).bytes;
  const constraint =
    body.length === 0 ? undefined : textOf(requestDocument(body, 'CreateBucketConfiguration'), 'LocationConstraint');
  if (request.region !== 'us-east-1' && constraint !== request.region)
    throw new IllegalLocationConstraintError(constraint ?? 'unspecified');
  state.createBucket(bucket, constraint ?? 'us-east-1');
  return { status: 200, headers: { location: `/${bucket}` } };
}

function listBuckets(state: S3State): GatewayResponse {
  return xmlAnswer('ListAllMyBucketsResult', {
    Owner: OWNER,
    Buckets: {
      Bucket: state.listBuckets().map((bucket) => ({
        Name: bucket.name,
        CreationDate: bucket.createdAt.toISOString(),
        BucketRegion: bucket.region,
      })),
    },
  });
}

/**
 * ListObjectsV2: keys under `prefix`, at most `max-keys` (default and most 1 000), the
 * continuation token being the last key listed (base64), `KeyCount` counting keys and common
 * prefixes (https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html).
 */
function listObjectsV2(state: S3State, bucket: string, query: URLSearchParams): GatewayResponse {
  const maxKeys = Math.min(Number(query.get('max-keys') ?? '1000'), 1000);
  if (!Number.isInteger(maxKeys) || maxKeys < 0)
    throw new InvalidRequestError('Provided max-keys not an integer or within integer range', 'InvalidArgument');
  const token = query.get('continuation-token');
  const startAfter = query.get('start-after');
  const after = token !== null ? Buffer.from(token, 'base64url').toString('utf8') : (startAfter ?? undefined);
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? undefined;
  const urlEncoded = query.get('encoding-type') === 'url';
  const encode = (text: string) => (urlEncoded ? encodeURIComponent(text).replace(/%2F/g, '/') : text);
  const page = state.listObjects(bucket, {
    prefix,
    maxKeys,
    ...(delimiter === undefined ? {} : { delimiter }),
    ...(after === undefined ? {} : { after }),
  });
  return xmlAnswer('ListBucketResult', {
    IsTruncated: page.truncated,
    ...(page.objects.length === 0
      ? {}
      : {
          Contents: page.objects.map((object) => ({
            Key: encode(object.key),
            LastModified: object.lastModified.toISOString(),
            ETag: object.etag,
            ...(Object.keys(object.checksums).length === 0
              ? {}
              : { ChecksumAlgorithm: Object.keys(object.checksums).map((name) => name.toUpperCase()) }),
            Size: object.bytes.length,
            ...(query.get('fetch-owner') === 'true' ? { Owner: OWNER } : {}),
            StorageClass: 'STANDARD',
          })),
        }),
    Name: bucket,
    Prefix: encode(prefix),
    ...(delimiter === undefined ? {} : { Delimiter: encode(delimiter) }),
    MaxKeys: maxKeys,
    ...(page.commonPrefixes.length === 0
      ? {}
      : { CommonPrefixes: page.commonPrefixes.map((p) => ({ Prefix: encode(p) })) }),
    ...(urlEncoded ? { EncodingType: 'url' } : {}),
    KeyCount: page.objects.length + page.commonPrefixes.length,
    ...(token === null ? {} : { ContinuationToken: token }),
    ...(page.nextAfter === undefined
      ? {}
      : { NextContinuationToken: Buffer.from(page.nextAfter).toString('base64url') }),
    ...(startAfter === null ? {} : { StartAfter: encode(startAfter) }),
  });
}

/** The rules of a ServerSideEncryptionConfiguration document. */
function encryptionRules(document: Record<string, unknown>): EncryptionRule[] {
  const rules = listOf(document, 'Rule').map((rule) => {
    const byDefault = rule.ApplyServerSideEncryptionByDefault;
    const settings = typeof byDefault === 'object' && byDefault !== null ? (byDefault as Record<string, unknown>) : {};
    const algorithm = textOf(settings, 'SSEAlgorithm');
    if (algorithm === undefined) throw new MalformedXmlError();
    const keyId = textOf(settings, 'KMSMasterKeyID');
    const bucketKey = textOf(rule, 'BucketKeyEnabled');
    return {
      SSEAlgorithm: algorithm,
      ...(keyId === undefined ? {} : { KMSMasterKeyID: keyId }),
      ...(bucketKey === undefined ? {} : { BucketKeyEnabled: bucketKey === 'true' }),
    };
  });
  if (rules.length === 0) throw new MalformedXmlError();
  return rules;
}

function isJsonObject(text: string): boolean {
  if (!text.trimStart().startsWith('{')) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Every answer carries S3's request ids. */
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
