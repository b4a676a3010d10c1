/**
 * Reads a cloud assembly (`cdk.out`): the stacks of its manifest in deploy order, each
 * template, and where each file asset (a Lambda function's code) sits on disk.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AssemblyError } from '../errors';
import type { Template } from '../engine/template';

/** One stack of an assembly. */
export interface AssemblyStack {
  readonly stackName: string;
  readonly template: Template;
  /** Stacks this one depends on (deployed first). */
  readonly dependencies: readonly string[];
  /** S3 object key of each file asset (`<hash>.zip`) → its directory in the assembly. */
  readonly assetDirs: ReadonlyMap<string, string>;
}

/** A read cloud assembly. */
export interface CloudAssembly {
  readonly dir: string;
  /** In the order `cdk deploy --all` deploys them. */
  readonly stacks: readonly AssemblyStack[];
}

interface ManifestArtifact {
  readonly type: string;
  readonly dependencies?: readonly string[];
  readonly properties?: { readonly templateFile?: string; readonly file?: string; readonly stackName?: string };
}

interface AssetManifest {
  readonly files?: Record<
    string,
    {
      readonly source: { readonly path: string; readonly packaging?: string };
      readonly destinations: Record<string, { readonly objectKey: string }>;
    }
  >;
}

/** Reads the assembly in `dir`. */
export function readCloudAssembly(dir: string): CloudAssembly {
  const manifest = readJson<{ artifacts?: Record<string, ManifestArtifact> }>(join(dir, 'manifest.json'));
  const artifacts = manifest.artifacts ?? {};
  const stacks: AssemblyStack[] = [];
  for (const [id, artifact] of Object.entries(artifacts)) {
    if (artifact.type !== 'aws:cloudformation:stack') continue;
    const templateFile = artifact.properties?.templateFile;
    if (templateFile === undefined) throw new AssemblyError(`${dir}/manifest.json: stack ${id} names no templateFile`);
    const assetDirs = new Map<string, string>();
    for (const dependency of artifact.dependencies ?? []) {
      const file = artifacts[dependency]?.properties?.file;
      if (artifacts[dependency]?.type !== 'cdk:asset-manifest' || file === undefined) continue;
      for (const asset of Object.values(readJson<AssetManifest>(join(dir, file)).files ?? {})) {
        for (const destination of Object.values(asset.destinations)) {
          assetDirs.set(destination.objectKey, join(dir, asset.source.path));
        }
      }
    }
    stacks.push({
      stackName: artifact.properties?.stackName ?? id,
      template: readJson<Template>(join(dir, templateFile)),
      dependencies: (artifact.dependencies ?? []).filter(
        (name) => artifacts[name]?.type === 'aws:cloudformation:stack',
      ),
      assetDirs,
    });
  }
  return { dir, stacks: orderStacks(stacks) };
}

function orderStacks(stacks: readonly AssemblyStack[]): AssemblyStack[] {
  const byName = new Map(stacks.map((stack) => [stack.stackName, stack]));
  const ordered: AssemblyStack[] = [];
  const visit = (stack: AssemblyStack, path: readonly string[]): void => {
    if (ordered.includes(stack)) return;
    if (path.includes(stack.stackName))
      throw new AssemblyError(`stacks depend on each other in a cycle: ${[...path, stack.stackName].join(' → ')}`);
    for (const name of stack.dependencies) {
      const dependency = byName.get(name);
      if (dependency !== undefined) visit(dependency, [...path, stack.stackName]);
    }
    ordered.push(stack);
  };
  for (const stack of stacks) visit(stack, []);
  return ordered;
}

function readJson<T>(file: string): T {
  if (!existsSync(file)) throw new AssemblyError(`${file} is missing: run cdk synth again`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new AssemblyError(`${file} is not valid JSON`, { cause: error });
  }
}
