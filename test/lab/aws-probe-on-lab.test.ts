import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  fakeAwsEnvironment,
  findExperiment,
  type Lab,
  openAwsProbe,
  runExperiment,
  startLab,
  writeLabOutputs,
} from '../../lab';

/**
 * `npm run experiment -- heartbeat --target aws --outputs cdk-outputs.local.json` with the
 * `LocalLab` endpoints in `AWS_ENDPOINT_URL_*`: the AWS probe (API over HTTP, the worker's
 * lines through FilterLogEvents, the effect counter through GetItem, the DLQ through SQS) runs
 * against a lab and reaches the same verdict as on AWS.
 */
describe('the AWS path of an experiment, pointed at the lab', () => {
  let lab: Lab;
  let directory: string;

  beforeAll(async () => {
    lab = await startLab({ stacks: ['VisibilityDupStack'], quiet: true });
    directory = mkdtempSync(join(tmpdir(), 'sqs-lab-aws-path-'));
  });

  afterAll(async () => {
    await lab?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('runs heartbeat through the SDK clients on the lab endpoints to a matched verdict', async () => {
    const outputsFile = join(directory, 'cdk-outputs.local.json');
    await writeLabOutputs(outputsFile, lab.outputs());
    for (const [name, value] of Object.entries(fakeAwsEnvironment())) vi.stubEnv(name, value);
    vi.stubEnv('AWS_ENDPOINT_URL_SQS', lab.endpoints.sqsCliEndpoint);
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', lab.endpoints.dynamodbEndpoint);
    vi.stubEnv('AWS_ENDPOINT_URL_CLOUDWATCH_LOGS', lab.logsEndpoint);
    const experiment = findExperiment('heartbeat');
    const probe = await openAwsProbe(experiment, outputsFile);
    // CloudWatch delivers lines seconds late, so the AWS probe waits 20 s of quiet; the lab's
    // endpoint holds them at once, so the test waits as briefly as the local probe does.
    const prompt = new Proxy(probe, {
      get: (target, key) =>
        key === 'quietMs' ? 1500 : key === 'pollMs' ? 250 : (Reflect.get(target, key, target) as unknown),
    });

    try {
      const result = await runExperiment(experiment, prompt);

      expect(result.observation).toMatchObject({ kind: 'visibility', deliveries: 1, effects: 1, dlq: 0 });
      expect(result.matched).toBe(true);
      expect(
        result.lines.some((line) =>
          line.includes(`Start ${result.observation.kind === 'visibility' ? result.observation.id : ''}`),
        ),
      ).toBe(true);
    } finally {
      await probe.close();
    }
  });
});
