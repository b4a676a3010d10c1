/**
 * The lab's IAM: roles with their managed and inline policies, the policies CloudFormation
 * attaches to them (`AWS::IAM::Policy`), and resource policies (`AWS::SQS::QueuePolicy`). The
 * resource providers write it; the {@link IamEvaluator} reads it on every call a function makes.
 */
import { LAB_ACCOUNT_ID } from '../../common/local-aws';
import { UnknownManagedPolicyError } from './iam-errors';
import { MANAGED_POLICIES } from './managed-policies';
import type { PolicyDocument } from './policy-document';

/** A role as the registry keeps it. */
export interface LabRole {
  readonly roleName: string;
  readonly arn: string;
  readonly managedPolicyArns: readonly string[];
  /** Inline policies of the role itself (`Policies` of AWS::IAM::Role). */
  readonly inlinePolicies: readonly { readonly name: string; readonly document: PolicyDocument }[];
}

/** Roles, attached policies and resource policies; `version` changes with every write. */
export class IamRegistry {
  private readonly roles = new Map<string, LabRole>();
  private readonly attached = new Map<string, { roles: readonly string[]; document: PolicyDocument }>();
  private readonly resourcePolicies = new Map<string, Map<string, PolicyDocument>>();
  /** Bumped on every change, so evaluations can be cached per version. */
  version = 0;

  /**
   * @param versionCell an Int32 shared with the functions' worker threads: every change is
   * stored there too, so a worker's cache of allowed calls drops at once (no message needed).
   */
  constructor(private readonly versionCell?: Int32Array) {}

  private changed(): void {
    this.version += 1;
    if (this.versionCell !== undefined) Atomics.store(this.versionCell, 0, this.version);
  }

  /** Adds or replaces a role. Unknown managed policies are refused. */
  putRole(role: LabRole): void {
    for (const arn of role.managedPolicyArns) managedPolicy(arn);
    this.roles.set(role.roleName, role);
    this.changed();
  }

  deleteRole(roleName: string): void {
    this.roles.delete(roleName);
    this.changed();
  }

  /** Attaches (or replaces) a named policy on roles, as AWS::IAM::Policy does. */
  putAttachedPolicy(policyName: string, roles: readonly string[], document: PolicyDocument): void {
    this.attached.set(policyName, { roles, document });
    this.changed();
  }

  deleteAttachedPolicy(policyName: string): void {
    this.attached.delete(policyName);
    this.changed();
  }

  /** Sets the resource policy one owner (a QueuePolicy's id) gives a resource. */
  putResourcePolicy(resourceArn: string, owner: string, document: PolicyDocument): void {
    const policies = this.resourcePolicies.get(resourceArn) ?? new Map<string, PolicyDocument>();
    policies.set(owner, document);
    this.resourcePolicies.set(resourceArn, policies);
    this.changed();
  }

  deleteResourcePolicy(resourceArn: string, owner: string): void {
    this.resourcePolicies.get(resourceArn)?.delete(owner);
    this.changed();
  }

  /** The role named in an ARN (`arn:aws:iam::<account>:role/<name>`). */
  roleByArn(roleArn: string): LabRole | undefined {
    return this.roles.get(roleArn.slice(roleArn.lastIndexOf('/') + 1));
  }

  /** Every identity policy of a role, named. */
  identityPolicies(roleName: string): { name: string; document: PolicyDocument }[] {
    const role = this.roles.get(roleName);
    if (role === undefined) return [];
    return [
      ...role.managedPolicyArns.map((arn) => ({ name: arn, document: managedPolicy(arn) })),
      ...role.inlinePolicies,
      ...[...this.attached]
        .filter(([, policy]) => policy.roles.includes(roleName))
        .map(([name, policy]) => ({ name, document: policy.document })),
    ];
  }

  /** The resource policy of a resource: every owner's statements in one document, or undefined. */
  resourcePolicy(resourceArn: string): PolicyDocument | undefined {
    const policies = this.resourcePolicies.get(resourceArn);
    if (policies === undefined || policies.size === 0) return undefined;
    return {
      Version: '2012-10-17',
      Statement: [...policies.values()].flatMap((document) => [document.Statement].flat()),
    };
  }
}

/** ARN of a lab role. */
export function roleArn(roleName: string, path = '/'): string {
  return `arn:aws:iam::${LAB_ACCOUNT_ID}:role${path}${roleName}`;
}

function managedPolicy(arn: string): PolicyDocument {
  const name = arn.slice(arn.lastIndexOf('/') + 1);
  const document = MANAGED_POLICIES[name];
  if (document === undefined)
    throw new UnknownManagedPolicyError(
      `the lab has no document for managed policy ${arn}; it knows ${Object.keys(MANAGED_POLICIES).join(', ')}`,
    );
  return document;
}
