/**
 * `cdk deploy` with the real CDK CLI on a lab, through its one endpoint (as `npm run cdk:lab`
 * runs it), split into its parts, and `cdk deploy --hotswap` of one handler:
 * - synth: `cdk synth --all` into the copy's cdk.out (bundling included);
 * - publish: the rest of `cdk deploy --all --app cdk.out` beside the stacks' own deployment
 *   times (the CLI's start, asset build and upload to the lab's S3);
 * - change-set execution: the "Deployment time" the CLI prints for each stack, summed (creating
 *   the change set, executing it, following the events);
 * - hotswap: after a handler edit and a new synth, `cdk deploy --hotswap` of that stack, and the
 *   "hotswap-deployment time" the CLI prints.
 */
import { type Lab, LAB_ACCOUNT_ID, LAB_REGION } from '@sqs-lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { copyProject } from '../project-copy';
import { type CommandResult, runCdkOnLab } from '@sqs-lab/lab/bench';

/** The parts of one deploy, and the hotswap, in ms. */
export interface CdkCliDeployResult {
  readonly bootstrapMs: number;
  readonly synthMs: number;
  readonly publishMs: number;
  readonly executionMs: number;
  /** `cdk deploy --all` in all (publish and execution; synth excluded). */
  readonly deployMs: number;
  readonly hotswapMs: number;
  /** What the CLI itself reports as the hotswap's deployment time. */
  readonly hotswapDeploymentMs: number;
}

/** Raised when a CLI command the bench runs fails. */
export class CdkCommandError extends Error {
  override readonly name = 'CdkCommandError';
}

const COMMAND_MS = 300_000;

/** Measures one bootstrap, synth, deploy of both stacks, and one hotswap, on a lab of its own. */
export async function measureCdkCliDeploy(): Promise<CdkCliDeployResult> {
  const project = copyProject('sqs-lab-bench-cdk-');
  let lab: Lab | undefined;
  try {
    lab = await startTutorialLab({ deployOnStart: false });
    const endpoint = lab.endpointUrl;
    const cdk = async (...args: string[]): Promise<{ result: CommandResult; ms: number }> => {
      const started = performance.now();
      const result = await runCdkOnLab(endpoint, args, { cwd: project.dir, timeoutMs: COMMAND_MS });
      if (result.code !== 0)
        throw new CdkCommandError(`cdk ${args[0]} exited ${result.code}: ${result.stderr.slice(-2000)}`);
      return { result, ms: performance.now() - started };
    };
    const bootstrap = await cdk('bootstrap', `aws://${LAB_ACCOUNT_ID}/${LAB_REGION}`);
    const synth = await cdk('synth', '--all', '-q', '-o', 'cdk.out');
    const deploy = await cdk('deploy', '--all', '--app', 'cdk.out', '--require-approval', 'never');
    const executionMs = printedSeconds(deploy.result, /Deployment time: ([\d.]+)s/g) * 1000;
    project.edit('lambda/visibility-dup/send-job.ts', '`Enqueued ${job.id}', '`Enqueued (bench) ${job.id}');
    await cdk('synth', 'VisibilityDupStack', '-q', '-o', 'cdk.out');
    const hotswap = await cdk(
      'deploy',
      'VisibilityDupStack',
      '--hotswap',
      '--app',
      'cdk.out',
      '--require-approval',
      'never',
    );
    return {
      bootstrapMs: bootstrap.ms,
      synthMs: synth.ms,
      deployMs: deploy.ms,
      executionMs,
      publishMs: Math.max(0, deploy.ms - executionMs),
      hotswapMs: hotswap.ms,
      hotswapDeploymentMs: printedSeconds(hotswap.result, /hotswap-deployment time: ([\d.]+)s/g) * 1000,
    };
  } finally {
    await lab?.stop();
    project.remove();
  }
}

/** The sum of the seconds the CLI printed in lines matching `pattern` (its ✨ timing lines). */
function printedSeconds(result: CommandResult, pattern: RegExp): number {
  let seconds = 0;
  for (const match of `${result.stdout}\n${result.stderr}`.matchAll(pattern)) seconds += Number(match[1]);
  return seconds;
}
