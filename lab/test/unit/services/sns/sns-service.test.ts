import { describe, expect, it } from 'vitest';
import { SnsService } from '#lab/services/sns/sns-service';
import { snsProviders } from '#lab/services/sns/resource-providers/sns-providers';
import { KmsState } from '#lab/services/kms/kms-state';
import { IamState } from '#lab/services/iam/iam-state';

const ALARM = 'arn:aws:cloudwatch:us-east-1:000000000000:alarm:DlqAlarm';
const from = { servicePrincipal: 'cloudwatch.amazonaws.com', sourceArn: ALARM, sourceAccount: '000000000000' };

describe('SnsService.publishFromService to a topic under the AWS-managed key', () => {
  it('refuses every AWS service with KMSAccessDenied, and publishes nothing', async () => {
    // SNS developer guide, "Enable compatibility between event sources from AWS services and
    // encrypted topics": an AWS service can publish only under a customer-managed key whose
    // policy admits it; the AWS-managed key's policy cannot. The Publish API reference names the
    // error KMSAccessDenied (400).
    const sns = new SnsService();
    const topic = sns.topicArn('alarms');
    sns.topics.set(topic, { name: 'alarms', kmsMasterKeyId: 'alias/aws/sns' });

    const refused = await sns.publishFromService(from, topic, 'ALARM: "DlqAlarm"', '{}');
    expect(refused.published === false && refused.error).toMatchObject({
      code: 'KMSAccessDenied',
      statusCode: 400,
      message: "The ciphertext references a key that doesn't exist or that you don't have access to.",
    });
    expect(sns.published).toEqual([]);
  });
});

describe('AWS::SNS::Topic and KmsMasterKeyId', () => {
  const kms = new KmsState();
  const topicProvider = () => {
    const sns = new SnsService();
    const provider = snsProviders({ sns, iam: new IamState(), kms }).find((each) => each.type === 'AWS::SNS::Topic');
    if (provider === undefined) throw new Error('no topic provider');
    return { sns, provider };
  };
  const create = (provider: ReturnType<typeof topicProvider>['provider'], KmsMasterKeyId: unknown) =>
    provider.create({
      stackName: 'S',
      logicalId: 'Topic0A1B2C3D',
      resourceType: 'AWS::SNS::Topic',
      properties: { TopicName: 'orders', KmsMasterKeyId },
    });

  it('keeps the AWS-managed key on the topic', async () => {
    const { sns, provider } = topicProvider();
    const { physicalId } = await create(provider, 'alias/aws/sns');
    expect(sns.topics.get(physicalId)).toEqual({ name: 'orders', kmsMasterKeyId: 'alias/aws/sns' });
  });

  it('runs a topic under a key of the lab’s KMS, and refuses a key the lab does not have in one sentence', async () => {
    const { sns, provider } = topicProvider();
    const key = kms.createKey();
    const { physicalId } = await create(provider, key.arn);
    expect(sns.topics.get(physicalId)).toEqual({ name: 'orders', kmsMasterKeyId: key.arn });
    await expect(create(provider, 'arn:aws:kms:us-east-1:000000000000:key/abc')).rejects.toThrow(
      /^Topic0A1B2C3D: KmsMasterKeyId "arn:aws:kms:us-east-1:000000000000:key\/abc" names no key of the lab/,
    );
  });
});
