/**
 * S3's errors as the lab's endpoint answers them, each a {@link ServiceError}: `code` is S3's
 * error code (the SDK turns it into the modeled exception, `NoSuchKey`, or keeps it as the
 * error's name), the message in S3's words, the status S3 answers with. The words are those of
 * S3's error list (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html) as
 * LocalStack recorded them against AWS (localstack/localstack,
 * tests/aws/services/s3/test_s3.snapshot.json and test_s3_api.snapshot.json, `aws.validated`).
 */
import { ServiceError } from '../service-error';

/** What an S3 error names beyond its message: the bucket and key, written into the error document. */
export interface S3ErrorDetails {
  readonly bucket?: string;
  readonly key?: string;
  /** Extra elements of the error document (`ExpectedDigest`, `UploadId`…). */
  readonly extra?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

/** Base of the lab's S3 errors. */
export class S3Error extends ServiceError {
  override readonly name: string = 'S3Error';
  readonly details: S3ErrorDetails;

  constructor(message: string, code: string, statusCode: number, details: S3ErrorDetails = {}) {
    super(message, { code, statusCode, ...('cause' in details ? { cause: details.cause } : {}) });
    this.details = details;
  }
}

/** `NoSuchBucket` (404). */
export class NoSuchBucketError extends S3Error {
  override readonly name = 'NoSuchBucketError';
  constructor(bucket: string) {
    super('The specified bucket does not exist', 'NoSuchBucket', 404, { bucket });
  }
}

/** `NoSuchKey` (404). */
export class NoSuchKeyError extends S3Error {
  override readonly name = 'NoSuchKeyError';
  constructor(bucket: string, key: string) {
    super('The specified key does not exist.', 'NoSuchKey', 404, { bucket, key });
  }
}

/** `BucketAlreadyOwnedByYou` (409): the account creates a bucket it has, in any region. */
export class BucketAlreadyOwnedByYouError extends S3Error {
  override readonly name = 'BucketAlreadyOwnedByYouError';
  constructor(bucket: string) {
    super(
      'Your previous request to create the named bucket succeeded and you already own it.',
      'BucketAlreadyOwnedByYou',
      409,
      { bucket },
    );
  }
}

/** `BucketNotEmpty` (409): DeleteBucket on a bucket with objects. */
export class BucketNotEmptyError extends S3Error {
  override readonly name = 'BucketNotEmptyError';
  constructor(bucket: string) {
    super('The bucket you tried to delete is not empty', 'BucketNotEmpty', 409, { bucket });
  }
}

/** `InvalidBucketName` (400): not 3–63 lower-case letters, digits, dots and hyphens. */
export class InvalidBucketNameError extends S3Error {
  override readonly name = 'InvalidBucketNameError';
  constructor(bucket: string) {
    super('The specified bucket is not valid.', 'InvalidBucketName', 400, { bucket });
  }
}

/** `IllegalLocationConstraintException` (400): the constraint names another region than the request's. */
export class IllegalLocationConstraintError extends S3Error {
  override readonly name = 'IllegalLocationConstraintError';
  constructor(constraint: string) {
    super(
      `The ${constraint} location constraint is incompatible for the region specific endpoint this request was sent to.`,
      'IllegalLocationConstraintException',
      400,
    );
  }
}

/** `NoSuchBucketPolicy` (404). */
export class NoSuchBucketPolicyError extends S3Error {
  override readonly name = 'NoSuchBucketPolicyError';
  constructor(bucket: string) {
    super('The bucket policy does not exist', 'NoSuchBucketPolicy', 404, { bucket });
  }
}

/** `NoSuchTagSet` (404): the bucket has no tags (GetBucketTagging). */
export class NoSuchTagSetError extends S3Error {
  override readonly name = 'NoSuchTagSetError';
  constructor(bucket: string) {
    super('The TagSet does not exist', 'NoSuchTagSet', 404, { bucket });
  }
}

/** `NoSuchUpload` (404): the upload id is unknown, completed or aborted. */
export class NoSuchUploadError extends S3Error {
  override readonly name = 'NoSuchUploadError';
  constructor(uploadId: string) {
    super(
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      'NoSuchUpload',
      404,
      { extra: { UploadId: uploadId } },
    );
  }
}

/** `InvalidPart` (400): a completed part was not uploaded, or its ETag differs. */
export class InvalidPartError extends S3Error {
  override readonly name = 'InvalidPartError';
  constructor(details: S3ErrorDetails = {}) {
    super(
      "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
      'InvalidPart',
      400,
      details,
    );
  }
}

/** `InvalidPartOrder` (400). */
export class InvalidPartOrderError extends S3Error {
  override readonly name = 'InvalidPartOrderError';
  constructor() {
    super(
      'The list of parts was not in ascending order. Parts must be ordered by part number.',
      'InvalidPartOrder',
      400,
    );
  }
}

/** `EntityTooSmall` (400): a part other than the last is below 5 MiB. */
export class EntityTooSmallError extends S3Error {
  override readonly name = 'EntityTooSmallError';
  constructor() {
    super('Your proposed upload is smaller than the minimum allowed size', 'EntityTooSmall', 400);
  }
}

/** `BadDigest` (400): a flexible checksum (`x-amz-checksum-crc32`…) or Content-MD5 that the bytes do not have. */
export class BadDigestError extends S3Error {
  override readonly name = 'BadDigestError';
  constructor(message: string, extra?: Readonly<Record<string, string>>) {
    super(message, 'BadDigest', 400, extra === undefined ? {} : { extra });
  }
}

/** `XAmzContentSHA256Mismatch` (400): the payload hash the request was signed with is not the body's. */
export class ContentSha256MismatchError extends S3Error {
  override readonly name = 'ContentSha256MismatchError';
  constructor(clientHash: string, computedHash: string) {
    super(
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
      'XAmzContentSHA256Mismatch',
      400,
      { extra: { ClientComputedContentSHA256: clientHash, S3ComputedContentSHA256: computedHash } },
    );
  }
}

/** `InvalidRange` (416). */
export class InvalidRangeError extends S3Error {
  override readonly name = 'InvalidRangeError';
  constructor(range: string, size: number) {
    super('The requested range is not satisfiable', 'InvalidRange', 416, {
      extra: { ActualObjectSize: String(size), RangeRequested: range },
    });
  }
}

/** `MalformedXML` (400): a request document (DeleteObjects, CompleteMultipartUpload…) the lab cannot read. */
export class MalformedXmlError extends S3Error {
  override readonly name = 'MalformedXmlError';
  constructor(cause?: unknown) {
    super(
      'The XML you provided was not well-formed or did not validate against our published schema',
      'MalformedXML',
      400,
      cause === undefined ? {} : { cause },
    );
  }
}

/** `InvalidURI` (400): a path whose percent-escapes are not UTF-8 (`/bucket/%E0%A4%A`). */
export class InvalidUriError extends S3Error {
  override readonly name = 'InvalidUriError';
  constructor() {
    super("Couldn't parse the specified URI.", 'InvalidURI', 400);
  }
}

/** `InvalidRequest` / `InvalidArgument` (400): a request S3 refuses for the reason given. */
export class InvalidRequestError extends S3Error {
  override readonly name = 'InvalidRequestError';
  constructor(message: string, code: 'InvalidRequest' | 'InvalidArgument' = 'InvalidRequest') {
    super(message, code, 400);
  }
}

/** `NotImplemented` (501): an S3 operation the lab's endpoint does not emulate; the message says which. */
export class S3NotImplementedError extends S3Error {
  override readonly name = 'S3NotImplementedError';
  constructor(what: string) {
    super(
      `the lab's S3 does not implement ${what}; it serves buckets (create, head, delete, list, location, encryption, versioning, policy) and objects (put, get, head, delete, list, copy, multipart uploads)`,
      'NotImplemented',
      501,
    );
  }
}
