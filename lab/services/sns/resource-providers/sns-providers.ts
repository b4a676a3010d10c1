/** AWS::SNS::Topic, AWS::SNS::TopicPolicy and AWS::SNS::Subscription on the lab's SNS. */
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { IamRegistry } from '../../iam/iam-registry';
import type { PolicyDocument } from '../../iam/policy-document';
import type { SnsService } from '../sns-service';
import { generatedName, randomSuffix } from '../../cloudformation/generated-name';

/** The three providers. */
export function snsProviders(options: { readonly sns: SnsService; readonly iam: IamRegistry }): ResourceProvider[] {
  const { sns, iam } = options;
  return [
    {
      type: 'AWS::SNS::Topic',
      async create({ stackName, logicalId, properties }) {
        const name =
          typeof properties.TopicName === 'string' ? properties.TopicName : generatedName({ stackName, logicalId });
        const arn = sns.topicArn(name);
        sns.topics.set(arn, { name });
        return { physicalId: arn, attributes: { TopicArn: arn, TopicName: name } };
      },
      update: async ({ previous }) => previous,
      async delete({ resource }) {
        sns.topics.delete(resource.physicalId);
      },
      requiresReplacement: (previous, next) => previous.TopicName !== next.TopicName,
    },
    {
      type: 'AWS::SNS::TopicPolicy',
      async create({ stackName, logicalId, properties }) {
        const id = `${stackName}-${logicalId}`;
        for (const arn of (properties.Topics ?? []) as string[])
          iam.putResourcePolicy(arn, id, properties.PolicyDocument as PolicyDocument);
        return { physicalId: id, attributes: { Id: id } };
      },
      async update({ properties, previous }) {
        for (const arn of (previous.properties.Topics ?? []) as string[])
          iam.deleteResourcePolicy(arn, previous.physicalId);
        for (const arn of (properties.Topics ?? []) as string[])
          iam.putResourcePolicy(arn, previous.physicalId, properties.PolicyDocument as PolicyDocument);
        return previous;
      },
      async delete({ resource, properties }) {
        for (const arn of (properties.Topics ?? []) as string[]) iam.deleteResourcePolicy(arn, resource.physicalId);
      },
    },
    {
      type: 'AWS::SNS::Subscription',
      async create({ properties }) {
        const topicArn = String(properties.TopicArn);
        const protocol = String(properties.Protocol);
        const id = `${topicArn}:${randomSuffix(12, true)}`;
        sns.subscriptions.set(id, {
          topicArn,
          protocol,
          endpoint: String(properties.Endpoint ?? ''),
          status: protocol === 'email' ? 'PendingConfirmation' : 'Confirmed',
        });
        return { physicalId: id, attributes: {} };
      },
      update: async ({ previous }) => previous,
      async delete({ resource }) {
        sns.subscriptions.delete(resource.physicalId);
      },
      requiresReplacement: () => true,
    },
  ];
}
