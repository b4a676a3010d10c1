/**
 * A function's code on the laptop: a directory its execution environments load the handler
 * from, with the `CodeSha256` and `CodeSize` Lambda reports for it. A zip (an S3 asset the CDK
 * CLI uploaded, an inline `ZipFile`) is unpacked once into a cache directory named after the
 * zip's SHA-256, so the same archive is never unpacked twice, and every entry that would land
 * outside that directory is refused. A source map's sources are pointed back at the project's
 * files (the only entry not unpacked byte for byte).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { LAB_WORK_DIR, REPOSITORY_ROOT } from '../../../common/lab-work-dir';
import { InvalidCodeArchiveError } from '../errors';
import { rebaseSourceMapSources } from './source-map-sources';

/** Where unpacked code archives go by default: `.lab/lambda-code/<sha256 hex>/`. */
export const DEFAULT_CODE_CACHE_DIR = join(LAB_WORK_DIR, 'lambda-code');

/**
 * Lambda's limit on a function's unpacked code (250 MB, Lambda quotas:
 * https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html).
 */
export const MAX_UNZIPPED_CODE_BYTES = 262_144_000;

/** A function's code: where it is, and what Lambda reports of it. */
export interface FunctionCode {
  /** The directory the handler file is loaded from. */
  readonly dir: string;
  /** `CodeSha256`: the base64 SHA-256 of the zip (of the directory's files, for an unzipped asset). */
  readonly sha256: string;
  /** `CodeSize`: the zip's bytes (the files' bytes, for an unzipped asset). */
  readonly size: number;
  /** The S3 object the code came from, when it came from one (GetFunction's `Code.Location`). */
  readonly s3?: { readonly bucket: string; readonly key: string };
}

/** What the file system's refusals of an entry mean for the archive. */
const ENTRY_FAILURES = new Map([
  ['EEXIST', 'another entry of the archive uses the same name as a file and as a folder'],
  ['ENOTDIR', 'another entry of the archive uses the same name as a file and as a folder'],
  ['EISDIR', 'another entry of the archive uses the same name as a folder and as a file'],
  ['ENAMETOOLONG', 'a name in its path is longer than the file system allows'],
]);

/**
 * Unpacks `zip` into `<cacheDir>/<sha256 hex>/` (nothing is written when that directory is
 * already there) and returns the code. Throws {@link InvalidCodeArchiveError} for a file that is
 * not a zip, an archive above Lambda's unpacked limit, or an entry outside the directory.
 */
export async function unzipFunctionCode(zip: Uint8Array, cacheDir = DEFAULT_CODE_CACHE_DIR): Promise<FunctionCode> {
  const digest = createHash('sha256').update(zip).digest();
  const code = { dir: join(cacheDir, digest.toString('hex')), sha256: digest.toString('base64'), size: zip.length };
  await markCommonJs(cacheDir);
  if (existsSync(code.dir)) return code;
  const entries = readZip(zip);
  // Unpacked beside the cache entry, then renamed: a reader never sees half a directory.
  const staging = `${code.dir}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    for (const [name, bytes] of entries) {
      const target = join(staging, name);
      try {
        if (name.endsWith('/')) {
          await mkdir(target, { recursive: true });
          continue;
        }
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, unpackedBytes(name, bytes, code.dir));
      } catch (error) {
        // A name used as both a file and a folder, or too long for the file system: the archive's
        // fault, said without the lab's own paths.
        const reason = (error as NodeJS.ErrnoException).code;
        if (reason === undefined) throw error;
        throw new InvalidCodeArchiveError(
          `the entry ${JSON.stringify(name.slice(0, 120))} cannot be unpacked (${reason}: ${ENTRY_FAILURES.get(reason) ?? 'the file system refused it'})`,
        );
      }
    }
    await mkdir(staging, { recursive: true });
    await rename(staging, code.dir).catch((error: unknown) => {
      // Another lab unpacked the same archive first: its directory has the same files.
      if (!existsSync(code.dir)) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return code;
}

/**
 * An entry's bytes as unpacked into `dir`: as in the zip, except a source map whose `sources`
 * were written relative to where the bundle was built, pointed back at this project's files
 * (source-map-sources.ts), so a debugger and stack traces find them.
 */
function unpackedBytes(name: string, bytes: Uint8Array, dir: string): Uint8Array {
  if (!name.endsWith('.map')) return bytes;
  const rebased = rebaseSourceMapSources(
    Buffer.from(bytes).toString('utf8'),
    dirname(join(dir, name)),
    REPOSITORY_ROOT,
  );
  return rebased === undefined ? bytes : Buffer.from(rebased);
}

/**
 * CloudFormation's inline code (`Code.ZipFile`, CDK's `Code.fromInline`): Lambda writes the
 * source to `index.js` in a zip of its own (AWS::Lambda::Function Code docs); the lab does the
 * same, so the code has a digest and a size like any other.
 */
export function inlineFunctionCode(
  source: string,
  cacheDir = DEFAULT_CODE_CACHE_DIR,
  fileName: 'index.js' | 'index.py' = 'index.js',
): Promise<FunctionCode> {
  // A fixed mtime: the same source makes the same zip, so the cache holds it once.
  return unzipFunctionCode(zipSync({ [fileName]: [strToU8(source), { mtime: 315532800000 }] }), cacheDir);
}

/** The code of an unpacked directory (a cloud assembly's asset): its digest over paths and contents. */
export async function directoryCode(dir: string): Promise<FunctionCode> {
  const hash = createHash('sha256');
  let size = 0;
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) {
    const bytes = await readFile(join(dir, file));
    hash.update(file).update('\0').update(bytes);
    size += bytes.length;
  }
  return { dir, sha256: hash.digest('base64'), size };
}

/**
 * In Lambda a function's `.js` files are CommonJS unless its own package.json says otherwise
 * (nothing above /var/task does); under this project, whose package.json says `"type": "module"`,
 * Node would read them as ES modules. A package.json at the cache's root restores Lambda's
 * reading, and a code directory's own package.json still comes first (the cloud assembly's
 * assets get the same marker: synthesize-cached.ts `markAssetsCommonJs`).
 */
async function markCommonJs(cacheDir: string): Promise<void> {
  const marker = join(cacheDir, 'package.json');
  if (existsSync(marker)) return;
  await mkdir(cacheDir, { recursive: true });
  await writeFile(marker, '{ "type": "commonjs" }\n');
}

/**
 * The archive's entries, each checked to stay inside the directory it is unpacked into. Names
 * and the sizes the archive declares are checked before anything is inflated, and the inflated
 * sizes again after, so a small zip cannot fill the memory.
 */
function readZip(zip: Uint8Array): [string, Uint8Array][] {
  let declared = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        if (!staysInside(file.name))
          throw new InvalidCodeArchiveError(`the entry ${file.name} would be written outside the code directory`);
        declared += file.originalSize;
        checkUnzippedSize(declared);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof InvalidCodeArchiveError) throw error;
    throw new InvalidCodeArchiveError(`not a zip archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  const entries = Object.entries(files);
  checkUnzippedSize(entries.reduce((total, [, bytes]) => total + bytes.length, 0));
  return entries;
}

function checkUnzippedSize(bytes: number): void {
  if (bytes >= MAX_UNZIPPED_CODE_BYTES)
    throw new InvalidCodeArchiveError(
      `unpacked size ${bytes} bytes`,
      `Unzipped size must be smaller than ${MAX_UNZIPPED_CODE_BYTES} bytes`,
    );
}

/** False for an absolute name (`/etc/x`, `C:\x`) or one that climbs out (`../x`, `a/../../x`). */
function staysInside(name: string): boolean {
  if (name === '' || isAbsolute(name) || /^[A-Za-z]:/.test(name) || name.startsWith('\\')) return false;
  const normalized = normalize(name.replaceAll('\\', '/'));
  return normalized !== '..' && !normalized.startsWith(`..${sep}`) && !normalized.startsWith('../');
}
