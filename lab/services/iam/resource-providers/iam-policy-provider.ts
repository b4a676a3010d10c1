/** `AWS::IAM::Policy`: a policy attached to roles (CDK's `DefaultPolicy` of every role). */
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { IamState } from '../iam-state';
import type { PolicyDocument } from '../policy-document';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';

/** `AWS::IAM::Policy`: the lab has roles, no users or groups. */
export const IAM_POLICY_PROPERTIES: PropertyCoverage = {
  emulated: ['PolicyDocument', 'PolicyName', 'Roles'],
  noted: {},
  refused: ['Groups', 'Users'],
};

/** The attached-policy provider. Roles are named by `Ref` (the role name). */
export function iamPolicyProvider(registry: IamState): ResourceProvider {
  const put = (id: string, properties: Readonly<Record<string, unknown>>) => {
    registry.putAttachedPolicy(id, (properties.Roles ?? []) as string[], properties.PolicyDocument as PolicyDocument);
    return { physicalId: id, attributes: { Id: id } };
  };
  return {
    type: 'AWS::IAM::Policy',
    properties: IAM_POLICY_PROPERTIES,
    create: async ({ stackName, logicalId, properties }) =>
      put(`${stackName}-${String(properties.PolicyName ?? logicalId)}-${logicalId}`, properties),
    update: async ({ properties, previous }) => put(previous.physicalId, properties),
    delete: async ({ resource }) => registry.deleteAttachedPolicy(resource.physicalId),
  };
}
