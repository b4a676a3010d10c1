/**
 * Names AWS keeps unique: per account and region for queues, tables, functions, log groups,
 * topics and alarms; per account for IAM roles and CloudWatch dashboards ("All dashboards in
 * your account are global, not region-specific", AWS::CloudWatch::Dashboard reference). A clash
 * fails as CloudFormation reports it: "<name> already exists in stack <stack ARN>" for a
 * resource another stack of the region owns (aws-samples/eb-php-wordpress#25), the handler's
 * "Dashboard '<name>' already exists" (ACloudGuru/serverless-plugin-aws-alerts#242) or
 * "Resource of type '<type>' with identifier '<name>' already exists." across regions.
 */
import { describe, expect, it } from 'vitest';
import { ResourceAlreadyExistsError } from '#lab/services/cloudformation/errors';
import { NameRegistry } from '#lab/services/cloudformation/engine/name-registry';

const stackIn = (region: string, name: string) =>
  `arn:aws:cloudformation:${region}:000000000000:stack/${name}/0f3c9a10-0000-4000-8000-000000000000`;
const owner = (region: string, stackName: string, logicalId = 'Resource') => ({
  accountId: '000000000000',
  region,
  stackId: stackIn(region, stackName),
  logicalId,
});

describe('NameRegistry', () => {
  it('refuses a dashboard name held in another region, with the handler’s message', () => {
    const names = new NameRegistry();
    names.claim('AWS::CloudWatch::Dashboard', 'VisibilityDupStack', owner('us-east-1', 'VisibilityDupStack'));
    expect(() =>
      names.claim('AWS::CloudWatch::Dashboard', 'VisibilityDupStack', owner('ap-northeast-1', 'VisibilityDupStack')),
    ).toThrow(new ResourceAlreadyExistsError("Dashboard 'VisibilityDupStack' already exists"));
  });

  it('refuses a global IAM role name across regions, and any name another stack of the region holds', () => {
    const names = new NameRegistry();
    names.claim('AWS::IAM::Role', 'worker-role', owner('us-east-1', 'A'));
    expect(() => names.claim('AWS::IAM::Role', 'worker-role', owner('ap-northeast-1', 'A'))).toThrow(
      "Resource of type 'AWS::IAM::Role' with identifier 'worker-role' already exists.",
    );
    names.claim('AWS::SQS::Queue', 'jobs', owner('us-east-1', 'A'));
    expect(() => names.claim('AWS::SQS::Queue', 'jobs', owner('us-east-1', 'B'))).toThrow(
      `jobs already exists in stack ${stackIn('us-east-1', 'A')}`,
    );
  });

  it('lets a regional name repeat in another region, the owner claim again, and a released name be claimed', () => {
    const names = new NameRegistry();
    names.claim('AWS::SQS::Queue', 'jobs', owner('us-east-1', 'A'));
    expect(() => names.claim('AWS::SQS::Queue', 'jobs', owner('ap-northeast-1', 'A'))).not.toThrow();
    expect(() => names.claim('AWS::SQS::Queue', 'jobs', owner('us-east-1', 'A'))).not.toThrow();
    names.release('AWS::SQS::Queue', 'jobs', owner('us-east-1', 'A'));
    expect(() => names.claim('AWS::SQS::Queue', 'jobs', owner('us-east-1', 'B'))).not.toThrow();
  });

  it('reads the name from the template property of each type, and none from unnamed resources', () => {
    expect(NameRegistry.nameOf('AWS::CloudWatch::Dashboard', { DashboardName: 'd' })).toBe('d');
    expect(NameRegistry.nameOf('AWS::CloudWatch::Dashboard', {})).toBeUndefined();
    expect(NameRegistry.nameOf('AWS::IAM::Policy', { PolicyName: 'p' })).toBeUndefined();
  });
});
