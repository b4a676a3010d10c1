/**
 * A property at its default, or one that changes nothing a learner sees, is noted, not refused;
 * the values that would change what a learner sees are refused by the provider, naming them.
 * Defaults: AWS::Logs::LogGroup LogGroupClass STANDARD, AWS::SNS::Subscription Region (the topic's),
 * AWS::S3::Bucket OwnershipControls BucketOwnerEnforced (the CloudFormation template reference of each type).
 */
import { describe, expect, it } from 'vitest';
import { notesFor } from '#lab/services/cloudformation/validation/property-coverage';
import { logGroupProvider, LOG_GROUP_PROPERTIES } from '#lab/services/logs/resource-providers/log-group-provider';
import { S3_BUCKET_PROPERTIES } from '#lab/services/s3/resource-providers/s3-bucket-provider';
import { SNS_SUBSCRIPTION_PROPERTIES, snsProviders } from '#lab/services/sns/resource-providers/sns-providers';
import { SnsService } from '#lab/services/sns/sns-service';
import { IamState } from '#lab/services/iam/iam-state';

const noteOf = (type: string, coverage: Parameters<typeof notesFor>[1], properties: Record<string, unknown>) =>
  notesFor(type, coverage, properties).flatMap((note) => note.properties);

describe('defaults are noted, not refused', () => {
  it('notes S3 metrics, analytics and inventory configurations and OwnershipControls', () => {
    expect(
      noteOf('AWS::S3::Bucket', S3_BUCKET_PROPERTIES, {
        MetricsConfigurations: [{ Id: 'all' }],
        AnalyticsConfigurations: [],
        InventoryConfigurations: [],
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      }).sort(),
    ).toEqual([
      'AWS::S3::Bucket.AnalyticsConfigurations',
      'AWS::S3::Bucket.InventoryConfigurations',
      'AWS::S3::Bucket.MetricsConfigurations',
      'AWS::S3::Bucket.OwnershipControls',
    ]);
  });

  it('notes a log group of the STANDARD class, and refuses another class by name', async () => {
    expect(noteOf('AWS::Logs::LogGroup', LOG_GROUP_PROPERTIES, { LogGroupClass: 'STANDARD' })).toEqual([
      'AWS::Logs::LogGroup.LogGroupClass',
    ]);
    const groups: string[] = [];
    const provider = logGroupProvider({ createLogGroup: (name) => groups.push(name), deleteLogGroup: () => undefined });
    const create = (LogGroupClass: string) =>
      provider.create({
        stackName: 'S',
        logicalId: 'Logs0A1B2C3D',
        resourceType: 'AWS::Logs::LogGroup',
        properties: { LogGroupName: `/app/${LogGroupClass}`, LogGroupClass },
      });
    await create('STANDARD');
    await expect(create('INFREQUENT_ACCESS')).rejects.toThrow(
      'Logs0A1B2C3D: the lab keeps STANDARD log groups only, not LogGroupClass INFREQUENT_ACCESS',
    );
    expect(groups).toEqual(['/app/STANDARD']);
  });

  it("notes a subscription's Region when it is the topic's own, and refuses another", async () => {
    expect(noteOf('AWS::SNS::Subscription', SNS_SUBSCRIPTION_PROPERTIES, { Region: 'us-east-1' })).toEqual([
      'AWS::SNS::Subscription.Region',
    ]);
    const sns = new SnsService();
    const provider = snsProviders({ sns, iam: new IamState() }).find((each) => each.type === 'AWS::SNS::Subscription');
    const subscribe = (Region: string) =>
      provider?.create({
        stackName: 'S',
        logicalId: 'Sub0A1B2C3D',
        resourceType: 'AWS::SNS::Subscription',
        properties: { TopicArn: sns.topicArn('orders'), Protocol: 'email', Endpoint: 'a@example.com', Region },
      });
    await expect(subscribe('us-east-1')).resolves.toMatchObject({ physicalId: expect.stringContaining('orders') });
    await expect(subscribe('eu-west-1')).rejects.toThrow(
      "Sub0A1B2C3D: the lab subscribes in the topic's own Region (us-east-1), not Region eu-west-1",
    );
  });
});
