/**
 * The lab's S3: buckets (region, policy, default encryption, versioning, public access block,
 * lifecycle rules) and their objects (bytes, ETag, checksums, content type, metadata, time), and
 * the multipart uploads in progress. The endpoint (s3-api.ts) and the resource providers
 * write it; the lab reads assets from it ({@link S3State.objectBytes}).
 *
 * Versioning is recorded and reported, and a versioned bucket answers a version id per write,
 * but the lab keeps only each key's latest object: nothing in the lab reads older versions.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type ChecksumAlgorithm, compositeChecksum, md5Hex } from './s3-checksums';
import {
  type CompletedPart,
  DEFAULT_ENCRYPTION,
  type MultipartUpload,
  type ObjectEncryption,
  type ObjectEvent,
  type ObjectInput,
  type ObjectListing,
  type S3Bucket,
  type S3Object,
  type UploadedPart,
} from './s3-records';
import {
  BucketAlreadyOwnedByYouError,
  BucketNotEmptyError,
  EntityTooSmallError,
  InvalidBucketNameError,
  InvalidPartError,
  InvalidPartOrderError,
  NoSuchBucketError,
  NoSuchKeyError,
  NoSuchUploadError,
} from './errors';

/** S3's smallest part, but for the last (https://docs.aws.amazon.com/AmazonS3/latest/userguide/qfacts.html). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Buckets, objects and uploads of the lab's account. */
export class S3State {
  private readonly buckets = new Map<string, S3Bucket>();
  private readonly uploads = new Map<string, MultipartUpload>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /**
   * Creates a bucket in `region`. Bucket names follow S3's general-purpose rules
   * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/bucketnamingrules.html); an existing
   * one is `BucketAlreadyOwnedByYou`, the lab having one account.
   */
  createBucket(name: string, region: string): S3Bucket {
    if (!BUCKET_NAME.test(name) || name.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(name))
      throw new InvalidBucketNameError(name);
    if (this.buckets.has(name)) throw new BucketAlreadyOwnedByYouError(name);
    const bucket: S3Bucket = {
      name,
      region,
      createdAt: this.now(),
      objects: new Map(),
      encryption: DEFAULT_ENCRYPTION,
    };
    this.buckets.set(name, bucket);
    return bucket;
  }

  /** The bucket, or undefined. */
  findBucket(name: string): S3Bucket | undefined {
    return this.buckets.get(name);
  }

  /** The bucket, or `NoSuchBucket`. */
  bucket(name: string): S3Bucket {
    const bucket = this.buckets.get(name);
    if (bucket === undefined) throw new NoSuchBucketError(name);
    return bucket;
  }

  /** Every bucket, by name. */
  listBuckets(): S3Bucket[] {
    return [...this.buckets.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  /** Deletes an empty bucket; `BucketNotEmpty` otherwise. */
  deleteBucket(name: string): void {
    const bucket = this.bucket(name);
    if (bucket.objects.size > 0) throw new BucketNotEmptyError(name);
    for (const [uploadId, upload] of this.uploads) if (upload.bucket === name) this.uploads.delete(uploadId);
    this.buckets.delete(name);
  }

  /** Listeners to every object written or deleted (event notifications). */
  private readonly objectListeners: ((event: ObjectEvent) => void)[] = [];

  /** Calls `listener` with every object written or deleted from now on. */
  onObjectEvent(listener: (event: ObjectEvent) => void): void {
    this.objectListeners.push(listener);
  }

  /** Writes an object (replacing the key's previous one); `how` names the write in its event. */
  putObject(
    bucketName: string,
    key: string,
    input: ObjectInput,
    multipart?: { etag: string; parts: number },
    how: 'Put' | 'Copy' = 'Put',
  ): S3Object {
    const bucket = this.bucket(bucketName);
    const object: S3Object = {
      key,
      bytes: input.bytes,
      etag: multipart?.etag ?? `"${md5Hex(input.bytes)}"`,
      lastModified: this.now(),
      contentType: input.contentType ?? 'binary/octet-stream',
      checksums: input.checksums ?? {},
      metadata: input.metadata ?? {},
      encryption: input.encryption ?? defaultEncryption(bucket),
      ...(bucket.versioning === 'Enabled' ? { versionId: versionId() } : {}),
      ...(multipart === undefined ? {} : { partCount: multipart.parts }),
    };
    bucket.objects.set(key, object);
    this.emit({
      bucket: bucketName,
      key,
      eventName: `ObjectCreated:${multipart === undefined ? how : 'CompleteMultipartUpload'}`,
      size: object.bytes.length,
      etag: object.etag.replaceAll('"', ''),
      ...(object.versionId === undefined ? {} : { versionId: object.versionId }),
      time: object.lastModified,
    });
    return object;
  }

  private emit(event: ObjectEvent): void {
    for (const listener of this.objectListeners) listener(event);
  }

  /** The object, or `NoSuchBucket` / `NoSuchKey`. */
  object(bucketName: string, key: string): S3Object {
    const object = this.bucket(bucketName).objects.get(key);
    if (object === undefined) throw new NoSuchKeyError(bucketName, key);
    return object;
  }

  /** An object's bytes and ETag, or undefined when the bucket or key does not exist (for the lab's own readers). */
  objectBytes(bucketName: string, key: string): { readonly bytes: Buffer; readonly etag: string } | undefined {
    const object = this.buckets.get(bucketName)?.objects.get(key);
    return object === undefined ? undefined : { bytes: object.bytes, etag: object.etag };
  }

  /** Deletes an object; deleting a key that does not exist succeeds, as in S3. */
  deleteObject(bucketName: string, key: string): void {
    this.bucket(bucketName).objects.delete(key);
    this.emit({ bucket: bucketName, key, eventName: 'ObjectRemoved:Delete', size: 0, time: this.now() });
  }

  /** One page of a bucket's keys in UTF-8 binary order, after `after`, grouped by `delimiter`. */
  listObjects(
    bucketName: string,
    options: { prefix?: string; delimiter?: string; after?: string; maxKeys: number },
  ): ObjectListing {
    const bucket = this.bucket(bucketName);
    const prefix = options.prefix ?? '';
    const keys = [...bucket.objects.keys()]
      .filter((key) => key.startsWith(prefix) && (options.after === undefined || byteCompare(key, options.after) > 0))
      .sort(byteCompare);
    const objects: S3Object[] = [];
    const commonPrefixes: string[] = [];
    let last: string | undefined;
    for (const key of keys) {
      const delimiterAt = options.delimiter ? key.indexOf(options.delimiter, prefix.length) : -1;
      const common = delimiterAt < 0 ? undefined : key.slice(0, delimiterAt + (options.delimiter ?? '').length);
      if (common !== undefined && common === commonPrefixes.at(-1)) {
        last = key;
        continue;
      }
      if (objects.length + commonPrefixes.length >= options.maxKeys)
        return { objects, commonPrefixes, truncated: true, ...(last === undefined ? {} : { nextAfter: last }) };
      if (common === undefined) objects.push(bucket.objects.get(key) as S3Object);
      else commonPrefixes.push(common);
      last = key;
    }
    return { objects, commonPrefixes, truncated: false };
  }

  /** Starts a multipart upload. */
  createUpload(
    bucketName: string,
    key: string,
    options: Pick<ObjectInput, 'contentType' | 'metadata' | 'encryption'> & {
      readonly checksumAlgorithm?: ChecksumAlgorithm;
    },
  ): MultipartUpload {
    this.bucket(bucketName);
    const upload: MultipartUpload = {
      uploadId: randomBytes(24).toString('base64url'),
      bucket: bucketName,
      key,
      metadata: options.metadata ?? {},
      parts: new Map(),
      ...(options.contentType === undefined ? {} : { contentType: options.contentType }),
      ...(options.encryption === undefined ? {} : { encryption: options.encryption }),
      ...(options.checksumAlgorithm === undefined ? {} : { checksumAlgorithm: options.checksumAlgorithm }),
    };
    this.uploads.set(upload.uploadId, upload);
    return upload;
  }

  /** The upload, or `NoSuchUpload` (also when it belongs to another bucket or key). */
  upload(bucketName: string, key: string, uploadId: string): MultipartUpload {
    this.bucket(bucketName);
    const upload = this.uploads.get(uploadId);
    if (upload === undefined || upload.bucket !== bucketName || upload.key !== key)
      throw new NoSuchUploadError(uploadId);
    return upload;
  }

  /** Stores one part (replacing an earlier part of that number); returns its quoted ETag. */
  uploadPart(
    bucketName: string,
    key: string,
    uploadId: string,
    partNumber: number,
    part: { bytes: Buffer; checksums: Partial<Record<ChecksumAlgorithm, string>> },
  ): string {
    const upload = this.upload(bucketName, key, uploadId);
    const etag = `"${md5Hex(part.bytes)}"`;
    upload.parts.set(partNumber, { bytes: part.bytes, etag, checksums: part.checksums });
    return etag;
  }

  /**
   * Joins the named parts into the object, as S3 does: parts in ascending order, each uploaded
   * with that ETag, all but the last at least 5 MiB; the ETag is the MD5 of the parts' MD5s
   * followed by `-<parts>` (https://docs.aws.amazon.com/AmazonS3/latest/userguide/checking-object-integrity.html).
   */
  completeUpload(bucketName: string, key: string, uploadId: string, named: readonly CompletedPart[]): S3Object {
    const upload = this.upload(bucketName, key, uploadId);
    if (named.length === 0) throw new InvalidPartError();
    const parts: UploadedPart[] = [];
    for (const [index, { partNumber, etag }] of named.entries()) {
      if (index > 0 && partNumber <= (named[index - 1] as CompletedPart).partNumber) throw new InvalidPartOrderError();
      const part = upload.parts.get(partNumber);
      if (part === undefined || unquote(part.etag) !== unquote(etag)) throw new InvalidPartError();
      parts.push(part);
    }
    if (parts.slice(0, -1).some((part) => part.bytes.length < MIN_PART_BYTES)) throw new EntityTooSmallError();
    const md5s = Buffer.concat(parts.map((part) => Buffer.from(unquote(part.etag), 'hex')));
    const algorithm = upload.checksumAlgorithm;
    const partChecksums = algorithm === undefined ? [] : parts.map((part) => part.checksums[algorithm]);
    const checksums =
      algorithm !== undefined && partChecksums.every((checksum) => checksum !== undefined)
        ? { [algorithm]: compositeChecksum(algorithm, partChecksums as string[]) }
        : {};
    this.uploads.delete(uploadId);
    return this.putObject(
      bucketName,
      key,
      {
        bytes: Buffer.concat(parts.map((part) => part.bytes)),
        metadata: upload.metadata,
        checksums,
        ...(upload.contentType === undefined ? {} : { contentType: upload.contentType }),
        ...(upload.encryption === undefined ? {} : { encryption: upload.encryption }),
      },
      { etag: `"${md5Hex(md5s)}-${parts.length}"`, parts: parts.length },
    );
  }

  /** Drops an upload and its parts. */
  abortUpload(bucketName: string, key: string, uploadId: string): void {
    this.upload(bucketName, key, uploadId);
    this.uploads.delete(uploadId);
  }
}

/** The encryption the bucket's first default rule gives a new object. */
function defaultEncryption(bucket: S3Bucket): ObjectEncryption {
  const rule = bucket.encryption[0] ?? { SSEAlgorithm: 'AES256' };
  return {
    algorithm: rule.SSEAlgorithm,
    ...(rule.KMSMasterKeyID === undefined ? {} : { kmsKeyId: rule.KMSMasterKeyID }),
  };
}

/** Keys compare as S3 lists them: by their UTF-8 bytes. */
function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function unquote(etag: string): string {
  return etag.replace(/^"|"$/g, '');
}

/** A version id of S3's shape (32 URL-safe characters). */
function versionId(): string {
  return randomUUID().replace(/-/g, '');
}
