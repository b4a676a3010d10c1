/**
 * Destroying a learner's buckets as CloudFormation does: CDK's autoDeleteObjects custom resource
 * empties its bucket (its handler reads the bucket's `aws-cdk:auto-delete-objects` tag, lists and
 * deletes the objects), so that bucket goes; a bucket that still holds objects fails with S3's
 * BucketNotEmpty and the stack ends in DELETE_FAILED, naming it (CloudFormation user guide, stack
 * status codes), until it is emptied and the stack is deleted again.
 */
import {
  CloudFormationClient,
  DeleteStackCommand,
  DescribeStacksCommand,
  DescribeStackEventsCommand,
} from '@aws-sdk/client-cloudformation';
import { DeleteObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { type Lab, startLab } from '#lab/lab';
import { waitFor } from '#lab/test/helpers/wait-for';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

const APP_DIR = fixtureApp('buckets-app');

describe('deleting a stack of buckets', () => {
  let lab: Lab;
  let s3: S3Client;
  let cloudformation: CloudFormationClient;
  let outputs: Record<string, string>;

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
    const client = { endpoint: lab.endpointUrl, region: LAB_REGION, credentials: LAB_CREDENTIALS };
    s3 = new S3Client({ ...client, forcePathStyle: true });
    cloudformation = new CloudFormationClient(client);
    outputs = { ...lab.deployed.get('BucketsStack')?.outputs };
    for (const bucket of [outputs.EmptiedBucket, outputs.KeptBucket])
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'report.csv', Body: 'a,b\n' }));
  }, 120_000);

  afterAll(async () => {
    s3?.destroy();
    cloudformation?.destroy();
    await lab?.stop();
  });

  const statusOf = async () =>
    (await cloudformation.send(new DescribeStacksCommand({ StackName: 'BucketsStack' }))).Stacks?.[0]?.StackStatus;
  const deleteStack = async (final: string) => {
    await cloudformation.send(new DeleteStackCommand({ StackName: 'BucketsStack' }));
    await waitFor(
      async () => {
        const status = await statusOf().catch(() => 'DELETE_COMPLETE');
        return status === final ? true : undefined;
      },
      30_000,
      `BucketsStack to reach ${final}`,
    );
  };
  const bucketExists = (Bucket: string | undefined) =>
    s3.send(new HeadBucketCommand({ Bucket })).then(
      () => true,
      () => false,
    );

  it('empties and deletes the autoDeleteObjects bucket, and fails on the one still holding an object', async () => {
    await deleteStack('DELETE_FAILED');
    const { StackEvents = [] } = await cloudformation.send(
      new DescribeStackEventsCommand({ StackName: 'BucketsStack' }),
    );
    const failedBucket = StackEvents.find(
      (event) => event.ResourceType === 'AWS::S3::Bucket' && event.ResourceStatus === 'DELETE_FAILED',
    );
    expect(failedBucket?.LogicalResourceId).toMatch(/^Kept/);
    expect(failedBucket?.ResourceStatusReason).toMatch(/not empty/i);
    expect(
      StackEvents.find(
        (event) => event.ResourceStatus === 'DELETE_FAILED' && event.ResourceType === 'AWS::CloudFormation::Stack',
      )?.ResourceStatusReason,
    ).toMatch(/^The following resource\(s\) failed to delete: \[Kept\w+\]\. $/);
    expect(await bucketExists(outputs.EmptiedBucket)).toBe(false);
    expect(await bucketExists(outputs.KeptBucket)).toBe(true);
  }, 60_000);

  it('deletes the rest once the bucket is emptied and DeleteStack is asked again', async () => {
    await s3.send(new DeleteObjectCommand({ Bucket: outputs.KeptBucket, Key: 'report.csv' }));
    await deleteStack('DELETE_COMPLETE');
    expect(await bucketExists(outputs.KeptBucket)).toBe(false);
    expect(lab.deployed.has('BucketsStack')).toBe(false);
  }, 60_000);
});
