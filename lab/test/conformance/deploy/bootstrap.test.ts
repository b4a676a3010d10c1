/**
 * `cdk bootstrap`'s stack on the lab, and the calls the CDK CLI makes around it through the lab's
 * one endpoint (S3, STS, SSM with the real AWS SDK clients): the behaviours of
 * bootstrap-behaviours.ts. One endpoint and one bootstrapped lab for the file.
 */
import { GetBucketPolicyCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { AssumeRoleCommand, GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { LAB_CREDENTIALS } from '#lab/common/local-aws';
import { type LabGateway, startLabGateway } from '#lab/gateway/lab-gateway';
import { CloudFormationService } from '#lab/services/cloudformation/cloudformation-service';
import type { DeployedStack, StackEvent } from '#lab/services/cloudformation/engine/deployed-stack';
import { deleteStack } from '#lab/services/cloudformation/engine/resource-deletion';
import { ProviderRegistry } from '#lab/services/cloudformation/resource-provider';
import type { Template } from '#lab/services/cloudformation/engine/template';
import { s3Api } from '#lab/services/s3/s3-api';
import { s3BucketProvider } from '#lab/services/s3/resource-providers/s3-bucket-provider';
import { ssmApi } from '#lab/services/ssm/ssm-api';
import { SsmState } from '#lab/services/ssm/ssm-state';
import { stsApi } from '#lab/services/sts/sts-api';
import {
  BOOTSTRAP_BUCKET,
  BOOTSTRAP_TARGET,
  bootstrapLab,
  bootstrapTemplate,
  CLI_BOOTSTRAP_PARAMETERS,
} from '#lab/test/helpers/bootstrap-lab';
import { conform } from '#lab/test/conformance/behaviour';
import { bootstrapBehaviour } from './bootstrap-behaviours';

const VERSION_PARAMETER = '/cdk-bootstrap/hnb659fds/version';
const lab = bootstrapLab(CLI_BOOTSTRAP_PARAMETERS);
let bootstrapStack: DeployedStack;
let gateway: LabGateway;
const clientOptions = () => ({ endpoint: gateway.url, region: 'us-east-1', credentials: LAB_CREDENTIALS });

beforeAll(async () => {
  [bootstrapStack] = (await lab.cloudFormation.deploy([
    { stackName: 'CDKToolkit', template: bootstrapTemplate() },
  ])) as [DeployedStack];
  gateway = await startLabGateway([
    s3Api(lab.s3),
    ssmApi(lab.ssm),
    stsApi({
      accountId: BOOTSTRAP_TARGET.accountId,
      roleExists: (arn) => lab.iam.roleByArn(arn) !== undefined,
    }),
  ]);
});

afterAll(async () => {
  await gateway.stop();
});

/** A CDK app's stack: its BootstrapVersion parameter and CheckBootstrapVersion rule, as CDK synthesizes them. */
const APP: Template = {
  Parameters: { BootstrapVersion: { Type: 'AWS::SSM::Parameter::Value<String>', Default: VERSION_PARAMETER } },
  Rules: {
    CheckBootstrapVersion: {
      Assertions: [
        {
          Assert: { 'Fn::Not': [{ 'Fn::Contains': [['1', '2', '3', '4', '5'], { Ref: 'BootstrapVersion' }] }] },
          AssertDescription:
            "CDK bootstrap stack version 6 required. Please run 'cdk bootstrap' with a recent version of the CDK CLI.",
        },
      ],
    },
  },
  Resources: {},
  Outputs: { Version: { Value: { Ref: 'BootstrapVersion' } } },
};

describe('cdk bootstrap on the lab', () => {
  conform(bootstrapBehaviour('deploy.bootstrap.bucket-policy-not-enforced'), async () => {
    const s3 = new S3Client({ ...clientOptions(), forcePathStyle: true });
    expect(gateway.url).toMatch(/^http:\/\//);
    await s3.send(new PutObjectCommand({ Bucket: BOOTSTRAP_BUCKET, Key: 'asset.json', Body: '{}' }));
    const { Policy } = await s3.send(new GetBucketPolicyCommand({ Bucket: BOOTSTRAP_BUCKET }));
    expect(JSON.parse(Policy ?? '{}').Statement).toEqual([
      expect.objectContaining({
        Sid: 'AllowSSLRequestsOnly',
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    ]);
    expect(bootstrapStack.notes.some((note) => note.properties.includes('AWS::S3::BucketPolicy.PolicyDocument'))).toBe(
      true,
    );
    s3.destroy();
  });

  conform(bootstrapBehaviour('deploy.bootstrap.version-from-ssm'), async () => {
    const ssm = new SSMClient(clientOptions());
    expect((await ssm.send(new GetParameterCommand({ Name: VERSION_PARAMETER }))).Parameter?.Value).toBe('33');
    ssm.destroy();
    // As the lab wires it (lab/app/lab-cloudformation.ts): SSM first, the claimed version when SSM holds none.
    const deployApp = (state: SsmState, parameters: Readonly<Record<string, string>>) =>
      new CloudFormationService({
        providers: new ProviderRegistry([]),
        target: BOOTSTRAP_TARGET,
        parameters,
        ssmParameter: (name) => state.valueOf(name),
      }).deploy([{ stackName: 'App', template: APP }]);
    const claimed = { [VERSION_PARAMETER]: '30' };
    expect((await deployApp(lab.ssm, claimed))[0]?.outputs.Version).toBe('33');
    expect((await deployApp(new SsmState(BOOTSTRAP_TARGET), claimed))[0]?.outputs.Version).toBe('30');
    await expect(deployApp(new SsmState(BOOTSTRAP_TARGET), {})).rejects.toThrow(
      'Unable to fetch parameters [/cdk-bootstrap/hnb659fds/version] from parameter store for this account.',
    );
  });

  conform(bootstrapBehaviour('deploy.bootstrap.assume-role-trust'), async () => {
    const sts = new STSClient(clientOptions());
    const deployRole = 'arn:aws:iam::000000000000:role/cdk-hnb659fds-deploy-role-000000000000-us-east-1';
    const assumed = await sts.send(new AssumeRoleCommand({ RoleArn: deployRole, RoleSessionName: 'aws-cdk-lab' }));
    const { AccessKeyId = '', SecretAccessKey = '', SessionToken = '' } = assumed.Credentials ?? {};
    const asRole = new STSClient({
      ...clientOptions(),
      credentials: { accessKeyId: AccessKeyId, secretAccessKey: SecretAccessKey, sessionToken: SessionToken },
    });
    expect((await asRole.send(new GetCallerIdentityCommand({}))).Arn).toBe(
      'arn:aws:sts::000000000000:assumed-role/cdk-hnb659fds-deploy-role-000000000000-us-east-1/aws-cdk-lab',
    );
    const missing = 'arn:aws:iam::000000000000:role/cdk-other-deploy-role-000000000000-us-east-1';
    await expect(sts.send(new AssumeRoleCommand({ RoleArn: missing, RoleSessionName: 'aws-cdk-lab' }))).rejects.toThrow(
      `User: arn:aws:iam::000000000000:root is not authorized to perform: sts:AssumeRole on resource: ${missing}`,
    );
    asRole.destroy();
    sts.destroy();
  });

  // Last: it deletes the bootstrap stack.
  conform(bootstrapBehaviour('deploy.bootstrap.retained-bucket'), async () => {
    const plain: Template = {
      Resources: { Plain: { Type: 'AWS::S3::Bucket', Properties: { BucketName: 'plain-bucket' } } },
    };
    const providers = new ProviderRegistry([s3BucketProvider({ state: lab.s3, region: BOOTSTRAP_TARGET.region })]);
    const [plainStack] = await new CloudFormationService({ providers, target: BOOTSTRAP_TARGET }).deploy([
      { stackName: 'Buckets', template: plain },
    ]);
    lab.s3.putObject('plain-bucket', 'left.zip', { bytes: Buffer.from('zip') });
    lab.s3.putObject(BOOTSTRAP_BUCKET, 'kept.zip', { bytes: Buffer.from('zip') });
    const events: StackEvent[] = [];
    await deleteStack(plainStack as DeployedStack, providers, (event) => events.push(event));
    await deleteStack(bootstrapStack, lab.providers, (event) => events.push(event));
    const statusOf = (logicalId: string) =>
      events.filter((event) => event.logicalId === logicalId).map((event) => [event.status, event.reason]);
    expect(statusOf('StagingBucket')).toEqual([['DELETE_SKIPPED', undefined]]);
    expect(statusOf('Plain')).toEqual([
      ['DELETE_IN_PROGRESS', undefined],
      ['DELETE_FAILED', 'BucketNotEmptyError: The bucket you tried to delete is not empty'],
    ]);
    const s3 = new S3Client({ ...clientOptions(), forcePathStyle: true });
    const kept = await s3.send(new GetObjectCommand({ Bucket: BOOTSTRAP_BUCKET, Key: 'kept.zip' }));
    expect(await kept.Body?.transformToString()).toBe('zip');
    s3.destroy();
  });
});
