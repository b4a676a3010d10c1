/**
 * The cloud assembly a lab runs: synthesized from its app (cached, lab/app/synthesize-app.ts) or
 * made elsewhere (`assemblyDir`, a `cdk.out`), read once, and replaced by each `lab.deploy`,
 * which may bring new context or new topologies. The functions' providers read their bundles'
 * directories from the assembly in effect.
 */
import type { StackTopology } from '../../lib/topology';
import { type CloudAssembly, readCloudAssembly } from '../services/cloudformation/cdk-client/assembly-reader';
import { markAssetsCommonJs } from '../services/cloudformation/cdk-client/synthesize-cached';
import type { AppSource } from './app-source';
import { appContext, appSource, type LabAppOptions, servesCustomTopologies } from './lab-topologies';
import { synthesizeApp } from './synthesize-app';
import { TopologyError } from './topology-error';

/** What decides the assembly, beyond the app's options. */
export interface LabAssemblyOptions extends LabAppOptions {
  /** Where cloud assemblies are cached (default `.lab/assemblies`). */
  readonly assemblyCacheDir?: string;
  /** Deploy this cloud assembly (a `cdk.out` made elsewhere) instead of synthesizing one. */
  readonly assemblyDir?: string;
}

/** What a deploy changes in the assembly: the app's context, its topologies, or the whole assembly. */
export interface AssemblyUpdate {
  /** CDK context for the app, over the lab's own. */
  readonly context?: Readonly<Record<string, string>>;
  /** New variant topologies, synthesized as they are. */
  readonly stacks?: readonly StackTopology[];
  /** A cloud assembly made elsewhere, deployed as it is. */
  readonly assemblyDir?: string;
}

/** The assembly in effect, and how the next one is made. */
export class LabAssembly {
  /** The assembly in effect. */
  current: CloudAssembly;

  /** Reads the first assembly (made by {@link LabAssembly.make}) of a lab serving `topologies`. */
  constructor(
    private readonly options: LabAssemblyOptions,
    private topologies: readonly StackTopology[],
    first: { readonly dir: string },
  ) {
    this.current = readCloudAssembly(first.dir);
  }

  /** Synthesizes (or takes) the first assembly of a lab serving `topologies`. */
  static make(options: LabAssemblyOptions, topologies: readonly StackTopology[]): Promise<{ readonly dir: string }> {
    return cloudAssembly(options, appSource(options, topologies), options.assemblyDir);
  }

  /** The directory of a stack's asset in the assembly in effect. */
  assetDir(stackName: string, key: string): string {
    const dir = this.current.stacks.find((stack) => stack.stackName === stackName)?.assetDirs.get(key);
    if (dir === undefined) throw new TopologyError(`${stackName}: no asset ${key} in the cloud assembly`);
    return dir;
  }

  /** Makes the next assembly (synthesized again with `update`, or the one given) and puts it in effect. */
  async update(update: AssemblyUpdate): Promise<CloudAssembly> {
    if (update.stacks !== undefined) this.topologies = [...update.stacks];
    const source: AppSource =
      update.stacks !== undefined || servesCustomTopologies(this.options)
        ? { kind: 'topologies', topologies: this.topologies }
        : { kind: 'app', context: { ...appContext(this.options), ...update.context } };
    const made = await cloudAssembly(this.options, source, update.assemblyDir);
    this.current = readCloudAssembly(made.dir);
    return this.current;
  }
}

/** The cloud assembly to deploy: one made elsewhere (`assemblyDir`), or `source` synthesized (cached). */
async function cloudAssembly(
  options: LabAssemblyOptions,
  source: AppSource,
  assemblyDir: string | undefined,
): Promise<{ readonly dir: string }> {
  if (assemblyDir === undefined) return synthesizeApp(source, { cacheDir: options.assemblyCacheDir });
  await markAssetsCommonJs(assemblyDir);
  return { dir: assemblyDir };
}
