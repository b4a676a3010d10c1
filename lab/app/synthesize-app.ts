/**
 * This project's CDK app as the lab synthesizes it: bin/sqs-lab.ts's stacks (lib/app.ts) with
 * cdk.json's context, the lab's own context on top, and a learner's `-c` switches; or variant
 * stacks built from topologies (tests, experiments, chaos). The assembly is cached while the
 * files the app reads are unchanged (bin/, lib/, lambda/, cdk.json, package-lock.json and the
 * entries of variant functions).
 */
import { dirname, join, resolve } from 'node:path';
import { REPOSITORY_ROOT } from '../common/lab-work-dir';
import type { AppSource } from './app-source';
import {
  assemblyKey,
  type SynthesizedAssembly,
  synthesizeCached,
} from '../services/cloudformation/cdk-client/synthesize-cached';
import { LAB_CDK_CONTEXT } from './lab-cdk-context';
import { SynthesisChild } from './synthesis-child';

export type { AppSource } from './app-source';

/** What the app reads besides the entries of variant functions. */
const APP_INPUTS = ['bin', 'lib', 'lambda', 'cdk.json', 'package-lock.json'];

/** What the synthesis child imports from the project (esbuild reads the functions' code afresh each time). */
const CHILD_IMPORTS = ['bin', 'lib', 'lab/app'];

/** Synthesizes `source` into a cloud assembly, or returns the cached one with the same inputs. */
export function synthesizeApp(
  source: AppSource,
  options: { readonly cacheDir?: string } = {},
): Promise<SynthesizedAssembly> {
  return synthesizeCached(
    {
      source,
      settings: LAB_CDK_CONTEXT,
      inputs: appInputs(source),
      root: REPOSITORY_ROOT,
      synthesize: (outdir) => synthesizeInto(source, outdir, inputsKey(source)),
    },
    options,
  );
}

function appInputs(source: AppSource): string[] {
  const inputs = APP_INPUTS.map((input) => join(REPOSITORY_ROOT, input));
  if (source.kind === 'topologies') {
    for (const topology of source.topologies) {
      for (const spec of topology.functions) inputs.push(dirname(resolve(REPOSITORY_ROOT, spec.entry)));
    }
  }
  return inputs;
}

/**
 * Synthesizes in a child process: CDK's synthesis, and esbuild's bundling inside it, run
 * synchronously for seconds, and on the lab's main thread they would stall the functions already
 * running (their AWS calls wait for the main thread's IAM answer), so a heartbeat came late. (A
 * worker thread will not do: CDK's bundling hands process.stderr to spawnSync, which a thread's
 * stderr is not.) One child serves the whole process while bin/ and lib/ are unchanged.
 */
function synthesizeInto(source: AppSource, outdir: string, inputs: string): Promise<void> {
  return synthesisChild.synthesize(source, outdir, moduleKey(), inputs);
}

/** The content of the files `source` reads, without what it synthesizes: the child reuses bundles while it holds. */
function inputsKey(source: AppSource): string {
  return assemblyKey({
    source: 'inputs',
    inputs: appInputs(source),
    root: REPOSITORY_ROOT,
    synthesize: async () => undefined,
  });
}

const synthesisChild = new SynthesisChild();

/** The content of what the child imports (bin/, lib/, the lab's CDK context): a change needs a new child. */
function moduleKey(): string {
  return assemblyKey({
    source: 'synthesis-process',
    inputs: CHILD_IMPORTS.map((input) => join(REPOSITORY_ROOT, input)),
    root: REPOSITORY_ROOT,
    synthesize: async () => undefined,
  });
}
