/**
 * S3's bucket operations on the lab's endpoint: CreateBucket, HeadBucket, DeleteBucket,
 * ListBuckets, ListObjectsV2, the location, encryption, versioning, policy and tagging sub-resources, and
 * DeleteObjects (https://docs.aws.amazon.com/AmazonS3/latest/API/API_Operations_Amazon_Simple_Storage_Service.html),
 * routed here by s3-api.ts as s3-object-operations.ts is for objects.
 */
import type { GatewayRequest, GatewayResponse } from '../../gateway/gateway-handler';
import { LAB_ACCOUNT_ID } from '../../common/local-aws';
import { deleteObjects, xmlAnswer } from './s3-object-operations';
import { readPayload } from './s3-payload';
import { listOf, requestDocument, textOf } from './s3-request-xml';
import { DEFAULT_ENCRYPTION, type EncryptionRule } from './s3-records';
import type { S3State } from './s3-state';
import type { NotificationSender } from './s3-notifications';
import { notificationDocument, putNotification } from './s3-notification-operations';
import {
  IllegalLocationConstraintError,
  InvalidRequestError,
  MalformedXmlError,
  NoSuchBucketPolicyError,
  NoSuchTagSetError,
  S3Error,
  S3NotImplementedError,
} from './errors';

/** The owner S3 names in listings: the lab's one account. */
const OWNER = { ID: LAB_ACCOUNT_ID, DisplayName: 'lab' };

/** Sub-resources the lab answers. */
export const SUBRESOURCES = new Set([
  'location',
  'encryption',
  'versioning',
  'policy',
  'tagging',
  'notification',
  'versions',
  'uploads',
  'delete',
]);

export function bucketOperation(
  state: S3State,
  bucket: string,
  request: GatewayRequest,
  notifications?: NotificationSender,
): GatewayResponse | Promise<GatewayResponse> {
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
    case 'GET notification':
      return xmlAnswer('NotificationConfiguration', notificationDocument(state.bucket(bucket).notifications ?? []));
    case 'PUT notification':
      return putNotification(state, bucket, request, notifications);
    case 'GET versions':
      return listObjectVersions(state, bucket, query);
    case 'GET tagging': {
      // GetBucketTagging (https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetBucketTagging.html).
      const { tags } = state.bucket(bucket);
      if (tags === undefined || tags.length === 0) throw new NoSuchTagSetError(bucket);
      return xmlAnswer('Tagging', { TagSet: { Tag: tags.map(({ Key, Value }) => ({ Key, Value })) } });
    }
    case 'PUT tagging': {
      const document = requestDocument(readPayload(request).bytes, 'Tagging');
      const tagSet = typeof document.TagSet === 'object' && document.TagSet !== null ? document.TagSet : {};
      state.bucket(bucket).tags = listOf(tagSet as Record<string, unknown>, 'Tag').map((tag) => ({
        Key: textOf(tag, 'Key') ?? '',
        Value: textOf(tag, 'Value') ?? '',
      }));
      return { status: 204 };
    }
    case 'DELETE tagging':
      delete state.bucket(bucket).tags;
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

export function listBuckets(state: S3State): GatewayResponse {
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
/**
 * ListObjectVersions (https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectVersions.html):
 * the lab keeps the current version of each key only, so each object is listed once, as its latest
 * version (`VersionId` `null` when the bucket was not versioned when it was written), and no delete
 * markers. What CDK's auto-delete handler lists before it deletes a bucket's objects.
 */
function listObjectVersions(state: S3State, bucket: string, query: URLSearchParams): GatewayResponse {
  const maxKeys = Math.min(Number(query.get('max-keys') ?? '1000'), 1000);
  if (!Number.isInteger(maxKeys) || maxKeys < 0)
    throw new InvalidRequestError('Provided max-keys not an integer or within integer range', 'InvalidArgument');
  const prefix = query.get('prefix') ?? '';
  const keyMarker = query.get('key-marker') ?? undefined;
  const page = state.listObjects(bucket, { prefix, maxKeys, ...(keyMarker === undefined ? {} : { after: keyMarker }) });
  return xmlAnswer('ListVersionsResult', {
    IsTruncated: page.truncated,
    KeyMarker: keyMarker ?? '',
    VersionIdMarker: '',
    ...(page.truncated && page.nextAfter !== undefined ? { NextKeyMarker: page.nextAfter } : {}),
    Name: bucket,
    Prefix: prefix,
    MaxKeys: maxKeys,
    ...(page.objects.length === 0
      ? {}
      : {
          Version: page.objects.map((object) => ({
            Key: object.key,
            VersionId: object.versionId ?? 'null',
            IsLatest: true,
            LastModified: object.lastModified.toISOString(),
            ETag: object.etag,
            Size: object.bytes.length,
            StorageClass: 'STANDARD',
            Owner: OWNER,
          })),
        }),
  });
}

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
