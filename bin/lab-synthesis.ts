/**
 * This app's entry as the local lab runs it: the lab's synthesis process imports this module once
 * and calls `synthesize` for each variant it deploys (experiments/tutorial-app.ts says which).
 * Either bin/sqs-lab.ts's two stacks with the switches in `context`, or variant stacks built from
 * topologies (tests, experiments, chaos). cdk.json's context sits beneath the lab's, as the CLI
 * puts it beneath `-c`. It imports nothing of the lab: the call's shape is stated here.
 */
import { App } from 'aws-cdk-lib';
import { addSqsLabStacks, cdkJsonContext } from '../lib/app';
import type { StackTopology } from '../lib/topology';
import { TopologyStack } from '../lib/topology-stack';

/** Which stacks to synthesize: the app's own, or variants built from topologies. */
export type TutorialSynthesisRequest =
  { readonly kind: 'app' } | { readonly kind: 'topologies'; readonly topologies: readonly StackTopology[] };

/** Synthesizes the stacks `request` names into `outdir`. */
export function synthesize(call: {
  readonly outdir: string;
  readonly context: Readonly<Record<string, string>>;
  readonly request: TutorialSynthesisRequest;
}): void {
  const app = new App({ outdir: call.outdir, context: { ...cdkJsonContext(), ...call.context } });
  if (call.request.kind === 'app') addSqsLabStacks(app);
  else for (const topology of call.request.topologies) new TopologyStack(app, topology.stackName, { topology });
  app.synth();
}
