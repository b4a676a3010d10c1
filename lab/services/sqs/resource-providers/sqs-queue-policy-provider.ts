/** `AWS::SQS::QueuePolicy`: each named queue's resource policy in the lab's IAM. */
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { IamState } from '../../iam/iam-state';
import type { PolicyDocument } from '../../iam/policy-document';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';

/** `AWS::SQS::QueuePolicy`: both properties become the queues' resource policy. */
export const SQS_QUEUE_POLICY_PROPERTIES: PropertyCoverage = {
  emulated: ['PolicyDocument', 'Queues'],
  noted: {},
  refused: [],
};

/** The queue policy provider; queue URLs become ARNs in the lab's account and region. */
export function sqsQueuePolicyProvider(options: {
  readonly registry: IamState;
  readonly queueArnOf: (queueUrl: string) => string;
}): ResourceProvider {
  const apply = (id: string, properties: Readonly<Record<string, unknown>>) => {
    for (const url of (properties.Queues ?? []) as string[]) {
      options.registry.putResourcePolicy(options.queueArnOf(url), id, properties.PolicyDocument as PolicyDocument);
    }
    return { physicalId: id, attributes: { Id: id } };
  };
  const remove = (id: string, properties: Readonly<Record<string, unknown>>) => {
    for (const url of (properties.Queues ?? []) as string[])
      options.registry.deleteResourcePolicy(options.queueArnOf(url), id);
  };
  return {
    type: 'AWS::SQS::QueuePolicy',
    properties: SQS_QUEUE_POLICY_PROPERTIES,
    create: async ({ stackName, logicalId, properties }) => apply(`${stackName}-${logicalId}`, properties),
    update: async ({ properties, previous }) => {
      remove(previous.physicalId, previous.properties);
      return apply(previous.physicalId, properties);
    },
    delete: async ({ resource, properties }) => remove(resource.physicalId, properties),
  };
}
