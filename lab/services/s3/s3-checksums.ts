/**
 * The checksums S3 computes over an object's bytes: Content-MD5, the ETag (hex MD5), and the
 * "flexible" ones an SDK sends in `x-amz-checksum-<algorithm>` (CRC32, the SDK v3 default for
 * PutObject and UploadPart, CRC32C, SHA1, SHA256), each base64 of the big-endian digest
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/checking-object-integrity.html).
 * CRC64NVME is not computed: an object sent with it is refused with a named reason.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** The flexible checksum algorithms the lab verifies, as S3 names them in headers (lower case). */
export const CHECKSUM_ALGORITHMS = ['crc32', 'crc32c', 'sha1', 'sha256'] as const;

/** One of {@link CHECKSUM_ALGORITHMS}. */
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];

/** Whether `name` (any case) is an algorithm the lab verifies. */
export function isChecksumAlgorithm(name: string): name is ChecksumAlgorithm {
  return (CHECKSUM_ALGORITHMS as readonly string[]).includes(name.toLowerCase());
}

/** The digest of `bytes` under `algorithm`, as raw bytes. */
export function checksumDigest(algorithm: ChecksumAlgorithm, bytes: Buffer): Buffer {
  switch (algorithm) {
    case 'crc32':
      return uint32(crc32(bytes));
    case 'crc32c':
      return uint32(crc32c(bytes));
    case 'sha1':
    case 'sha256':
      return createHash(algorithm).update(bytes).digest();
  }
}

/** The checksum of `bytes` as S3 writes it in `x-amz-checksum-<algorithm>`: base64 of the digest. */
export function checksumOf(algorithm: ChecksumAlgorithm, bytes: Buffer): string {
  return checksumDigest(algorithm, bytes).toString('base64');
}

/**
 * The checksum of a multipart object: the checksum of the parts' checksums (decoded, in part
 * order), then `-<number of parts>` (S3's "composite" checksum type).
 */
export function compositeChecksum(algorithm: ChecksumAlgorithm, partChecksums: readonly string[]): string {
  const joined = Buffer.concat(partChecksums.map((checksum) => Buffer.from(checksum, 'base64')));
  return `${checksumOf(algorithm, joined)}-${partChecksums.length}`;
}

/** Hex MD5 of `bytes` (an ETag's content). */
export function md5Hex(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** SHA-256 of `bytes`, in hex (what `x-amz-content-sha256` carries for a signed payload). */
export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0);
  return buffer;
}

/** CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), which Node's zlib does not offer. */
const CRC32C_TABLE = Uint32Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1;
  return crc >>> 0;
});

function crc32c(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC32C_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
