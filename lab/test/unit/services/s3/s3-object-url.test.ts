/**
 * s3ObjectAddress: every S3 URL form S3 documents
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/access-bucket-intro.html), and the lab's
 * endpoint, as a CloudFormation TemplateURL from the CDK CLI may carry them.
 */
import { describe, expect, it } from 'vitest';
import { s3ObjectAddress } from '#lab/services/s3/s3-object-url';

const EXPECTED = { bucket: 'cdk-hnb659fds-assets-000000000000-us-east-1', key: 'a1b2/c3 d4.json' };

describe('s3ObjectAddress', () => {
  it.each([
    'https://cdk-hnb659fds-assets-000000000000-us-east-1.s3.us-east-1.amazonaws.com/a1b2/c3%20d4.json',
    'https://cdk-hnb659fds-assets-000000000000-us-east-1.s3.amazonaws.com/a1b2/c3%20d4.json',
    'https://cdk-hnb659fds-assets-000000000000-us-east-1.s3-us-east-1.amazonaws.com/a1b2/c3%20d4.json',
    'https://s3.us-east-1.amazonaws.com/cdk-hnb659fds-assets-000000000000-us-east-1/a1b2/c3%20d4.json',
    'https://s3.amazonaws.com/cdk-hnb659fds-assets-000000000000-us-east-1/a1b2/c3%20d4.json',
    's3://cdk-hnb659fds-assets-000000000000-us-east-1/a1b2/c3 d4.json',
    'http://127.0.0.1:4566/cdk-hnb659fds-assets-000000000000-us-east-1/a1b2/c3%20d4.json',
    'http://localhost:4566/cdk-hnb659fds-assets-000000000000-us-east-1/a1b2/c3%20d4.json',
    'http://cdk-hnb659fds-assets-000000000000-us-east-1.localhost:4566/a1b2/c3%20d4.json',
  ])('reads %s', (url) => {
    expect(s3ObjectAddress(url)).toEqual(EXPECTED);
  });

  it.each([
    'https://example.com/bucket/key',
    'http://127.0.0.1:4566/bucket-only',
    'not a url',
    'ftp://s3.amazonaws.com/b/k',
  ])('answers undefined for %s', (url) => {
    expect(s3ObjectAddress(url)).toBeUndefined();
  });
});
