import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExperiment, type Lab, LabOnlyActionError, openAwsProbe, runExperiment, startLab } from '../../lab';
import { pointAwsPathAtLab, withLabWaits } from './aws-path-on-lab';

/**
 * `npm run deploy -- -c visibilityManager=true`, then
 * `npm run experiment -- visibility-manager --target aws`: the lab deployed with the same
 * switch (`npm run lab -- -c visibilityManager=true`) stands in for AWS, the AWS probe's SDK
 * clients pointed at its endpoints.
 */
describe('visibility-manager through the AWS path, on a lab deployed with -c visibilityManager=true', () => {
  let lab: Lab;
  let directory: string;

  beforeAll(async () => {
    lab = await startLab({
      stacks: ['VisibilityDupStack'],
      quiet: true,
      context: { visibilityManager: 'true' },
    });
    directory = mkdtempSync(join(tmpdir(), 'sqs-lab-manager-aws-path-'));
  });

  afterAll(async () => {
    await lab?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('writes HeartbeatMode batch-manager to the outputs file', () => {
    expect(lab.outputs().VisibilityDupStack?.HeartbeatMode).toBe('batch-manager');
  });

  it('runs to a matched verdict: one manager per batch keeps the 6 s jobs hidden, the hung one is let go', async () => {
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

  it('is refused, with the deploy command, once the stack is redeployed without the switch', async () => {
    await lab.deploy({ context: { visibilityManager: 'false' } });
    const outputsFile = await pointAwsPathAtLab(lab, directory);
    expect(lab.outputs().VisibilityDupStack?.HeartbeatMode).toBe('per-message');

    const refusal = openAwsProbe(findExperiment('visibility-manager'), outputsFile);
    await expect(refusal).rejects.toBeInstanceOf(LabOnlyActionError);
    await expect(refusal).rejects.toThrow(/npx cdk deploy --all -c visibilityManager=true/);
  }, 60_000);
});
