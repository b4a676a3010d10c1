/**
 * The child process `synthesizeApp` synthesizes in on a cache miss: bin/sqs-lab.ts's stacks (lib/app.ts)
 * with cdk.json's context, the lab's own context and the learner's switches on top; or variant
 * stacks built from topologies. It answers each request over IPC in turn, and stays for the next
 * one (aws-cdk-lib is imported once); it ends when the lab's process does.
 */
import { LAB_CDK_CONTEXT } from './lab-cdk-context';
import type { SynthesisAnswer, SynthesisRequest } from './synthesis-process-protocol';
import { copyAssembly, prepareSynthesisWorkdir, removeSynthesisWorkdirs } from './synthesis-workdir';

async function synthesize({ source, outdir, inputsKey }: SynthesisRequest): Promise<void> {
  const [{ App }, { addSqsLabStacks, cdkJsonContext }, { TopologyStack }] = await Promise.all([
    import('aws-cdk-lib'),
    import('../../lib/app'),
    import('../../lib/topology-stack'),
  ]);
  const context = { ...cdkJsonContext(), ...LAB_CDK_CONTEXT, ...(source.kind === 'app' ? source.context : {}) };
  // In the work directory of these inputs, where CDK finds the bundles an earlier variant made
  // (synthesis-workdir.ts), then copied to the assembly's own directory.
  const workdir = prepareSynthesisWorkdir(inputsKey);
  const app = new App({ outdir: workdir, context });
  if (source.kind === 'app') addSqsLabStacks(app);
  else for (const topology of source.topologies) new TopologyStack(app, topology.stackName, { topology });
  app.synth();
  copyAssembly(workdir, outdir);
}

function answer(message: SynthesisAnswer): void {
  // The lab's process may be gone by the time the answer is ready (a test that timed out):
  // nobody is left to answer, so end quietly instead of on an unhandled EPIPE.
  process.send?.(message, undefined, {}, (error) => {
    if (error !== null) process.exit(0);
  });
}

// The lab's process ended (or let go of this one): nothing more will be asked.
process.once('disconnect', () => process.exit(0));
process.once('exit', removeSynthesisWorkdirs);

process.on('message', (request: SynthesisRequest) => {
  synthesize(request).then(
    () => answer({ ok: true }),
    (error: unknown) => answer({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
