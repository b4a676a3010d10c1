/**
 * Pointing an experiment's AWS path at a running lab, as a user does with
 * `--target aws --outputs cdk-outputs.local.json` and the `LocalLab` endpoints in
 * `AWS_ENDPOINT_URL_*`. Shared by the tests that run the AWS probe against the lab.
 */
import { join } from 'node:path';
import { vi } from 'vitest';
import { fakeAwsEnvironment } from '#lab/common/local-aws';
import type { Lab } from '#lab/lab';
import { writeLabOutputs } from '#lab/outputs';

/** Writes the lab's outputs file into `directory` and points the SDK's endpoint variables at the lab; returns the file. */
export async function pointAwsPathAtLab(lab: Lab, directory: string): Promise<string> {
  const outputsFile = join(directory, 'cdk-outputs.local.json');
  await writeLabOutputs(outputsFile, lab.outputs());
  for (const [name, value] of Object.entries(fakeAwsEnvironment())) vi.stubEnv(name, value);
  vi.stubEnv('AWS_ENDPOINT_URL_SQS', lab.endpoints.sqsCliEndpoint);
  vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', lab.endpoints.dynamodbEndpoint);
  vi.stubEnv('AWS_ENDPOINT_URL_CLOUDWATCH_LOGS', lab.logsEndpoint);
  return outputsFile;
}

/**
 * The AWS probe with the local probe's waits: CloudWatch delivers lines seconds late, so the
 * AWS probe waits 20 s of quiet, but the lab's Logs endpoint holds them at once.
 */
export function withLabWaits<T extends object>(probe: T): T {
  return new Proxy(probe, {
    get: (target, key) =>
      key === 'quietMs' ? 1500 : key === 'pollMs' ? 250 : (Reflect.get(target, key, target) as unknown),
  });
}
