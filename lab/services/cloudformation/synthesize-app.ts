/**
 * `cdk synth`, in-process and cached: the lab deploys what CDK renders, but synthesis
 * (aws-cdk-lib, esbuild for every function) must not slow the lab, the tour or the tests. A
 * cloud assembly is written once per distinct input, under `.lab/assemblies/<key>/`, and reused
 * while its inputs are unchanged. The key covers the context, the variant topologies and the
 * content of every file the app reads (bin/, lib/, lambda/, cdk.json, package-lock.json and the
 * entries of variant functions).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../../lib/project-root';
import type { StackTopology } from '../../../lib/topology';
import { LAB_CDK_CONTEXT } from './lab-cdk-context';

/** What to synthesize: the project's app (bin/sqs-lab.ts) with context, or variant stacks. */
export type AppSource =
  | { readonly kind: 'app'; readonly context?: Readonly<Record<string, string>> }
  | { readonly kind: 'topologies'; readonly topologies: readonly StackTopology[] };

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

/** Raised when the CDK app throws while synthesizing (a bad context switch, an invalid topology). */
export class SynthesisError extends Error {
  override readonly name = 'SynthesisError';
}

const DEFAULT_CACHE_DIR = join(PROJECT_ROOT, '.lab', 'assemblies');
const APP_INPUTS = ['bin', 'lib', 'lambda', 'cdk.json', 'package-lock.json'];

/** Synthesizes `source` into a cloud assembly, or returns the cached one with the same inputs. */
export async function synthesizeApp(
  source: AppSource,
  options: { readonly cacheDir?: string } = {},
): Promise<SynthesizedAssembly> {
  const started = performance.now();
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const key = assemblyKey(source);
  const dir = join(cacheDir, key);
  if (existsSync(join(dir, 'manifest.json'))) {
    return { dir, key, cached: true, ms: Math.round(performance.now() - started) };
  }
  const building = `${dir}.building-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  await mkdir(building, { recursive: true });
  try {
    await synthesizeInto(source, building);
    await writeFile(join(building, 'lab-source.json'), `${JSON.stringify(source, null, 2)}\n`);
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
  return { dir, key, cached: false, ms: Math.round(performance.now() - started) };
}

async function synthesizeInto(source: AppSource, outdir: string): Promise<void> {
  // Loaded only on a cache miss: aws-cdk-lib takes a second or more to import.
  const [{ App }, { addSqsLabStacks, cdkJsonContext }, { TopologyStack }] = await Promise.all([
    import('aws-cdk-lib'),
    import('../../../lib/app'),
    import('../../../lib/topology-stack'),
  ]);
  try {
    const context = { ...cdkJsonContext(), ...LAB_CDK_CONTEXT, ...(source.kind === 'app' ? source.context : {}) };
    const app = new App({ outdir, context });
    if (source.kind === 'app') addSqsLabStacks(app);
    else for (const topology of source.topologies) new TopologyStack(app, topology.stackName, { topology });
    app.synth();
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

/** The cache key of a source: its description plus the content of every input file. */
export function assemblyKey(source: AppSource): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(source));
  hash.update(JSON.stringify(LAB_CDK_CONTEXT));
  const inputs = new Set(APP_INPUTS.map((input) => join(PROJECT_ROOT, input)));
  if (source.kind === 'topologies') {
    for (const topology of source.topologies) {
      for (const spec of topology.functions) inputs.add(dirname(resolve(PROJECT_ROOT, spec.entry)));
    }
  }
  for (const file of [...inputs].flatMap(filesUnder).sort()) {
    hash.update(relative(PROJECT_ROOT, file));
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
