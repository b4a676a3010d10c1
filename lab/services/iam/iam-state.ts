/**
 * The lab's IAM: roles with their managed and inline policies, the policies CloudFormation
 * attaches to them (`AWS::IAM::Policy`), and resource policies (`AWS::SQS::QueuePolicy`,
 * `AWS::SNS::TopicPolicy`). The resource providers write it; the {@link IamEvaluator} reads it
 * on every call a function makes.
 *
 * IAM is eventually consistent ("the change must be replicated across IAM, which can take some
 * time. Such changes include creating or updating users, groups, roles, or policies", IAM user
 * guide): with a grant delay, a role's new or changed policies take effect only after it, and
 * the old ones (or none) hold until then. Deletions take effect at once.
 */
import { LAB_ACCOUNT_ID } from '../../common/local-aws';
import { UnknownManagedPolicyError } from './errors';
import { managedPolicyDocument } from './managed-policies';
import type { PolicyDocument } from './policy-document';

/** A role as the registry keeps it. */
export interface LabRole {
  readonly roleName: string;
  readonly arn: string;
  readonly managedPolicyArns: readonly string[];
  /** Inline policies of the role itself (`Policies` of AWS::IAM::Role). */
  readonly inlinePolicies: readonly { readonly name: string; readonly document: PolicyDocument }[];
}

/** Settings of an {@link IamState}. */
export interface IamStateOptions {
  /** The propagation delay of the n-th grant (a role's policies, an attached policy), in ms; default 0. */
  readonly grantDelayMs?: (grantNumber: number) => number;
}

/** A grant written but not yet in effect. */
interface PendingGrant {
  readonly roles: readonly string[];
  readonly effectiveAt: number;
  readonly apply: () => void;
}

/** Roles, attached policies and resource policies; `version` changes with every write that takes effect. */
export class IamState {
  private readonly roles = new Map<string, LabRole>();
  /** The managed and inline policies of each role that are in effect. */
  private readonly roleGrants = new Map<string, Pick<LabRole, 'managedPolicyArns' | 'inlinePolicies'>>();
  private readonly attached = new Map<string, { roles: readonly string[]; document: PolicyDocument }>();
  private readonly resourcePolicies = new Map<string, Map<string, PolicyDocument>>();
  private readonly pending = new Map<string, PendingGrant>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private grants = 0;
  /** Bumped on every change that takes effect, so evaluations can be cached per version. */
  version = 0;

  /**
   * @param versionCell an Int32 shared with the functions' worker threads: every change is
   * stored there too, so a worker's cache of allowed calls drops at once (no message needed).
   */
  constructor(
    private readonly versionCell?: Int32Array,
    private readonly options: IamStateOptions = {},
  ) {}

  private changed(): void {
    this.version += 1;
    if (this.versionCell !== undefined) Atomics.store(this.versionCell, 0, this.version);
  }

  /**
   * Runs `apply` (a grant) now, or after the grant delay; a later grant under the same key
   * replaces a pending one.
   */
  private grant(key: string, roles: readonly string[], apply: () => void): void {
    this.grants += 1;
    const delay = this.options.grantDelayMs?.(this.grants) ?? 0;
    if (delay <= 0) {
      this.pending.delete(key);
      apply();
      this.changed();
      return;
    }
    this.pending.set(key, { roles, effectiveAt: Date.now() + delay, apply });
    this.wakeAt(Date.now() + delay);
  }

  /**
   * Applies the grants whose time has come. Readers call it first, so a grant is in force from
   * its `effectiveAt` on whatever the timers do; the timers bump the version at that time for
   * the functions' caches.
   */
  applyDue(now = Date.now()): void {
    let applied = false;
    for (const [key, grant] of this.pending) {
      if (grant.effectiveAt > now) continue;
      this.pending.delete(key);
      grant.apply();
      applied = true;
    }
    if (applied) this.changed();
  }

  /** A timer that applies what is due at `at` (and waits again if it fires a little early). */
  private wakeAt(at: number): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (Date.now() < at) this.wakeAt(at);
        else this.applyDue();
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    this.timers.add(timer);
  }

  /** Adds or replaces a role; its policies take effect after the grant delay. Unknown managed policies are refused. */
  putRole(role: LabRole): void {
    for (const arn of role.managedPolicyArns) managedPolicy(arn);
    this.roles.set(role.roleName, role);
    this.changed();
    const { managedPolicyArns, inlinePolicies } = role;
    this.grant(`role:${role.roleName}`, [role.roleName], () =>
      this.roleGrants.set(role.roleName, { managedPolicyArns, inlinePolicies }),
    );
  }

  deleteRole(roleName: string): void {
    this.roles.delete(roleName);
    this.roleGrants.delete(roleName);
    this.pending.delete(`role:${roleName}`);
    this.changed();
  }

  /** Attaches (or replaces) a named policy on roles, as AWS::IAM::Policy does; in effect after the grant delay. */
  putAttachedPolicy(policyName: string, roles: readonly string[], document: PolicyDocument): void {
    this.grant(`policy:${policyName}`, roles, () => this.attached.set(policyName, { roles, document }));
  }

  deleteAttachedPolicy(policyName: string): void {
    this.attached.delete(policyName);
    this.pending.delete(`policy:${policyName}`);
    this.changed();
  }

  /**
   * `Date.now()` by which every grant written so far for a role is in effect (0: all are).
   * A function created now becomes Active then (see LocalFunction's `activeAt`).
   */
  grantsSettleAt(roleName: string): number {
    this.applyDue();
    let latest = 0;
    for (const grant of this.pending.values()) {
      if (grant.roles.includes(roleName)) latest = Math.max(latest, grant.effectiveAt);
    }
    return latest;
  }

  /** Cancels the grants still pending (the lab stops). */
  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
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

  /** Every identity policy of a role in effect, named. */
  identityPolicies(roleName: string): { name: string; document: PolicyDocument }[] {
    this.applyDue();
    if (!this.roles.has(roleName)) return [];
    const role = this.roleGrants.get(roleName) ?? { managedPolicyArns: [], inlinePolicies: [] };
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

/** An AWS managed policy's document; IAM's NoSuchEntity, in its words, for one AWS does not have. */
function managedPolicy(arn: string): PolicyDocument {
  const document = managedPolicyDocument(arn);
  if (document === undefined) throw new UnknownManagedPolicyError(`Policy ${arn} does not exist or is not attachable.`);
  return document;
}
