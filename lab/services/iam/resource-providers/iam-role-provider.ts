/** `AWS::IAM::Role`: a role in the lab's IAM, with its managed and inline policies. */
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';
import type { IamState } from '../iam-state';
import { roleArn } from '../iam-state';
import type { PolicyDocument } from '../policy-document';
import { generatedName } from '../../cloudformation/engine/generated-name';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';

/** What the role provider does with each property of `AWS::IAM::Role`. */
export const IAM_ROLE_PROPERTIES: PropertyCoverage = {
  emulated: ['ManagedPolicyArns', 'Path', 'Policies', 'RoleName'],
  noted: {
    AssumeRolePolicyDocument: 'iamRoleAssumeRolePolicyDocument',
    MaxSessionDuration: 'iamRoleMaxSessionDuration',
    Description: 'description',
    Tags: 'tags',
  },
  // A permissions boundary would limit what the role may do; the lab's IAM evaluation ignores boundaries.
  refused: ['PermissionsBoundary'],
};

/** The role provider. */
export function iamRoleProvider(registry: IamState): ResourceProvider {
  const put = (roleName: string, properties: Readonly<Record<string, unknown>>) => {
    const path = typeof properties.Path === 'string' ? properties.Path : '/';
    const arn = roleArn(roleName, path);
    registry.putRole({
      roleName,
      arn,
      managedPolicyArns: (properties.ManagedPolicyArns ?? []) as string[],
      inlinePolicies: ((properties.Policies ?? []) as { PolicyName: string; PolicyDocument: PolicyDocument }[]).map(
        (policy) => ({ name: policy.PolicyName, document: policy.PolicyDocument }),
      ),
    });
    return { physicalId: roleName, attributes: { Arn: arn, RoleId: `AROALAB${roleName.length}${roleName.slice(-8)}` } };
  };
  return {
    type: 'AWS::IAM::Role',
    properties: IAM_ROLE_PROPERTIES,
    create: async ({ stackName, logicalId, properties }) =>
      put(
        typeof properties.RoleName === 'string'
          ? properties.RoleName
          : generatedName({ stackName, logicalId, maxLength: 64 }),
        properties,
      ),
    update: async ({ properties, previous }) => put(previous.physicalId, properties),
    delete: async ({ resource }) => registry.deleteRole(resource.physicalId),
    requiresReplacement: (previous, next) => changedAny(['RoleName', 'Path'], previous, next),
  };
}
