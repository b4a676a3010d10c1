/**
 * This project's CDK app as the lab synthesizes it: bin/sqs-lab.ts's stacks (lib/app.ts) with
 * cdk.json's context, the lab's own context on top, and a learner's `-c` switches; or variant
 * stacks built from topologies (tests, experiments, chaos). The assembly is cached while the
 * files the app reads are unchanged (bin/, lib/, lambda/, cdk.json, package-lock.json and the
 * entries of variant functions).
 */
import { dirname, join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../lib/project-root';
import type { StackTopology } from '../../lib/topology';
import { type SynthesizedAssembly, synthesizeCached } from '../services/cloudformation/synthesize-cached';
import { LAB_CDK_CONTEXT } from './lab-cdk-context';

/** What to synthesize: the project's app (bin/sqs-lab.ts) with context, or variant stacks. */
export type AppSource =
  | { readonly kind: 'app'; readonly context?: Readonly<Record<string, string>> }
  | { readonly kind: 'topologies'; readonly topologies: readonly StackTopology[] };

/** What the app reads besides the entries of variant functions. */
const APP_INPUTS = ['bin', 'lib', 'lambda', 'cdk.json', 'package-lock.json'];

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
      root: PROJECT_ROOT,
      synthesize: (outdir) => synthesizeInto(source, outdir),
    },
    options,
  );
}

function appInputs(source: AppSource): string[] {
  const inputs = APP_INPUTS.map((input) => join(PROJECT_ROOT, input));
  if (source.kind === 'topologies') {
    for (const topology of source.topologies) {
      for (const spec of topology.functions) inputs.push(dirname(resolve(PROJECT_ROOT, spec.entry)));
    }
  }
  return inputs;
}

async function synthesizeInto(source: AppSource, outdir: string): Promise<void> {
  // Loaded only on a cache miss: aws-cdk-lib takes a second or more to import.
  const [{ App }, { addSqsLabStacks, cdkJsonContext }, { TopologyStack }] = await Promise.all([
    import('aws-cdk-lib'),
    import('../../lib/app'),
    import('../../lib/topology-stack'),
  ]);
  const context = { ...cdkJsonContext(), ...LAB_CDK_CONTEXT, ...(source.kind === 'app' ? source.context : {}) };
  const app = new App({ outdir, context });
  if (source.kind === 'app') addSqsLabStacks(app);
  else for (const topology of source.topologies) new TopologyStack(app, topology.stackName, { topology });
  app.synth();
}
