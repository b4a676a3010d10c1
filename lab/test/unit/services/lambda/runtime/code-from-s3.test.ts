/**
 * The code resolver of functions deployed from S3 zip assets: the zip the CDK CLI uploaded is
 * unpacked once into a cache directory named after its SHA-256 (Lambda's `CodeSha256` is the
 * base64 SHA-256 of the zip: API reference, FunctionConfiguration), an entry that would land
 * outside that directory is refused, and code not in S3 is the cloud assembly's asset directory.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeObjectNotFoundError, InvalidCodeArchiveError } from '#lab/services/lambda/errors';
import { codeFromS3 } from '#lab/services/lambda/runtime/code-from-s3';
import { REPOSITORY_ROOT } from '#lab/common/lab-work-dir';

/**
 * Every zip's entries dated 1980-01-01 (the zip format's epoch): a zip made twice of the same files
 * is then the same bytes, whatever the clock (zip times have 2-second steps).
 */
const FIXED_ZIP_TIME = { mtime: 315532800000 };

const work = mkdtempSync(join(tmpdir(), 'sqs-lab-code-'));
const cacheDir = join(work, 'cache');
const zipOf = (files: Record<string, string>): Buffer =>
  Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), FIXED_ZIP_TIME),
  );

describe('codeFromS3', () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const bucket = 'cdk-hnb659fds-assets-000000000000-us-east-1';
  const objects = new Map<string, Buffer>();
  const resolve = codeFromS3({
    objectBytes: (b, key) => (b === bucket ? objects.get(key) : undefined),
    assetDir: (stackName, key) => {
      if (stackName !== 'AppStack' || key !== 'assembly.zip') throw new Error(`no asset ${key}`);
      return join(work, 'asset.assembly');
    },
    cacheDir,
  });

  it('unpacks the S3 zip into a directory named after its SHA-256, with Lambda’s CodeSha256 and CodeSize', async () => {
    const zip = zipOf({ 'index.js': 'exports.handler = async () => 1;', 'lib/util.js': 'module.exports = 2;' });
    objects.set('a.zip', zip);

    const code = await resolve({ stackName: 'AppStack', s3Bucket: bucket, s3Key: 'a.zip' });

    const digest = createHash('sha256').update(zip).digest();
    expect(code).toEqual({
      dir: join(cacheDir, digest.toString('hex')),
      sha256: digest.toString('base64'),
      size: zip.length,
      s3: { bucket, key: 'a.zip' },
    });
    expect(readFileSync(join(code.dir, 'index.js'), 'utf8')).toBe('exports.handler = async () => 1;');
    expect(readFileSync(join(code.dir, 'lib/util.js'), 'utf8')).toBe('module.exports = 2;');
    // Lambda reads .js as CommonJS; this repository's package.json says "module", so the cache says otherwise.
    expect(JSON.parse(readFileSync(join(cacheDir, 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
  });

  it("points the bundle's source map back at the project's files: a debugger binds breakpoints in them", async () => {
    // As the CDK CLI zips an asset it built in <project>/cdk.out/asset.<hash>/.
    const map = { version: 3, sources: ['../../lab/index.ts'], mappings: 'AAAA' };
    const bundle = 'exports.handler = async () => 1;\n//# sourceMappingURL=index.js.map\n';
    objects.set('mapped.zip', zipOf({ 'index.js': bundle, 'index.js.map': JSON.stringify(map) }));

    const code = await resolve({ stackName: 'AppStack', s3Bucket: bucket, s3Key: 'mapped.zip' });

    const unpacked = JSON.parse(readFileSync(join(code.dir, 'index.js.map'), 'utf8')) as { sources: string[] };
    expect(unpacked.sources.map((source) => resolvePath(code.dir, source))).toEqual([
      join(REPOSITORY_ROOT, 'lab/index.ts'),
    ]);
    expect(readFileSync(join(code.dir, 'index.js'), 'utf8')).toBe(bundle);
  });

  it('reuses the cached directory for the same zip under another key (nothing unpacked again)', async () => {
    const zip = zipOf({ 'index.js': 'exports.handler = async () => "cached";' });
    objects.set('first.zip', zip);
    objects.set('second.zip', zip);
    const first = await resolve({ stackName: 'AppStack', s3Bucket: bucket, s3Key: 'first.zip' });
    // A file the zip does not hold: it survives only if the second resolve leaves the directory alone.
    writeFileSync(join(first.dir, 'marker'), 'kept');

    const second = await resolve({ stackName: 'AppStack', s3Bucket: bucket, s3Key: 'second.zip' });

    expect(second.dir).toBe(first.dir);
    expect(readFileSync(join(second.dir, 'marker'), 'utf8')).toBe('kept');
  });

  it.each([['../escape.js'], ['lib/../../escape.js'], ['/etc/escape.js'], ['..\\escape.js']])(
    'refuses an archive with the entry %s and writes nothing',
    async (entry) => {
      objects.set('evil.zip', zipOf({ 'index.js': 'exports.handler = 1;', [entry]: 'pwned' }));
      const unpacked = () =>
        existsSync(cacheDir) ? readdirSync(cacheDir).filter((entry) => entry !== 'package.json') : [];
      const before = unpacked();

      const resolving = resolve({ stackName: 'AppStack', s3Bucket: bucket, s3Key: 'evil.zip' });

      await expect(resolving).rejects.toThrow(InvalidCodeArchiveError);
      await expect(resolving).rejects.toMatchObject({
        code: 'InvalidParameterValueException',
        message: 'Could not unzip uploaded file. Please check your file, then try to upload again.',
      });
      expect(existsSync(join(work, 'escape.js'))).toBe(false);
      expect(unpacked()).toEqual(before);
    },
  );

  it('refuses an archive that declares more than Lambda’s 250 MB unzipped, before inflating it', async () => {
    const zip = zipOf({ 'index.js': 'exports.handler = 1;' });
    // The central directory's "uncompressed size" (APPNOTE 4.3.12, offset 24) claims 300 MB.
    zip.writeUInt32LE(300_000_000, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    objects.set('bomb.zip', zip);

    await expect(resolve({ stackName: 'AppStack', s3Bucket: bucket, s3Key: 'bomb.zip' })).rejects.toMatchObject({
      name: 'InvalidCodeArchiveError',
      message: 'Unzipped size must be smaller than 262144000 bytes',
    });
  });

  it.each([
    [
      'a name used as a file and as a folder',
      { lib: 'a file', 'lib/inner.js': 'a file inside it' },
      'as a file and as a folder',
    ],
    [
      'an entry name longer than the file system allows',
      { [`${'n'.repeat(300)}.js`]: 'x' },
      'longer than the file system allows',
    ],
  ])('refuses %s as Lambda does, without the lab’s own paths (issue #29)', async (_case, files, reason) => {
    const key = `clash-${Object.keys(files).length}-${reason.length}.zip`;
    objects.set(key, zipOf({ 'index.js': 'exports.handler = 1;', ...files }));

    const refused = await resolve({ stackName: 'AppStack', s3Bucket: bucket, s3Key: key }).catch(
      (error: unknown) => error as InvalidCodeArchiveError,
    );

    expect(refused).toBeInstanceOf(InvalidCodeArchiveError);
    expect((refused as InvalidCodeArchiveError).message).toBe(
      'Could not unzip uploaded file. Please check your file, then try to upload again.',
    );
    expect((refused as InvalidCodeArchiveError).reason).toContain(reason);
    expect((refused as InvalidCodeArchiveError).reason).not.toContain(cacheDir);
  });

  it('refuses an object that is not a zip', async () => {
    objects.set('text.zip', Buffer.from('not a zip'));

    await expect(resolve({ stackName: 'AppStack', s3Bucket: bucket, s3Key: 'text.zip' })).rejects.toThrow(
      InvalidCodeArchiveError,
    );
  });

  it('falls back to the cloud assembly’s asset directory when S3 has no such object (the lab’s own deploy)', async () => {
    const assetDir = join(work, 'asset.assembly');
    mkdirSync(assetDir, { recursive: true });
    writeFileSync(join(assetDir, 'index.js'), 'exports.handler = async () => "asset";');

    const code = await resolve({ stackName: 'AppStack', s3Bucket: bucket, s3Key: 'assembly.zip' });

    expect(code.dir).toBe(assetDir);
    expect(code.s3).toBeUndefined();
    expect(code.size).toBe(Buffer.byteLength('exports.handler = async () => "asset";'));
    expect(code.sha256).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('answers Lambda’s GetObject failure when neither S3 nor an assembly has the code', async () => {
    const s3Only = codeFromS3({ objectBytes: () => undefined, cacheDir });

    await expect(s3Only({ stackName: 'AppStack', s3Bucket: bucket, s3Key: 'missing.zip' })).rejects.toThrow(
      new CodeObjectNotFoundError(bucket, 'missing.zip').message,
    );
  });
});
