/**
 * A function's query-protocol calls (SNS, STS) pass the lab's gate as its JSON calls do: counted,
 * authorized against its role and the topic's key, and refused in the query protocol's XML, which
 * the function's own SDK reads into SNS's modeled errors. Sources: the SNS API reference (Publish:
 * AuthorizationError 403, KMSAccessDenied 400), the SNS developer guide (a publisher to a topic
 * under a customer-managed key needs kms:GenerateDataKey* and kms:Decrypt on it), the STS API
 * reference (GetCallerIdentity: "No permissions are required").
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { LAB_MAX_PROPAGATION_MS } from '#lab/common/propagation';
import { type Lab, startLab } from '#lab/lab';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

/** A role's name, from its ARN. */
const roleNameOf = (roleArn: string | undefined): string => roleArn?.slice(roleArn.lastIndexOf('/') + 1) ?? '';

const APP_DIR = fixtureApp('publisher-app');

describe('a function’s SNS and STS calls on the lab', () => {
  let lab: Lab;
  let outputs: Record<string, string>;
  let lambda: LambdaClient;

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
    outputs = { ...lab.deployed.get('PublisherStack')?.outputs };
    lambda = new LambdaClient({ endpoint: lab.endpointUrl, region: LAB_REGION, credentials: LAB_CREDENTIALS });
    await new Promise((resolve) => setTimeout(resolve, 2 * LAB_MAX_PROPAGATION_MS));
  }, 120_000);

  afterAll(async () => {
    lambda?.destroy();
    await lab?.stop();
  });

  const run = async (id: string): Promise<Record<string, unknown>> => {
    const answer = await lambda.send(new InvokeCommand({ FunctionName: outputs[`${id}Name`] }));
    expect(answer.FunctionError).toBeUndefined();
    return JSON.parse(Buffer.from(answer.Payload ?? []).toString('utf8')) as Record<string, unknown>;
  };

  it('publishes for a role CDK’s grantPublish granted the topic and its key', async () => {
    const answer = await run('Granted');
    expect(answer.published).toMatch(/^[0-9a-f-]{36}$/);
    expect(lab.notifications().map((notification) => notification.message)).toContain('an order');
  });

  it('refuses a role with no sns:Publish with SNS’s AuthorizationError, in IAM’s words', async () => {
    const answer = await run('Ungranted');
    expect(answer).toMatchObject({
      // The SDK names SNS's AuthorizationError code by its modeled exception.
      name: 'AuthorizationErrorException',
      status: 403,
      message: expect.stringMatching(
        /^User: arn:aws:sts::000000000000:assumed-role\/.+ is not authorized to perform: SNS:Publish on resource: arn:aws:sns:us-east-1:000000000000:.+ because no identity-based policy allows the SNS:Publish action$/,
      ),
    });
  });

  it('refuses a role with sns:Publish but nothing of the topic’s key with KMSAccessDenied', async () => {
    expect(await run('TopicOnly')).toMatchObject({ name: 'KMSAccessDeniedException', status: 400 });
  });

  it('answers GetCallerIdentity with no permission, as the function’s role session, and counts every call', async () => {
    // Lambda hands a function its execution role's session, named after the function.
    expect((await run('Ungranted')).caller).toBe(
      `arn:aws:sts::000000000000:assumed-role/${roleNameOf(outputs.UngrantedRole)}/${outputs.UngrantedName}`,
    );
    const counts = lab.awsCallCounts();
    const ungranted = Object.entries(counts).find(([site]) => site.includes('Ungranted'))?.[1];
    expect(ungranted).toMatchObject({ 'SNS.Publish': 2, 'STS.GetCallerIdentity': 2 });
  });
});
