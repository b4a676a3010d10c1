/**
 * readPayload: the aws-chunked body SDK v3 sends with a flexible checksum in a trailer
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming-trailers.html), decoded and
 * verified as S3 verifies it. The error words are S3's as LocalStack recorded them against AWS
 * (localstack/localstack tests/aws/services/s3/test_s3.snapshot.json, `aws.validated`).
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { GatewayRequest } from '#lab/gateway/gateway-handler';
import { readPayload } from '#lab/services/s3/s3-payload';
import { BadDigestError, ContentSha256MismatchError, S3Error } from '#lab/services/s3/errors';

function request(headers: Record<string, string>, body: Buffer | string): GatewayRequest {
  return {
    method: 'PUT',
    path: '/bucket/key',
    query: new URLSearchParams(),
    headers,
    body: Buffer.from(body),
    region: 'us-east-1',
    origin: 'http://127.0.0.1:1',
  };
}

function crc32Base64(text: string): string {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(crc32(Buffer.from(text)));
  return buffer.toString('base64');
}

const CHUNKED = {
  'content-encoding': 'aws-chunked',
  'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
  'x-amz-trailer': 'x-amz-checksum-crc32',
  'x-amz-decoded-content-length': '11',
};

describe('readPayload', () => {
  it('decodes an aws-chunked body and verifies its CRC32 trailer', () => {
    const body = `5\r\nhello\r\n6\r\n world\r\n0\r\nx-amz-checksum-crc32:${crc32Base64('hello world')}\r\n\r\n`;
    const payload = readPayload(request(CHUNKED, body));
    expect(payload.bytes.toString()).toBe('hello world');
    expect(payload.checksums).toEqual({ crc32: crc32Base64('hello world') });
  });

  it('reads signed chunks (chunk-signature extensions) too', () => {
    const body = `b;chunk-signature=${'0'.repeat(64)}\r\nhello world\r\n0;chunk-signature=${'1'.repeat(64)}\r\n\r\n`;
    const headers = {
      'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
      'x-amz-decoded-content-length': '11',
    };
    expect(readPayload(request(headers, body)).bytes.toString()).toBe('hello world');
  });

  it('refuses a trailer checksum the bytes do not have with BadDigest', () => {
    const body = `5\r\nhello\r\n6\r\n world\r\n0\r\nx-amz-checksum-crc32:${crc32Base64('other')}\r\n\r\n`;
    expect(() => readPayload(request(CHUNKED, body))).toThrow(
      new BadDigestError('The CRC32 you specified did not match the calculated checksum.'),
    );
  });

  it('refuses a signed payload hash that is not the body’s with XAmzContentSHA256Mismatch', () => {
    const wrong = createHash('sha256').update('other').digest('hex');
    const error = (() => {
      try {
        readPayload(request({ 'x-amz-content-sha256': wrong }, 'hello'));
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ContentSha256MismatchError);
    expect((error as S3Error).code).toBe('XAmzContentSHA256Mismatch');
    expect((error as S3Error).message).toBe(
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  });

  it('refuses a wrong Content-MD5, and a body shorter than its chunk sizes', () => {
    expect(() => readPayload(request({ 'content-md5': Buffer.alloc(16).toString('base64') }, 'hello'))).toThrow(
      'The Content-MD5 you specified did not match what we received.',
    );
    expect(() => readPayload(request(CHUNKED, '10\r\nhello\r\n0\r\n\r\n'))).toThrow(/aws-chunked body is malformed/);
  });
});
