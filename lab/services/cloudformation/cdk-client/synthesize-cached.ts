/**
 * `cdk synth`, in-process and cached: the lab deploys what CDK renders, but synthesis
 * (aws-cdk-lib, esbuild for every function) must not slow the lab, the tour or the tests. A
 * cloud assembly is written once per distinct input, under `.lab/assemblies/<key>/`, and reused
 * while its inputs are unchanged. The key covers what the caller says it synthesizes, its
 * settings, and the content of every file the app reads. Which app, and which files it reads,
 * the caller says.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { LAB_WORK_DIR } from '../../../common/lab-work-dir';
import { SynthesisError } from '../errors';

/** A CDK app to synthesize, and what its cloud assembly depends on. */
export interface CachedSynthesis {
  /** What is synthesized, as JSON: part of the key, and kept beside the assembly as `lab-source.json`. */
  readonly source: unknown;
  /** Settings that change the assembly without being in `inputs` (the CDK context the lab adds). */
  readonly settings?: unknown;
  /** Files and folders the app reads (absolute); each file's path relative to `root` and its content are in the key. */
  readonly inputs: readonly string[];
  readonly root: string;
  /** Synthesizes the app into `outdir`; called on a cache miss only (aws-cdk-lib takes a second or more to import). */
  readonly synthesize: (outdir: string) => Promise<void>;
}

/** A synthesized cloud assembly. */
export interface SynthesizedAssembly {
  /** The assembly directory (manifest.json, templates, asset.<hash>/). */
  readonly dir: string;
  /** The cache key the directory is named after. */
  readonly key: string;
  /** True when the assembly was reused instead of synthesized. */
  readonly cached: boolean;
  /** Time spent, in ms (hashing only, when cached). */
  readonly ms: number;
}

const DEFAULT_CACHE_DIR = join(LAB_WORK_DIR, 'assemblies');

/** Synthesizes `app` into a cloud assembly, or returns the cached one with the same inputs. */
export async function synthesizeCached(
  app: CachedSynthesis,
  options: { readonly cacheDir?: string } = {},
): Promise<SynthesizedAssembly> {
  const started = performance.now();
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const key = assemblyKey(app);
  const dir = join(cacheDir, key);
  if (existsSync(join(dir, 'manifest.json'))) {
    return { dir, key, cached: true, ms: Math.round(performance.now() - started) };
  }
  // The same assembly asked for again while it builds (labs started side by side): wait for it.
  const pending = inFlight.get(dir);
  if (pending !== undefined) {
    await pending;
    return { dir, key, cached: true, ms: Math.round(performance.now() - started) };
  }
  const build = buildAssembly(app, dir).finally(() => inFlight.delete(dir));
  inFlight.set(dir, build);
  await build;
  return { dir, key, cached: false, ms: Math.round(performance.now() - started) };
}

/** Assemblies this process is building, by directory. */
const inFlight = new Map<string, Promise<void>>();

async function buildAssembly(app: CachedSynthesis, dir: string): Promise<void> {
  const building = `${dir}.building-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  await mkdir(building, { recursive: true });
  try {
    await synthesizeInto(app, building);
    await writeFile(join(building, 'lab-source.json'), `${JSON.stringify(app.source, null, 2)}\n`);
    try {
      await rename(building, dir);
    } catch (error) {
      // Another process finished the same assembly first: theirs is as good as ours.
      if (!existsSync(join(dir, 'manifest.json'))) throw error;
      await rm(building, { recursive: true, force: true });
    }
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
}

async function synthesizeInto(app: CachedSynthesis, outdir: string): Promise<void> {
  try {
    await app.synthesize(outdir);
  } catch (error) {
    throw new SynthesisError(`cdk synth failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  await markAssetsCommonJs(outdir);
}

/**
 * In Lambda a function's `.js` files are CommonJS (no package.json in /var/task says otherwise);
 * inside this project, whose package.json says `"type": "module"`, Node would read them as ES
 * modules. A package.json in each asset directory restores Lambda's reading.
 */
export async function markAssetsCommonJs(outdir: string): Promise<void> {
  for (const entry of readdirSync(outdir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('asset.')) continue;
    const marker = join(outdir, entry.name, 'package.json');
    if (!existsSync(marker)) await writeFile(marker, '{ "type": "commonjs" }\n');
  }
}

/** The cache key of an app: its source and settings plus the path and content of every input file. */
export function assemblyKey(app: CachedSynthesis): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(app.source));
  if (app.settings !== undefined) hash.update(JSON.stringify(app.settings));
  // A file under two of the inputs (lambda/ and a variant entry's folder in it) counts once.
  for (const file of [...new Set([...new Set(app.inputs)].flatMap(filesUnder))].sort()) {
    hash.update(relative(app.root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 20);
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' ? [] : filesUnder(join(path, entry.name)),
  );
}
