/**
 * The lab's S3 through its one endpoint, with the real `@aws-sdk/client-s3` (its parsers are the
 * check), as the CDK CLI's asset publishing calls it: PutObject with the SDK's default flexible
 * checksum (CRC32 in an aws-chunked body with a trailer) and with SHA256, a multipart upload
 * above 5 MB, ListObjectsV2 with MaxKeys 1, GetBucketLocation, GetBucketEncryption, and S3's
 * errors. Error codes and words: S3's error list
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html) as LocalStack recorded
 * them against AWS (localstack/localstack tests/aws/services/s3/test_s3.snapshot.json,
 * `aws.validated`).
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketEncryptionCommand,
  GetBucketLocationCommand,
  GetBucketPolicyCommand,
  GetBucketTaggingCommand,
  PutBucketTaggingCommand,
  DeleteBucketTaggingCommand,
  GetBucketVersioningCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsV2Command,
  PutBucketEncryptionCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_CREDENTIALS } from '#lab/common/local-aws';
import { type LabGateway, startLabGateway } from '#lab/gateway/lab-gateway';
import { s3Api } from '#lab/services/s3/s3-api';
import { S3State } from '#lab/services/s3/s3-state';

let gateway: LabGateway;
let s3: S3Client;
const state = new S3State();
const workDir = mkdtempSync(join(tmpdir(), 's3-lab-'));

beforeAll(async () => {
  gateway = await startLabGateway([s3Api(state)]);
  s3 = new S3Client({ endpoint: gateway.url, region: 'us-east-1', credentials: LAB_CREDENTIALS, forcePathStyle: true });
  await s3.send(new CreateBucketCommand({ Bucket: 'assets' }));
});

afterAll(async () => {
  s3.destroy();
  await gateway.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/** The error a call fails with. */
async function failure(call: Promise<unknown>): Promise<S3ServiceException> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(S3ServiceException);
  return error as S3ServiceException;
}

describe('S3 objects', () => {
  it('stores a PutObject sent with the default CRC32 trailer in aws-chunked encoding, and gives the bytes back', async () => {
    const body = Buffer.from('{"Resources":{}}');
    // A stream (as the CLI uploads a file) goes aws-chunked, its CRC32 in the trailer; a Buffer would go in one piece.
    const stream = Readable.from([body.subarray(0, 5), body.subarray(5)]);
    const put = await s3.send(
      new PutObjectCommand({ Bucket: 'assets', Key: 'a/template.json', Body: stream, ContentLength: body.length }),
    );
    expect(put.ETag).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    expect(put.ChecksumCRC32).toMatch(/^[A-Za-z0-9+/]{6}==$/);
    expect(state.objectBytes('assets', 'a/template.json')?.bytes.equals(body)).toBe(true);
    const got = await s3.send(
      new GetObjectCommand({ Bucket: 'assets', Key: 'a/template.json', ChecksumMode: 'ENABLED' }),
    );
    expect(
      Buffer.from(await (got.Body?.transformToByteArray() ?? Promise.resolve(new Uint8Array()))).equals(body),
    ).toBe(true);
    expect(got.ChecksumCRC32).toBe(put.ChecksumCRC32);
    expect(got.ContentLength).toBe(body.length);
  });

  it('takes a file upload as the CDK CLI sends it (a file stream, SHA256, SSE-KMS), and answers its encryption', async () => {
    const body = Buffer.from('zip bytes');
    const file = join(workDir, 'asset.zip');
    writeFileSync(file, body);
    // cdk-assets' FileAssetHandler: PutObject through lib-storage's Upload with these parameters.
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: 'assets',
        Key: 'b.zip',
        Body: createReadStream(file),
        ContentType: 'application/zip',
        ChecksumAlgorithm: 'SHA256',
        ServerSideEncryption: 'aws:kms',
      }),
    );
    expect(put.ChecksumSHA256).toBe(createHash('sha256').update(body).digest('base64'));
    expect(put.ServerSideEncryption).toBe('aws:kms');
    const head = await s3.send(new HeadObjectCommand({ Bucket: 'assets', Key: 'b.zip' }));
    expect([head.ContentLength, head.ContentType, head.ServerSideEncryption]).toEqual([
      body.length,
      'application/zip',
      'aws:kms',
    ]);
    // Without a header, the bucket's default encryption (SSE-S3).
    await s3.send(new PutObjectCommand({ Bucket: 'assets', Key: 'plain', Body: 'x' }));
    expect((await s3.send(new HeadObjectCommand({ Bucket: 'assets', Key: 'plain' }))).ServerSideEncryption).toBe(
      'AES256',
    );
  });

  it('answers AccessDenied when the request expects another bucket owner, as the CLI checks the asset bucket', async () => {
    await s3.send(new GetBucketLocationCommand({ Bucket: 'assets', ExpectedBucketOwner: '000000000000' }));
    const error = await failure(
      s3.send(new GetBucketLocationCommand({ Bucket: 'assets', ExpectedBucketOwner: '111111111111' })),
    );
    expect([error.name, error.$metadata.httpStatusCode]).toEqual(['AccessDenied', 403]);
  });

  it('refuses a checksum the bytes do not have with BadDigest', async () => {
    const error = await failure(
      s3.send(
        new PutObjectCommand({
          Bucket: 'assets',
          Key: 'bad',
          Body: 'abc',
          ChecksumSHA256: createHash('sha256').update('xyz').digest('base64'),
        }),
      ),
    );
    expect(error.name).toBe('BadDigest');
    expect(error.message).toBe('The SHA256 you specified did not match the calculated checksum.');
    expect(state.objectBytes('assets', 'bad')).toBeUndefined();
  });

  it('answers a bucket named in the host (bucket.localhost:PORT), and response-content-type overrides', async () => {
    await s3.send(new PutObjectCommand({ Bucket: 'assets', Key: 'hosted.txt', Body: 'by host' }));
    const answer = await s3Api(state).handle({
      method: 'GET',
      path: '/hosted.txt',
      query: new URLSearchParams({ 'response-content-type': 'text/plain' }),
      headers: { host: `assets.localhost:${gateway.port}` },
      body: Buffer.alloc(0),
      region: 'us-east-1',
      origin: gateway.url,
    });
    expect([answer.status, String(answer.body), answer.headers?.['content-type']]).toEqual([
      200,
      'by host',
      'text/plain',
    ]);
  });

  it('reads a byte range', async () => {
    await s3.send(new PutObjectCommand({ Bucket: 'assets', Key: 'digits', Body: '0123456789' }));
    const got = await s3.send(new GetObjectCommand({ Bucket: 'assets', Key: 'digits', Range: 'bytes=2-4' }));
    expect(await got.Body?.transformToString()).toBe('234');
    expect(got.ContentRange).toBe('bytes 2-4/10');
    const error = await failure(s3.send(new GetObjectCommand({ Bucket: 'assets', Key: 'digits', Range: 'bytes=20-' })));
    expect([error.name, error.$metadata.httpStatusCode]).toEqual(['InvalidRange', 416]);
  });

  it('uploads 6 MB in two parts, with the multipart ETag', async () => {
    const parts = [Buffer.alloc(5 * 1024 * 1024, 1), Buffer.alloc(1024 * 1024, 2)];
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'assets', Key: 'big.zip', ChecksumAlgorithm: 'SHA256' }),
    );
    const uploaded = [];
    for (const [index, part] of parts.entries())
      uploaded.push(
        await s3.send(
          new UploadPartCommand({
            Bucket: 'assets',
            Key: 'big.zip',
            UploadId,
            PartNumber: index + 1,
            Body: part,
            ChecksumAlgorithm: 'SHA256',
          }),
        ),
      );
    const completed = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'assets',
        Key: 'big.zip',
        UploadId,
        MultipartUpload: {
          Parts: uploaded.map((part, index) => ({
            PartNumber: index + 1,
            ETag: part.ETag,
            ChecksumSHA256: part.ChecksumSHA256,
          })),
        },
      }),
    );
    const md5s = Buffer.concat(parts.map((part) => createHash('md5').update(part).digest()));
    expect(completed.ETag).toBe(`"${createHash('md5').update(md5s).digest('hex')}-2"`);
    expect(completed.ChecksumSHA256).toMatch(/-2$/);
    expect(state.objectBytes('assets', 'big.zip')?.bytes.equals(Buffer.concat(parts))).toBe(true);
    // The SDK reads the composite checksum back without trying to validate it as a whole-object one.
    const got = await s3.send(new GetObjectCommand({ Bucket: 'assets', Key: 'big.zip', ChecksumMode: 'ENABLED' }));
    expect(Buffer.from(await (got.Body?.transformToByteArray() ?? Promise.resolve(new Uint8Array()))).length).toBe(
      6 * 1024 * 1024,
    );
    expect([got.ChecksumSHA256, got.ChecksumType]).toEqual([completed.ChecksumSHA256, 'COMPOSITE']);
  });

  it('refuses a small part that is not the last with EntityTooSmall, and an unknown upload with NoSuchUpload', async () => {
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'assets', Key: 'small' }));
    const etags = [];
    for (const partNumber of [1, 2])
      etags.push(
        (
          await s3.send(
            new UploadPartCommand({ Bucket: 'assets', Key: 'small', UploadId, PartNumber: partNumber, Body: 'x' }),
          )
        ).ETag,
      );
    const tooSmall = await failure(
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'assets',
          Key: 'small',
          UploadId,
          MultipartUpload: { Parts: etags.map((ETag, index) => ({ ETag, PartNumber: index + 1 })) },
        }),
      ),
    );
    expect([tooSmall.name, tooSmall.message]).toEqual([
      'EntityTooSmall',
      'Your proposed upload is smaller than the minimum allowed size',
    ]);
    await s3.send(new AbortMultipartUploadCommand({ Bucket: 'assets', Key: 'small', UploadId }));
    const gone = await failure(
      s3.send(new UploadPartCommand({ Bucket: 'assets', Key: 'small', UploadId, PartNumber: 3, Body: 'x' })),
    );
    expect([gone.name, gone.$metadata.httpStatusCode]).toEqual(['NoSuchUpload', 404]);
  });

  it('lists one key at a time with a continuation token, counting KeyCount', async () => {
    await s3.send(new PutObjectCommand({ Bucket: 'assets', Key: 'list/1', Body: '1' }));
    await s3.send(new PutObjectCommand({ Bucket: 'assets', Key: 'list/2', Body: '2' }));
    const first = await s3.send(
      new ListObjectsV2Command({ Bucket: 'assets', Prefix: 'list/', MaxKeys: 1, FetchOwner: true }),
    );
    expect([first.KeyCount, first.IsTruncated, first.Contents?.map((c) => c.Key)]).toEqual([1, true, ['list/1']]);
    expect(first.Contents?.[0]?.Owner?.ID).toBe('000000000000');
    const second = await s3.send(
      new ListObjectsV2Command({
        Bucket: 'assets',
        Prefix: 'list/',
        MaxKeys: 1,
        ContinuationToken: first.NextContinuationToken,
      }),
    );
    expect([second.KeyCount, second.IsTruncated, second.Contents?.map((c) => c.Key)]).toEqual([1, false, ['list/2']]);
    const none = await s3.send(new ListObjectsV2Command({ Bucket: 'assets', Prefix: 'nothing-here', MaxKeys: 1 }));
    expect([none.KeyCount, none.Contents]).toEqual([0, undefined]);
  });

  it('copies, deletes one key and several, and answers NoSuchKey for a missing one', async () => {
    await s3.send(new PutObjectCommand({ Bucket: 'assets', Key: 'c1', Body: 'copy me' }));
    await s3.send(new CopyObjectCommand({ Bucket: 'assets', Key: 'c2', CopySource: 'assets/c1' }));
    expect(state.objectBytes('assets', 'c2')?.bytes.toString()).toBe('copy me');
    await s3.send(new DeleteObjectCommand({ Bucket: 'assets', Key: 'c1' }));
    const deleted = await s3.send(
      new DeleteObjectsCommand({ Bucket: 'assets', Delete: { Objects: [{ Key: 'c2' }, { Key: 'digits' }] } }),
    );
    expect(deleted.Deleted?.map((d) => d.Key)).toEqual(['c2', 'digits']);
    const missing = await failure(s3.send(new GetObjectCommand({ Bucket: 'assets', Key: 'c1' })));
    expect([missing.name, missing.message, missing.$metadata.httpStatusCode]).toEqual([
      'NoSuchKey',
      'The specified key does not exist.',
      404,
    ]);
    const head = await failure(s3.send(new HeadObjectCommand({ Bucket: 'assets', Key: 'c1' })));
    expect([head.name, head.$metadata.httpStatusCode]).toEqual(['NotFound', 404]);
  });
});

describe('S3 buckets', () => {
  it('answers GetBucketLocation: empty for us-east-1, the region otherwise', async () => {
    expect((await s3.send(new GetBucketLocationCommand({ Bucket: 'assets' }))).LocationConstraint).toBeUndefined();
    await s3.send(
      new CreateBucketCommand({ Bucket: 'in-ireland', CreateBucketConfiguration: { LocationConstraint: 'eu-west-1' } }),
    );
    expect((await s3.send(new GetBucketLocationCommand({ Bucket: 'in-ireland' }))).LocationConstraint).toBe(
      'eu-west-1',
    );
    const head = await s3.send(new HeadBucketCommand({ Bucket: 'in-ireland' }));
    expect(head.BucketRegion).toBe('eu-west-1');
    expect((await s3.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toEqual(
      expect.arrayContaining(['assets', 'in-ireland']),
    );
  });

  it('answers the default SSE-S3 encryption, then what PutBucketEncryption set', async () => {
    const before = await s3.send(new GetBucketEncryptionCommand({ Bucket: 'in-ireland' }));
    expect(before.ServerSideEncryptionConfiguration?.Rules?.[0]?.ApplyServerSideEncryptionByDefault?.SSEAlgorithm).toBe(
      'AES256',
    );
    await s3.send(
      new PutBucketEncryptionCommand({
        Bucket: 'in-ireland',
        ServerSideEncryptionConfiguration: {
          Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms' }, BucketKeyEnabled: true }],
        },
      }),
    );
    const after = await s3.send(new GetBucketEncryptionCommand({ Bucket: 'in-ireland' }));
    expect(after.ServerSideEncryptionConfiguration?.Rules).toEqual([
      { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms' }, BucketKeyEnabled: true },
    ]);
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: 'in-ireland' }))).Status).toBeUndefined();
  });

  it('keeps a bucket policy (not enforced), and answers NoSuchBucketPolicy before one is put', async () => {
    const none = await failure(s3.send(new GetBucketPolicyCommand({ Bucket: 'in-ireland' })));
    expect([none.name, none.message]).toEqual(['NoSuchBucketPolicy', 'The bucket policy does not exist']);
    const policy = JSON.stringify({ Version: '2012-10-17', Statement: [] });
    await s3.send(new PutBucketPolicyCommand({ Bucket: 'in-ireland', Policy: policy }));
    expect((await s3.send(new GetBucketPolicyCommand({ Bucket: 'in-ireland' }))).Policy).toBe(policy);
  });

  it("keeps a bucket's tag set, and answers NoSuchTagSet before one is put (API_GetBucketTagging), as CDK's auto-delete handler reads it", async () => {
    const none = await failure(s3.send(new GetBucketTaggingCommand({ Bucket: 'in-ireland' })));
    expect([none.name, none.message]).toEqual(['NoSuchTagSet', 'The TagSet does not exist']);
    await s3.send(
      new PutBucketTaggingCommand({
        Bucket: 'in-ireland',
        Tagging: {
          TagSet: [
            { Key: 'aws-cdk:auto-delete-objects', Value: 'true' },
            { Key: 'team', Value: 'orders' },
          ],
        },
      }),
    );
    expect((await s3.send(new GetBucketTaggingCommand({ Bucket: 'in-ireland' }))).TagSet).toEqual([
      { Key: 'aws-cdk:auto-delete-objects', Value: 'true' },
      { Key: 'team', Value: 'orders' },
    ]);
    await s3.send(new DeleteBucketTaggingCommand({ Bucket: 'in-ireland' }));
    expect((await failure(s3.send(new GetBucketTaggingCommand({ Bucket: 'in-ireland' })))).name).toBe('NoSuchTagSet');
  });

  it('answers NoSuchBucket, BucketAlreadyOwnedByYou and BucketNotEmpty in S3 words', async () => {
    const missing = await failure(s3.send(new ListObjectsV2Command({ Bucket: 'no-such-bucket' })));
    expect([missing.name, missing.message, missing.$metadata.httpStatusCode]).toEqual([
      'NoSuchBucket',
      'The specified bucket does not exist',
      404,
    ]);
    const twice = await failure(s3.send(new CreateBucketCommand({ Bucket: 'assets' })));
    expect([twice.name, twice.message, twice.$metadata.httpStatusCode]).toEqual([
      'BucketAlreadyOwnedByYou',
      'Your previous request to create the named bucket succeeded and you already own it.',
      409,
    ]);
    const notEmpty = await failure(s3.send(new DeleteBucketCommand({ Bucket: 'assets' })));
    expect([notEmpty.name, notEmpty.message, notEmpty.$metadata.httpStatusCode]).toEqual([
      'BucketNotEmpty',
      'The bucket you tried to delete is not empty',
      409,
    ]);
    const invalid = await failure(s3.send(new CreateBucketCommand({ Bucket: 'Upper_Case' })));
    expect([invalid.name, invalid.message]).toEqual(['InvalidBucketName', 'The specified bucket is not valid.']);
    await s3.send(new DeleteBucketCommand({ Bucket: 'in-ireland' }));
    const gone = await failure(s3.send(new HeadBucketCommand({ Bucket: 'in-ireland' })));
    expect([gone.name, gone.$metadata.httpStatusCode]).toEqual(['NotFound', 404]);
  });

  it('keeps a key literal: `../other/key` and `..` stay in their bucket, as on S3 (keys are names, not paths)', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'literal-a' }));
    await s3.send(new CreateBucketCommand({ Bucket: 'literal-b' }));
    await s3.send(new PutObjectCommand({ Bucket: 'literal-b', Key: 'important.txt', Body: 'kept' }));
    await s3.send(new PutObjectCommand({ Bucket: 'literal-a', Key: '../literal-b/important.txt', Body: 'elsewhere' }));
    await s3.send(new PutObjectCommand({ Bucket: 'literal-a', Key: 'a//b/./c', Body: 'slashes' }));
    await s3.send(new DeleteObjectCommand({ Bucket: 'literal-a', Key: '../literal-b' }));
    const kept = await s3.send(new GetObjectCommand({ Bucket: 'literal-b', Key: 'important.txt' }));
    expect(await kept.Body?.transformToString()).toBe('kept');
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'literal-a' }));
    expect(listed.Contents?.map((object) => object.Key).sort()).toEqual(['../literal-b/important.txt', 'a//b/./c']);
    expect((await s3.send(new HeadBucketCommand({ Bucket: 'literal-b' }))).$metadata.httpStatusCode).toBe(200);
  });

  it('refuses DeleteObjects of more than 1,000 keys with MalformedXML, deleting none (API_DeleteObjects)', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'many-keys' }));
    await s3.send(new PutObjectCommand({ Bucket: 'many-keys', Key: 'k0', Body: 'x' }));
    const keys = Array.from({ length: 1001 }, (_, index) => ({ Key: `k${index}` }));
    const refused = await failure(
      s3.send(new DeleteObjectsCommand({ Bucket: 'many-keys', Delete: { Objects: keys } })),
    );
    expect([refused.name, refused.$metadata.httpStatusCode]).toEqual(['MalformedXML', 400]);
    expect((await s3.send(new ListObjectsV2Command({ Bucket: 'many-keys' }))).KeyCount).toBe(1);
    await s3.send(new DeleteObjectsCommand({ Bucket: 'many-keys', Delete: { Objects: keys.slice(0, 1000) } }));
    expect((await s3.send(new ListObjectsV2Command({ Bucket: 'many-keys' }))).KeyCount).toBe(0);
  });

  it('serves a presigned URL (its signature in the query string, not verified), for GET and PUT', async () => {
    const presigned = (method: string, key: string) =>
      `${gateway.url}/assets/${key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${encodeURIComponent(
        'lab-access-key/20261128/us-east-1/s3/aws4_request',
      )}&X-Amz-Date=20261128T000000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=${'0'.repeat(64)}&x-id=${method === 'PUT' ? 'PutObject' : 'GetObject'}`;
    const put = await fetch(presigned('PUT', 'presigned.txt'), { method: 'PUT', body: 'by a presigned URL' });
    expect(put.status).toBe(200);
    const got = await fetch(presigned('GET', 'presigned.txt'));
    expect([got.status, await got.text()]).toEqual([200, 'by a presigned URL']);
  });
});
