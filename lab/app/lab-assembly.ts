/**
 * The cloud assembly a lab runs: synthesized from its app (cached, lab/app/synthesize-app.ts) or
 * made elsewhere (`assemblyDir`, a `cdk.out`), read once, and replaced by each `lab.deploy`,
 * which may bring new context or a new app (another variant of the stacks). The functions'
 * providers read their bundles' directories from the assembly in effect.
 */
import {
  type AssemblyStack,
  type CloudAssembly,
  readCloudAssembly,
} from '../services/cloudformation/cdk-client/assembly-reader';
import { markAssetsCommonJs } from '../services/cloudformation/cdk-client/synthesize-cached';
import type { AppSynthesis, LabApp } from './lab-app';
import { synthesizeApp } from './synthesize-app';
import { TopologyError } from './topology-error';

/** Where the assembly comes from, beyond the app. */
export interface LabAssemblyOptions {
  /** Where cloud assemblies are cached (default `.lab/assemblies`). */
  readonly assemblyCacheDir?: string;
  /** Deploy this cloud assembly (a `cdk.out` made elsewhere) instead of synthesizing one. */
  readonly assemblyDir?: string;
}

/** What a deploy changes in the assembly: the app's context, the app, or the whole assembly. */
export interface AssemblyUpdate {
  /** CDK context for the app (`-c name=value`), over the app's own. */
  readonly context?: Readonly<Record<string, string>>;
  /** Another app (another variant of the stacks), served from now on. */
  readonly app?: LabApp;
  /** A cloud assembly made elsewhere, deployed as it is. */
  readonly assemblyDir?: string;
}

/** The assembly in effect, the app it came from, and how the next one is made. */
export class LabAssembly {
  /** The assembly in effect; none while the lab serves no app (the CDK CLI deploys to it). */
  current: CloudAssembly | undefined;

  /** Reads the first assembly (made by {@link LabAssembly.make}) of a lab serving `app`, if any. */
  constructor(
    private readonly options: LabAssemblyOptions,
    private served: LabApp | undefined,
    first: { readonly dir: string } | undefined,
  ) {
    this.current = first === undefined ? undefined : readCloudAssembly(first.dir);
  }

  /** Synthesizes (or takes) the first assembly of a lab serving `app`; nothing for a lab with no app. */
  static async make(
    options: LabAssemblyOptions,
    app: LabApp | undefined,
  ): Promise<{ readonly dir: string } | undefined> {
    if (app === undefined) return options.assemblyDir === undefined ? undefined : { dir: options.assemblyDir };
    return cloudAssembly(options, app.synthesis(), options.assemblyDir);
  }

  /** The app served, if any. */
  get app(): LabApp | undefined {
    return this.served;
  }

  /** The stacks to deploy: those the app names (all the assembly's when it names none). */
  stacksToDeploy(): readonly AssemblyStack[] {
    const stacks = this.current?.stacks ?? [];
    const layouts = this.served?.stacks;
    if (layouts === undefined) return stacks;
    const wanted = new Set(layouts.map((layout) => layout.stackName));
    return stacks.filter((stack) => wanted.has(stack.stackName));
  }

  /** The directory of a stack's asset in the assembly in effect. */
  assetDir(stackName: string, key: string): string {
    const dir = this.current?.stacks.find((stack) => stack.stackName === stackName)?.assetDirs.get(key);
    if (dir === undefined) throw new TopologyError(`${stackName}: no asset ${key} in the cloud assembly`);
    return dir;
  }

  /** Makes the next assembly (synthesized again with `update`, or the one given) and puts it in effect. */
  async update(update: AssemblyUpdate): Promise<CloudAssembly> {
    if (update.app !== undefined) this.served = update.app;
    const made =
      this.served === undefined
        ? update.assemblyDir === undefined
          ? undefined
          : await cloudAssembly(this.options, undefined, update.assemblyDir)
        : await cloudAssembly(this.options, this.served.synthesis(update.context), update.assemblyDir);
    if (made === undefined)
      throw new TopologyError(
        'this lab serves no app: give lab.deploy an app or an assemblyDir, or deploy with the CDK CLI',
      );
    this.current = readCloudAssembly(made.dir);
    return this.current;
  }
}

/** The cloud assembly to deploy: one made elsewhere (`assemblyDir`), or the app synthesized (cached). */
async function cloudAssembly(
  options: LabAssemblyOptions,
  synthesis: AppSynthesis | undefined,
  assemblyDir: string | undefined,
): Promise<{ readonly dir: string }> {
  if (assemblyDir === undefined) {
    if (synthesis === undefined) throw new TopologyError('no app to synthesize and no cloud assembly given');
    return synthesizeApp(synthesis, { cacheDir: options.assemblyCacheDir });
  }
  await markAssetsCommonJs(assemblyDir);
  return { dir: assemblyDir };
}
