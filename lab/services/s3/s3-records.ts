/**
 * What the lab's S3 keeps (s3-state.ts holds them): buckets with their settings, objects with
 * their bytes, checksums and encryption, and multipart uploads in progress, in the shapes S3's API
 * describes them.
 */
import type { ChecksumAlgorithm } from './s3-checksums';

/** A rule of a bucket's default encryption (`ServerSideEncryptionConfiguration.Rules`). */
export interface EncryptionRule {
  readonly SSEAlgorithm: string;
  readonly KMSMasterKeyID?: string;
  readonly BucketKeyEnabled?: boolean;
}

/**
 * S3's default encryption of every new bucket since January 2023: SSE-S3 (AES256)
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/default-encryption-faq.html).
 */
export const DEFAULT_ENCRYPTION: readonly EncryptionRule[] = [{ SSEAlgorithm: 'AES256', BucketKeyEnabled: false }];

/**
 * How an object is encrypted at rest: what the request asked (`x-amz-server-side-encryption`,
 * `…-aws-kms-key-id`), else the bucket's default. Recorded and answered; the lab stores plain bytes.
 */
export interface ObjectEncryption {
  readonly algorithm: string;
  readonly kmsKeyId?: string;
}

/** What an object is written with. */
export interface ObjectInput {
  readonly bytes: Buffer;
  readonly contentType?: string;
  /** Default: the bucket's default encryption. */
  readonly encryption?: ObjectEncryption;
  readonly checksums?: Partial<Record<ChecksumAlgorithm, string>>;
  /** `x-amz-meta-*` headers, by their name without the prefix. */
  readonly metadata?: Readonly<Record<string, string>>;
}

/** An object as S3 keeps it. */
export interface S3Object {
  readonly key: string;
  readonly bytes: Buffer;
  /** The quoted ETag: `"<md5 hex>"`, or `"<md5 of the parts' md5s>-<parts>"` for a multipart object. */
  readonly etag: string;
  readonly lastModified: Date;
  readonly contentType: string;
  readonly checksums: Partial<Record<ChecksumAlgorithm, string>>;
  readonly metadata: Readonly<Record<string, string>>;
  readonly encryption: ObjectEncryption;
  /** The version id a versioned bucket gave this write. */
  readonly versionId?: string;
  /** The number of parts of a multipart object. */
  readonly partCount?: number;
}

/** A bucket as S3 keeps it. */
export interface S3Bucket {
  readonly name: string;
  readonly region: string;
  readonly createdAt: Date;
  readonly objects: Map<string, S3Object>;
  encryption: readonly EncryptionRule[];
  /** The bucket policy, as the JSON text it was put with. */
  policy?: string;
  /** Unset until versioning is first configured (S3 then answers no `Status`). */
  versioning?: 'Enabled' | 'Suspended';
  publicAccessBlock?: Readonly<Record<string, boolean>>;
  lifecycleRules?: readonly unknown[];
  /** Where the bucket sends event notifications (s3-notifications.ts); unset: nowhere. */
  notifications?: readonly NotificationTarget[];
  /** The bucket's tag set (GetBucketTagging; CDK's auto-delete handler reads its own tag there); unset: none. */
  tags?: readonly { readonly Key: string; readonly Value: string }[];
}

/** A part of a multipart upload. */
export interface UploadedPart {
  readonly bytes: Buffer;
  readonly etag: string;
  readonly checksums: Partial<Record<ChecksumAlgorithm, string>>;
}

/** A multipart upload in progress. */
export interface MultipartUpload {
  readonly uploadId: string;
  readonly bucket: string;
  readonly key: string;
  readonly contentType?: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly encryption?: ObjectEncryption;
  readonly checksumAlgorithm?: ChecksumAlgorithm;
  readonly parts: Map<number, UploadedPart>;
}

/** A part named in CompleteMultipartUpload. */
export interface CompletedPart {
  readonly partNumber: number;
  readonly etag: string;
}

/** A page of ListObjectsV2. */
export interface ObjectListing {
  readonly objects: readonly S3Object[];
  readonly commonPrefixes: readonly string[];
  readonly truncated: boolean;
  /** The key after which the next page starts, when truncated. */
  readonly nextAfter?: string;
}

/** One destination of a bucket's event notifications: a queue, a topic or a function, for some events and keys. */
export interface NotificationTarget {
  readonly kind: 'queue' | 'topic' | 'function';
  /** The destination's ARN. */
  readonly arn: string;
  /** The configuration's Id (S3 makes one up when none is given). */
  readonly id: string;
  /** Event types, as configured (`s3:ObjectCreated:*`, `s3:ObjectRemoved:Delete`). */
  readonly events: readonly string[];
  readonly prefix?: string;
  readonly suffix?: string;
}

/** One change to an object that S3 may notify about. */
export interface ObjectEvent {
  readonly bucket: string;
  readonly key: string;
  /** `ObjectCreated:Put`, `ObjectCreated:Copy`, `ObjectCreated:CompleteMultipartUpload`, `ObjectRemoved:Delete`. */
  readonly eventName: string;
  readonly size: number;
  readonly etag?: string;
  readonly versionId?: string;
  readonly time: Date;
}
