import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  fakeAwsEnvironment,
  findExperiment,
  type Lab,
  LabOnlyActionError,
  openAwsProbe,
  runExperiment,
  startLab,
  writeLabOutputs,
} from '../../lab';

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
    lab = await startLab({ stacks: ['VisibilityDupStack'], quiet: true, context: { visibilityManager: 'true' } });
    directory = mkdtempSync(join(tmpdir(), 'sqs-lab-manager-aws-path-'));
  });

  afterAll(async () => {
    await lab?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  async function pointAwsPathAtLab(): Promise<string> {
    const outputsFile = join(directory, 'cdk-outputs.local.json');
    await writeLabOutputs(outputsFile, lab.outputs());
    for (const [name, value] of Object.entries(fakeAwsEnvironment())) vi.stubEnv(name, value);
    vi.stubEnv('AWS_ENDPOINT_URL_SQS', lab.endpoints.sqsCliEndpoint);
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', lab.endpoints.dynamodbEndpoint);
    vi.stubEnv('AWS_ENDPOINT_URL_CLOUDWATCH_LOGS', lab.logsEndpoint);
    return outputsFile;
  }

  it('writes HeartbeatMode batch-manager to the outputs file', () => {
    expect(lab.outputs().VisibilityDupStack?.HeartbeatMode).toBe('batch-manager');
  });

  it('runs to a matched verdict: one manager per batch keeps the 6 s jobs hidden, the hung one is let go', async () => {
    const outputsFile = await pointAwsPathAtLab();
    const experiment = findExperiment('visibility-manager');
    const probe = await openAwsProbe(experiment, outputsFile);
    // The lab's logs endpoint holds the lines at once: no need for CloudWatch's 20 s of quiet.
    const prompt = new Proxy(probe, {
      get: (target, key) =>
        key === 'quietMs' ? 1500 : key === 'pollMs' ? 250 : (Reflect.get(target, key, target) as unknown),
    });

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
    const outputsFile = await pointAwsPathAtLab();
    expect(lab.outputs().VisibilityDupStack?.HeartbeatMode).toBe('per-message');

    const refusal = openAwsProbe(findExperiment('visibility-manager'), outputsFile);
    await expect(refusal).rejects.toBeInstanceOf(LabOnlyActionError);
    await expect(refusal).rejects.toThrow(/npx cdk deploy --all -c visibilityManager=true/);
  }, 60_000);
});
