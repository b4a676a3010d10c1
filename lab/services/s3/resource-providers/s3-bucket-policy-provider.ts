/**
 * `AWS::S3::BucketPolicy`: the policy stored on the bucket, so GetBucketPolicy answers it. The
 * lab does not enforce bucket policies on its endpoint (see s3-api.ts): the CDK bootstrap
 * bucket's policy denies every request without TLS, and the lab's endpoint is plain HTTP on loopback.
 */
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';
import type { S3State } from '../s3-state';

/** What the bucket policy provider does with each property of `AWS::S3::BucketPolicy`. */
export const S3_BUCKET_POLICY_PROPERTIES: PropertyCoverage = {
  emulated: ['Bucket'],
  noted: {
    PolicyDocument: 's3BucketPolicyPolicyDocument',
  },
  refused: [],
};

/** The bucket policy provider. */
export function s3BucketPolicyProvider(state: S3State): ResourceProvider {
  const put = (properties: Readonly<Record<string, unknown>>) => {
    const bucket = String(properties.Bucket);
    state.bucket(bucket).policy = JSON.stringify(properties.PolicyDocument);
    return { physicalId: bucket, attributes: {} };
  };
  return {
    type: 'AWS::S3::BucketPolicy',
    properties: S3_BUCKET_POLICY_PROPERTIES,
    create: async ({ properties }) => put(properties),
    update: async ({ properties }) => put(properties),
    async delete({ resource }) {
      const bucket = state.findBucket(resource.physicalId);
      if (bucket !== undefined) delete bucket.policy;
    },
    requiresReplacement: (previous, next) => previous.Bucket !== next.Bucket,
  };
}
