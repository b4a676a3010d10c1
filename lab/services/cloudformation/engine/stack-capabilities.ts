/**
 * The capabilities a template needs before CloudFormation deploys it: IAM resources need
 * `CAPABILITY_IAM`, IAM resources with custom names `CAPABILITY_NAMED_IAM`, and without them
 * CreateChangeSet answers `InsufficientCapabilitiesException` "Requires capabilities :
 * [CAPABILITY_IAM]" (https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_CreateChangeSet.html,
 * Capabilities; the message as AWS writes it in aws/serverless-application-model#51 and
 * envato/stack_master#138).
 */
import { InsufficientCapabilitiesError } from '../errors';
import type { Template } from './template';

/** The IAM types that need a capability, and the property that gives each a custom name. */
const IAM_TYPES: Readonly<Record<string, string | undefined>> = {
  'AWS::IAM::AccessKey': undefined,
  'AWS::IAM::Group': 'GroupName',
  'AWS::IAM::InstanceProfile': 'InstanceProfileName',
  'AWS::IAM::ManagedPolicy': 'ManagedPolicyName',
  'AWS::IAM::Policy': undefined,
  'AWS::IAM::Role': 'RoleName',
  'AWS::IAM::User': 'UserName',
  'AWS::IAM::UserToGroupAddition': undefined,
};

/** The capability the template needs (`CAPABILITY_NAMED_IAM` over `CAPABILITY_IAM`), or undefined. */
export function requiredCapability(template: Template): 'CAPABILITY_IAM' | 'CAPABILITY_NAMED_IAM' | undefined {
  let needed: 'CAPABILITY_IAM' | 'CAPABILITY_NAMED_IAM' | undefined;
  for (const resource of Object.values(template.Resources)) {
    if (!(resource.Type in IAM_TYPES)) continue;
    const nameProperty = IAM_TYPES[resource.Type];
    if (nameProperty !== undefined && resource.Properties?.[nameProperty] !== undefined) return 'CAPABILITY_NAMED_IAM';
    needed = 'CAPABILITY_IAM';
  }
  return needed;
}

/** Refuses the template if `capabilities` lacks what it needs (`CAPABILITY_NAMED_IAM` covers both). */
export function checkCapabilities(template: Template, capabilities: readonly string[]): void {
  const needed = requiredCapability(template);
  if (needed === undefined) return;
  const covered =
    capabilities.includes('CAPABILITY_NAMED_IAM') ||
    (needed === 'CAPABILITY_IAM' && capabilities.includes('CAPABILITY_IAM'));
  if (!covered) throw new InsufficientCapabilitiesError(`Requires capabilities : [${needed}]`);
}
