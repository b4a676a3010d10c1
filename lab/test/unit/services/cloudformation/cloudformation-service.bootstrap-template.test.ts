/**
 * The CDK CLI's own bootstrap template (aws-cdk's lib/api/bootstrap/bootstrap-template.yaml,
 * version 33) deployed by the lab's CloudFormation with the lab's providers, property
 * validation on, with the parameters `cdk bootstrap` sends by default (read from the CLI's
 * bootstrapEnvironment: an AWS managed key, no trusted accounts, no execution policies, so the
 * template picks AdministratorAccess, the public access block on). Every default resource is
 * created; the bucket, the roles and the version parameter land in the lab's S3, IAM and SSM; a
 * second bootstrap with other parameters updates the stack in place. (What the calls around it
 * do through the endpoint: test/conformance/deploy/bootstrap.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { CloudFormationService } from '#lab/services/cloudformation/cloudformation-service';
import type { StackEvent } from '#lab/services/cloudformation/engine/deployed-stack';
import {
  BOOTSTRAP_TARGET as TARGET,
  bootstrapLab,
  bootstrapTemplate,
  CLI_BOOTSTRAP_PARAMETERS as CLI_DEFAULTS,
} from '#lab/test/helpers/bootstrap-lab';

const VERSION_PARAMETER = '/cdk-bootstrap/hnb659fds/version';

describe('the CDK bootstrap template on the lab’s CloudFormation', () => {
  it.each([
    ['the CLI’s defaults', CLI_DEFAULTS],
    [
      'an explicit execution policy',
      { ...CLI_DEFAULTS, CloudFormationExecutionPolicies: 'arn:aws:iam::aws:policy/AdministratorAccess' },
    ],
  ])('creates every default resource with %s', async (_name, parameters) => {
    const lab = bootstrapLab(parameters);
    const events: StackEvent[] = [];
    const [stack] = await lab.cloudFormation.deploy([{ stackName: 'CDKToolkit', template: bootstrapTemplate() }], {
      onEvent: (event) => events.push(event),
    });
    const completed = events
      .filter((event) => event.status === 'CREATE_COMPLETE' && event.resourceType !== 'AWS::CloudFormation::Stack')
      .map((event) => event.logicalId)
      .sort();
    expect(completed).toEqual([
      'CdkBootstrapVersion',
      'CloudFormationExecutionRole',
      'ContainerAssetsRepository',
      'DeploymentActionRole',
      'FilePublishingRole',
      'FilePublishingRoleDefaultPolicy',
      'ImagePublishingRole',
      'ImagePublishingRoleDefaultPolicy',
      'LookupRole',
      'StagingBucket',
      'StagingBucketPolicy',
    ]);
    expect(events.filter((event) => event.status.endsWith('FAILED'))).toEqual([]);
    expect(stack?.status).toBe('CREATE_COMPLETE');
    expect(stack?.outputs).toMatchObject({
      BucketName: 'cdk-hnb659fds-assets-000000000000-us-east-1',
      BucketDomainName: 'cdk-hnb659fds-assets-000000000000-us-east-1.s3.us-east-1.amazonaws.com',
      ImageRepositoryName: 'cdk-hnb659fds-container-assets-000000000000-us-east-1',
      FileAssetKeyArn: 'AWS_MANAGED_KEY',
      BootstrapVersion: '33',
    });

    // The version parameter holds the template's version; the bucket and roles exist in S3 and IAM.
    expect(lab.ssm.valueOf(VERSION_PARAMETER)).toBe('33');
    const bucket = lab.s3.bucket('cdk-hnb659fds-assets-000000000000-us-east-1');
    expect(bucket.encryption).toEqual([{ SSEAlgorithm: 'aws:kms' }]);
    expect(bucket.versioning).toBe('Enabled');
    expect(bucket.publicAccessBlock).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(JSON.parse(bucket.policy ?? '{}').Statement[0]).toMatchObject({
      Sid: 'AllowSSLRequestsOnly',
      Effect: 'Deny',
      Condition: { Bool: { 'aws:SecureTransport': 'false' } },
    });
    for (const role of ['deploy', 'file-publishing', 'image-publishing', 'lookup', 'cfn-exec'])
      expect(
        lab.iam.roleByArn(`arn:aws:iam::000000000000:role/cdk-hnb659fds-${role}-role-000000000000-us-east-1`),
      ).toBeDefined();
    // The deploy says, once, that the deny-unless-TLS bucket policy is stored and not enforced.
    expect(
      stack?.notes.find((note) => note.properties.includes('AWS::S3::BucketPolicy.PolicyDocument'))?.note.en,
    ).toMatch(/not enforced/);
    expect(lab.iam.identityPolicies('cdk-hnb659fds-cfn-exec-role-000000000000-us-east-1').map((p) => p.name)).toEqual([
      'arn:aws:iam::aws:policy/AdministratorAccess',
    ]);
  });

  it('updates the stack in place when bootstrap runs again with the public access block off', async () => {
    const lab = bootstrapLab(CLI_DEFAULTS);
    await lab.cloudFormation.deploy([{ stackName: 'CDKToolkit', template: bootstrapTemplate() }]);
    // `cdk bootstrap --public-access-block-configuration false`: the same stack, other parameters.
    const service = new CloudFormationService({
      providers: lab.providers,
      state: lab.cloudFormation.state,
      target: TARGET,
      parameters: { ...CLI_DEFAULTS, PublicAccessBlockConfiguration: 'false' },
    });
    const events: StackEvent[] = [];
    const [stack] = await service.deploy([{ stackName: 'CDKToolkit', template: bootstrapTemplate() }], {
      onEvent: (event) => events.push(event),
    });
    expect(stack?.status).toBe('UPDATE_COMPLETE');
    expect(events.filter((event) => event.status === 'UPDATE_COMPLETE').map((event) => event.logicalId)).toEqual([
      'StagingBucket',
      'CDKToolkit',
    ]);
    expect(lab.s3.bucket('cdk-hnb659fds-assets-000000000000-us-east-1').publicAccessBlock).toBeUndefined();
  });
});
