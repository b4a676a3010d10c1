/**
 * The cost of `cdk deploy` to the lab: deploying both stacks (synth excluded: the assembly is
 * synthesized and cached first), and what IAM adds to the batch path (the same lab pipeline run
 * with and without authorization, alternately, in one bench run).
 */
import { type Emulators, LabBus, type StackEvent, synthesizeApp } from '@sqs-lab/lab';
import { startTutorialLab, tutorialApp } from '#experiments/tutorial-app';
import { measureLabPipeline } from './lab-throughput';
import { median } from '@sqs-lab/lab/bench';

/** Deploy timings and the IAM ratio. */
export interface LabDeployResult {
  /** Wall time of each deploy of both stacks to a fresh lab, synth excluded, in ms. */
  readonly deployMs: readonly number[];
  readonly medianDeployMs: number;
  /** Per stack: its first event to its last (CREATE_COMPLETE), median over the runs, in ms. */
  readonly stackMs: Readonly<Record<string, number>>;
  /** Batch-path messages per second with IAM on and off, one figure per alternating pass. */
  readonly withIam: readonly number[];
  readonly withoutIam: readonly number[];
  /** 1 − median(with) / median(without): the share of throughput IAM costs. */
  readonly iamCost: number;
}

/** Measures `deploys` deploys and `passes` alternating IAM on/off batch runs of `messages`. */
export async function measureLabDeploy(
  emulators: Emulators,
  sizes: { readonly deploys: number; readonly passes: number; readonly messages: number },
): Promise<LabDeployResult> {
  const assembly = await synthesizeApp(tutorialApp().synthesis());
  const deployMs: number[] = [];
  const perStack = new Map<string, number[]>();
  for (let run = 0; run < sizes.deploys; run += 1) {
    const events: StackEvent[] = [];
    const bus = new LabBus();
    bus.on('stack-event', (event) => events.push(event));
    const started = performance.now();
    const lab = await startTutorialLab({ emulators, assemblyDir: assembly.dir, bus });
    deployMs.push(performance.now() - started);
    await lab.stop();
    for (const stackName of new Set(events.map((event) => event.stackName))) {
      const own = events.filter((event) => event.stackName === stackName);
      const span = (own.at(-1)?.timestamp.getTime() ?? 0) - (own[0]?.timestamp.getTime() ?? 0);
      perStack.set(stackName, [...(perStack.get(stackName) ?? []), span]);
    }
  }
  const withIam: number[] = [];
  const withoutIam: number[] = [];
  for (let pass = 0; pass < sizes.passes; pass += 1) {
    for (const enforceIam of pass % 2 === 0 ? [true, false] : [false, true]) {
      const run = await measureLabPipeline(emulators, 'batch', sizes.messages, { warmUp: true, enforceIam });
      (enforceIam ? withIam : withoutIam).push(run.messagesPerSecond);
    }
  }
  return {
    deployMs,
    medianDeployMs: median(deployMs),
    stackMs: Object.fromEntries([...perStack].map(([name, spans]) => [name, median(spans)])),
    withIam,
    withoutIam,
    iamCost: 1 - median(withIam) / median(withoutIam),
  };
}
