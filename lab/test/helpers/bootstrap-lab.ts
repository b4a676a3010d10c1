/**
 * The CDK CLI's bootstrap template (aws-cdk's lib/api/bootstrap/bootstrap-template.yaml) and a
 * lab's S3, SSM and IAM with the lab's CloudFormation on their providers, for the tests that
 * deploy it: the parameters `cdk bootstrap` sends without options are read from the CLI's
 * bootstrapEnvironment (aws-cdk lib/index.js, `bootstrapTemplateParameters`): an AWS managed
 * key, no trusted accounts, no execution policies (the template then picks AdministratorAccess),
 * the public access block on.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { LAB_ACCOUNT_ID, LAB_REGION } from '#lab/common/local-aws';
import { CloudFormationService } from '#lab/services/cloudformation/cloudformation-service';
import { ProviderRegistry } from '#lab/services/cloudformation/resource-provider';
import type { Template } from '#lab/services/cloudformation/engine/template';
import { ecrRepositoryProvider } from '#lab/services/ecr/resource-providers/ecr-repository-provider';
import { IamState } from '#lab/services/iam/iam-state';
import { iamPolicyProvider } from '#lab/services/iam/resource-providers/iam-policy-provider';
import { iamRoleProvider } from '#lab/services/iam/resource-providers/iam-role-provider';
import { s3BucketPolicyProvider } from '#lab/services/s3/resource-providers/s3-bucket-policy-provider';
import { s3BucketProvider } from '#lab/services/s3/resource-providers/s3-bucket-provider';
import { S3State } from '#lab/services/s3/s3-state';
import { ssmParameterProvider } from '#lab/services/ssm/resource-providers/ssm-parameter-provider';
import { SsmState } from '#lab/services/ssm/ssm-state';

/** The lab's account and region. */
export const BOOTSTRAP_TARGET = { accountId: LAB_ACCOUNT_ID, region: LAB_REGION };

/** The bucket the template names with the default qualifier, in the lab's account and region. */
export const BOOTSTRAP_BUCKET = 'cdk-hnb659fds-assets-000000000000-us-east-1';

/** What `cdk bootstrap` sends without options. */
export const CLI_BOOTSTRAP_PARAMETERS = {
  FileAssetsBucketKmsKeyId: 'AWS_MANAGED_KEY',
  TrustedAccounts: '',
  TrustedAccountsForLookup: '',
  CloudFormationExecutionPolicies: '',
  PublicAccessBlockConfiguration: 'true',
} as const;

/** The template, parsed. */
export function bootstrapTemplate(): Template {
  const path = join(
    dirname(createRequire(import.meta.url).resolve('aws-cdk/package.json')),
    'lib/api/bootstrap/bootstrap-template.yaml',
  );
  return parse(readFileSync(path, 'utf8')) as Template;
}

/** A lab's S3, SSM and IAM, and CloudFormation on their providers with `parameters`. */
export function bootstrapLab(parameters: Readonly<Record<string, string>>) {
  const s3 = new S3State();
  const ssm = new SsmState(BOOTSTRAP_TARGET);
  const iam = new IamState();
  const providers = new ProviderRegistry([
    s3BucketProvider({ state: s3, region: BOOTSTRAP_TARGET.region }),
    s3BucketPolicyProvider(s3),
    ecrRepositoryProvider(BOOTSTRAP_TARGET),
    iamRoleProvider(iam),
    iamPolicyProvider(iam),
    ssmParameterProvider(ssm),
  ]);
  const cloudFormation = new CloudFormationService({ providers, target: BOOTSTRAP_TARGET, parameters });
  return { s3, ssm, iam, providers, cloudFormation };
}
