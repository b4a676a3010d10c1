/**
 * `AWS::S3::Bucket` on the lab's S3 state: the bucket (its name given or generated), its default
 * encryption and versioning as S3 then answers them, its public access block and lifecycle rules
 * recorded. A bucket with objects fails its delete as on AWS ("The bucket you tried to delete is
 * not empty"), unless `DeletionPolicy: Retain` keeps it (the engine skips the delete).
 * Attributes as CloudFormation documents them
 * (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-s3-bucket.html#aws-resource-s3-bucket-return-values).
 */
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';
import { generatedName } from '../../cloudformation/engine/generated-name';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';
import { DEFAULT_ENCRYPTION, type EncryptionRule, type S3Bucket } from '../s3-records';
import type { S3State } from '../s3-state';
import { type NotificationSender, targetsOfTemplate, validateTargets } from '../s3-notifications';

/** What the bucket provider does with each property of `AWS::S3::Bucket`. */
export const S3_BUCKET_PROPERTIES: PropertyCoverage = {
  emulated: ['BucketEncryption', 'BucketName', 'NotificationConfiguration', 'Tags', 'VersioningConfiguration'],
  noted: {
    AnalyticsConfigurations: 's3BucketAnalyticsConfigurations',
    InventoryConfigurations: 's3BucketInventoryConfigurations',
    MetricsConfigurations: 's3BucketMetricsConfigurations',
    OwnershipControls: 's3BucketOwnershipControls',
    AccessControl: 's3BucketAccessControl',
    LifecycleConfiguration: 's3BucketLifecycleConfiguration',
    PublicAccessBlockConfiguration: 's3BucketPublicAccessBlockConfiguration',
  },
  // Each would change what the bucket does (serve a website, notify, replicate, lock, log…), which the lab does not emulate.
  refused: [
    'AbacStatus',
    'AccelerateConfiguration',
    'BucketNamePrefix',
    'BucketNamespace',
    'CorsConfiguration',
    'IntelligentTieringConfigurations',
    'LoggingConfiguration',
    'MetadataConfiguration',
    'MetadataTableConfiguration',
    'ObjectLockConfiguration',
    'ObjectLockEnabled',
    'ReplicationConfiguration',
    'WebsiteConfiguration',
  ],
};

/** The bucket provider; buckets are created in `region` (the lab's). */
export function s3BucketProvider(options: {
  readonly state: S3State;
  readonly region: string;
  /** How the bucket's event notifications are checked and sent; absent: NotificationConfiguration is refused. */
  readonly notifications?: NotificationSender;
}): ResourceProvider {
  const { state, region } = options;
  /** NotificationConfiguration, checked as S3 checks it (each destination must let S3 send). */
  const notify = async (bucket: S3Bucket, properties: Readonly<Record<string, unknown>>) => {
    const configuration = properties.NotificationConfiguration;
    if (configuration === undefined) {
      delete bucket.notifications;
      return;
    }
    if (options.notifications === undefined) throw new Error('this lab sends no S3 event notifications');
    const targets = targetsOfTemplate(configuration);
    await validateTargets(options.notifications, bucket.name, targets);
    bucket.notifications = targets;
  };
  const configure = (bucket: S3Bucket, properties: Readonly<Record<string, unknown>>) => {
    // The template's tags are the bucket's tag set, as CloudFormation puts them (CDK's auto-delete
    // handler checks its own tag there before it empties a bucket).
    const tags = Array.isArray(properties.Tags) ? (properties.Tags as { Key: string; Value: string }[]) : [];
    if (tags.length === 0) delete bucket.tags;
    else bucket.tags = tags.map(({ Key, Value }) => ({ Key: String(Key), Value: String(Value) }));
    bucket.encryption = encryptionOf(properties.BucketEncryption);
    const status = record(properties.VersioningConfiguration).Status;
    if (status === 'Enabled' || status === 'Suspended') bucket.versioning = status;
    // A template that stops configuring versioning leaves it as it was: S3 cannot unset it.
    const block = properties.PublicAccessBlockConfiguration;
    if (block === undefined) delete bucket.publicAccessBlock;
    else bucket.publicAccessBlock = record(block) as Record<string, boolean>;
    const rules = record(properties.LifecycleConfiguration).Rules;
    if (Array.isArray(rules)) bucket.lifecycleRules = rules;
    else delete bucket.lifecycleRules;
    return {
      physicalId: bucket.name,
      attributes: {
        Arn: `arn:aws:s3:::${bucket.name}`,
        DomainName: `${bucket.name}.s3.amazonaws.com`,
        RegionalDomainName: `${bucket.name}.s3.${bucket.region}.amazonaws.com`,
        DualStackDomainName: `${bucket.name}.s3.dualstack.${bucket.region}.amazonaws.com`,
        WebsiteURL: `http://${bucket.name}.s3-website-${bucket.region}.amazonaws.com`,
      },
    };
  };
  return {
    type: 'AWS::S3::Bucket',
    properties: S3_BUCKET_PROPERTIES,
    async create({ stackName, logicalId, properties }) {
      const name =
        typeof properties.BucketName === 'string'
          ? properties.BucketName
          : generatedName({ stackName, logicalId, randomLength: 12, lowerCase: true, maxLength: 63 }).toLowerCase();
      const bucket = state.createBucket(name, region);
      try {
        await notify(bucket, properties);
      } catch (error) {
        state.deleteBucket(name);
        throw error;
      }
      return configure(bucket, properties);
    },
    async update({ properties, previous }) {
      const bucket = state.bucket(previous.physicalId);
      await notify(bucket, properties);
      return configure(bucket, properties);
    },
    async delete({ resource }) {
      if (state.findBucket(resource.physicalId) !== undefined) state.deleteBucket(resource.physicalId);
    },
    requiresReplacement: (previous, next) => changedAny(['BucketName'], previous, next),
  };
}

/** `BucketEncryption.ServerSideEncryptionConfiguration` as S3's rules; S3's default without one. */
function encryptionOf(value: unknown): readonly EncryptionRule[] {
  const rules = record(value).ServerSideEncryptionConfiguration;
  if (!Array.isArray(rules) || rules.length === 0) return DEFAULT_ENCRYPTION;
  return rules.map((rule: unknown) => {
    const byDefault = record(record(rule).ServerSideEncryptionByDefault);
    const keyId = byDefault.KMSMasterKeyID;
    const bucketKey = record(rule).BucketKeyEnabled;
    return {
      SSEAlgorithm: String(byDefault.SSEAlgorithm ?? 'AES256'),
      ...(typeof keyId === 'string' ? { KMSMasterKeyID: keyId } : {}),
      ...(bucketKey === undefined ? {} : { BucketKeyEnabled: bucketKey === true || bucketKey === 'true' }),
    };
  });
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
