/** `AWS::IAM::Role`: a role in the lab's IAM, with its managed and inline policies. */
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';
import type { IamState } from '../iam-state';
import { roleArn } from '../iam-state';
import type { PolicyDocument } from '../policy-document';
import { generatedName } from '../../cloudformation/engine/generated-name';
import { DESCRIPTION_NOTE, TAGS_NOTE } from '../../cloudformation/validation/common-notes';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';

/** What the role provider does with each property of `AWS::IAM::Role`. */
export const IAM_ROLE_PROPERTIES: PropertyCoverage = {
  emulated: ['ManagedPolicyArns', 'Path', 'Policies', 'RoleName'],
  noted: {
    AssumeRolePolicyDocument: {
      en: 'the lab does not check who may assume a role: every function runs with the role its template names (Lambda refuses a role it may not assume)',
      ja: 'ラボはロールを引き受けられる相手を確かめません。各関数はテンプレートが指定するロールで動きます（Lambda は引き受けられないロールを拒みます）',
    },
    MaxSessionDuration: {
      en: 'the lab issues no session credentials, so their longest lifetime changes nothing',
      ja: 'ラボはセッションの認証情報を発行しないため、その最長の有効期間は何も変えません',
    },
    Description: DESCRIPTION_NOTE,
    Tags: TAGS_NOTE,
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
