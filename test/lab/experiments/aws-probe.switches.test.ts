import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabOnlyActionError, openAwsProbe } from '#experiments/aws-probe';
import { findExperiment } from '#experiments/catalog';
import { runExperiment } from '#experiments/runner';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { pointAwsPathAtLab, withLabWaits } from '#test/helpers/aws-path-on-lab';

/**
 * The experiments that need a deploy-time switch, through their AWS path:
 * `npm run deploy -- -c visibilityManager=true -c eventFilter=true`, then
 * `npm run experiment -- visibility-manager --target aws` and `… event-filter --target aws`. The
 * lab deployed from the CDK app with the same switches (`npm run lab -- -c visibilityManager=true
 * -c eventFilter=true`) stands in for AWS, the AWS probe's SDK clients pointed at its endpoints.
 * One lab for both: starting one synthesizes and bundles the whole app.
 */
describe('experiments that need a switch, through the AWS path, on a lab deployed with the switches', () => {
  let lab: Lab;
  let directory: string;

  beforeAll(async () => {
    lab = await startTutorialLab({ context: { visibilityManager: 'true', eventFilter: 'true' } });
    directory = mkdtempSync(join(tmpdir(), 'sqs-lab-switches-aws-path-'));
  });

  afterAll(async () => {
    await lab?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('writes HeartbeatMode batch-manager and EventFilter with the pattern to the outputs file', () => {
    expect(lab.outputs().VisibilityDupStack?.HeartbeatMode).toBe('batch-manager');
    expect(lab.outputs().BatchPartialStack?.EventFilter).toBe('{"body":{"shouldFail":[false]}}');
  });

  it('visibility-manager runs to a matched verdict: one manager per batch keeps the 6 s jobs hidden, the hung one is let go', async () => {
    const outputsFile = await pointAwsPathAtLab(lab, directory);
    const experiment = findExperiment('visibility-manager');
    const probe = await openAwsProbe(experiment, outputsFile);
    const prompt = withLabWaits(probe);

    try {
      const result = await runExperiment(experiment, prompt);

      expect(result.observation).toMatchObject({ kind: 'visibility', effects: 10, dlq: 0 });
      expect(result.matched).toBe(true);
    } finally {
      await probe.close();
    }
  }, 60_000);

  it('event-filter runs to a matched verdict: 3, 6 and 9 are sent, never reach the worker and leave the queue', async () => {
    // The template's FilterCriteria passed CloudFormation's property validation and reached the mapping.
    const outputsFile = await pointAwsPathAtLab(lab, directory);
    const experiment = findExperiment('event-filter');
    const probe = await openAwsProbe(experiment, outputsFile);

    try {
      const result = await runExperiment(experiment, withLabWaits(probe));

      expect(result.observation).toMatchObject({ kind: 'batch', unseen: [3, 6, 9], dlqIndexes: [], queueDepth: 0 });
      expect(result.matched).toBe(true);
      expect(lab.counters()['BatchPartialStack/Worker']?.filteredOut).toBe(3);
    } finally {
      await probe.close();
    }
  }, 60_000);

  it('refuses both, with the deploy command, once the stacks are redeployed without the switches', async () => {
    await lab.deploy({ context: { visibilityManager: 'false', eventFilter: 'false' } });
    const outputsFile = await pointAwsPathAtLab(lab, directory);
    expect(lab.outputs().VisibilityDupStack?.HeartbeatMode).toBe('per-message');
    expect(lab.outputs().BatchPartialStack?.EventFilter).toBe('none');

    for (const [name, command] of [
      ['visibility-manager', /npx cdk deploy --all -c visibilityManager=true/],
      ['event-filter', /npx cdk deploy --all -c eventFilter=true/],
    ] as const) {
      const refusal = openAwsProbe(findExperiment(name), outputsFile);
      await expect(refusal).rejects.toBeInstanceOf(LabOnlyActionError);
      await expect(refusal).rejects.toThrow(command);
    }
  }, 60_000);
});
