/**
 * Where the lab's own deploy puts a template too large for CloudFormation's TemplateBody
 * (51,200 bytes): a bucket of the lab's in its S3, as the CDK CLI puts one in the bootstrap
 * bucket. The name is the lab's, never `cdk-hnb659fds-assets-…`, so a learner's
 * `cdk bootstrap` on the lab still creates its own bucket.
 */
import { createHash } from 'node:crypto';
import type { S3State } from '../services/s3/s3-state';
import { LAB_TARGET } from './lab-services';

/** Stores `body` and answers its S3 URL (virtual-hosted, as the CLI's TemplateURL is). */
export function storeLabTemplate(s3: S3State, stackName: string, body: string, region: string): string {
  const bucket = `sqs-lab-templates-${LAB_TARGET.accountId}-${region}`;
  if (s3.findBucket(bucket) === undefined) s3.createBucket(bucket, region);
  const bytes = Buffer.from(body, 'utf8');
  const key = `${stackName}/${createHash('sha256').update(bytes).digest('hex')}.json`;
  s3.putObject(bucket, key, { bytes, contentType: 'application/json' });
  return `https://${bucket}.s3.${region}.amazonaws.com/${key}`;
}
