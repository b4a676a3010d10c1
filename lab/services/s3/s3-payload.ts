/**
 * The bytes of an S3 upload (PutObject, UploadPart), read as S3 reads them: a plain body, or
 * the `aws-chunked` encoding SDK v3 uses to send a flexible checksum as a trailer
 * (`Content-Encoding: aws-chunked`, `x-amz-content-sha256: STREAMING-UNSIGNED-PAYLOAD-TRAILER`,
 * `x-amz-trailer: x-amz-checksum-crc32`): `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n`…,
 * then `0\r\n`, the trailers `name:value\r\n`, and `\r\n`
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html and
 * sigv4-streaming-trailers.html). The payload is then checked as S3 checks it: the signed
 * payload hash, Content-MD5, and each `x-amz-checksum-*` header or trailer, a mismatch refused
 * with S3's error (errors.ts). Chunk signatures are not verified: the lab checks no signature.
 */
import type { GatewayRequest } from '../../gateway/gateway-handler';
import { type ChecksumAlgorithm, checksumOf, isChecksumAlgorithm, md5Hex, sha256Hex } from './s3-checksums';
import { BadDigestError, ContentSha256MismatchError, InvalidRequestError } from './errors';

/** A request's payload, decoded and verified. */
export interface S3Payload {
  readonly bytes: Buffer;
  /** The flexible checksums the request sent (header or trailer), verified, by algorithm. */
  readonly checksums: Partial<Record<ChecksumAlgorithm, string>>;
}

/** Decodes and verifies the payload of `request`; throws S3's error on a mismatch. */
export function readPayload(request: GatewayRequest): S3Payload {
  const contentSha256 = request.headers['x-amz-content-sha256'] ?? '';
  const chunked =
    contentSha256.startsWith('STREAMING-') || (request.headers['content-encoding'] ?? '').includes('aws-chunked');
  const { bytes, trailers } = chunked ? decodeChunked(request.body) : { bytes: request.body, trailers: {} };
  const declaredLength = request.headers['x-amz-decoded-content-length'];
  if (chunked && declaredLength !== undefined && Number(declaredLength) !== bytes.length)
    throw new InvalidRequestError(
      `the aws-chunked body holds ${bytes.length} bytes, x-amz-decoded-content-length says ${declaredLength}`,
      'InvalidArgument',
    );
  if (/^[0-9a-f]{64}$/i.test(contentSha256)) {
    const computed = sha256Hex(bytes);
    if (computed !== contentSha256.toLowerCase()) throw new ContentSha256MismatchError(contentSha256, computed);
  }
  const contentMd5 = request.headers['content-md5'];
  if (contentMd5 !== undefined && Buffer.from(md5Hex(bytes), 'hex').toString('base64') !== contentMd5)
    throw new BadDigestError('The Content-MD5 you specified did not match what we received.', {
      ExpectedDigest: contentMd5,
    });
  const checksums: Partial<Record<ChecksumAlgorithm, string>> = {};
  for (const [name, value] of Object.entries({ ...request.headers, ...trailers })) {
    if (!name.startsWith('x-amz-checksum-') || name === 'x-amz-checksum-type' || name === 'x-amz-checksum-mode')
      continue;
    const algorithm = name.slice('x-amz-checksum-'.length);
    if (!isChecksumAlgorithm(algorithm))
      throw new InvalidRequestError(
        `the lab's S3 verifies CRC32, CRC32C, SHA1 and SHA256 checksums, not ${algorithm.toUpperCase()}`,
      );
    if (checksumOf(algorithm, bytes) !== value)
      throw new BadDigestError(`The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`);
    checksums[algorithm] = value;
  }
  return { bytes, checksums };
}

/** The data and trailers of an aws-chunked body. */
function decodeChunked(body: Buffer): { bytes: Buffer; trailers: Record<string, string> } {
  const chunks: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) throw malformed('a chunk header has no CRLF');
    const header = body.subarray(offset, lineEnd).toString('latin1');
    const size = Number.parseInt(header.split(';')[0] ?? '', 16);
    if (!Number.isInteger(size) || size < 0) throw malformed(`"${header.slice(0, 40)}" is not a chunk size`);
    offset = lineEnd + 2;
    if (size === 0) break;
    if (offset + size + 2 > body.length) throw malformed('a chunk is shorter than its size');
    chunks.push(body.subarray(offset, offset + size));
    offset += size;
    if (body.subarray(offset, offset + 2).toString('latin1') !== '\r\n')
      throw malformed('a chunk does not end in CRLF');
    offset += 2;
  }
  const trailers: Record<string, string> = {};
  for (const line of body.subarray(offset).toString('latin1').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (name !== 'x-amz-trailer-signature') trailers[name] = line.slice(colon + 1).trim();
  }
  return { bytes: Buffer.concat(chunks), trailers };
}

function malformed(reason: string): InvalidRequestError {
  return new InvalidRequestError(`the aws-chunked body is malformed: ${reason}`, 'InvalidArgument');
}
