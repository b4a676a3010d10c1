/**
 * Authorizes a function's AWS calls as AWS does, with @cloud-copilot/iam-simulate: the role's
 * identity policies and the target's resource policy (same account: allowed when either allows
 * and nothing denies). Results are cached per registry version, role, action and resource,
 * because this runs on every SDK call.
 *
 * An AWS service acting for a resource (CloudWatch publishing an alarm's notification to SNS)
 * is authorized by the target's resource policy alone ({@link IamEvaluator.evaluateService}),
 * with the request context AWS gives it: `aws:SourceArn`, `aws:SourceAccount` and
 * `aws:SecureTransport` (service-to-service calls use TLS).
 *
 * Condition keys the lab supplies: `aws:SecureTransport` is `true` (the lab's endpoints are
 * plain HTTP on loopback, but they stand for the HTTPS endpoints the SDK always uses inside
 * Lambda), `aws:PrincipalArn`, `aws:PrincipalAccount`, `aws:RequestedRegion`, `aws:userid`,
 * `aws:CurrentTime`, `aws:EpochTime`. Any other key is absent, as AWS treats a key the request
 * does not carry: `...IfExists` operators match, the others do not.
 */
import { runSimulation } from '@cloud-copilot/iam-simulate';
import type { IamRequest } from './call-authorization';
import type { IamState } from './iam-state';
import type { PolicyDocument } from './policy-document';

/** The outcome of one authorization. */
export type Decision = 'Allowed' | 'ExplicitlyDenied' | 'ImplicitlyDenied';

/** Who calls: a Lambda function's session on its execution role. */
export interface CallerIdentity {
  readonly roleArn: string;
  /** The session name: Lambda uses the function's name. */
  readonly sessionName: string;
}

/** Whether a secure-transport request is assumed (see the module comment). */
export const LAB_SECURE_TRANSPORT = true;

/** An AWS service principal acting for one of the account's resources. */
export interface ServiceRequest extends IamRequest {
  /** `cloudwatch.amazonaws.com`, `sns.amazonaws.com`, … */
  readonly servicePrincipal: string;
  /** The resource the service acts for (`aws:SourceArn`), e.g. the alarm's ARN. */
  readonly sourceArn: string;
  /** Its account (`aws:SourceAccount`). */
  readonly sourceAccount: string;
  /**
   * The policy the service applies when the target has none of its own (SNS's default topic
   * policy); undefined: without a resource policy nothing allows a service principal.
   */
  readonly defaultResourcePolicy?: PolicyDocument;
  /** Whether the call uses TLS (default true, as AWS's service-to-service calls do). */
  readonly secureTransport?: boolean;
}

/** Evaluates IAM requests against an {@link IamState}. */
export class IamEvaluator {
  private readonly cache = new Map<string, Promise<Decision>>();
  private cachedVersion = -1;

  constructor(
    private readonly registry: IamState,
    private readonly target: { readonly accountId: string; readonly region: string },
  ) {}

  /** The decision for `caller` doing `request`. */
  evaluate(caller: CallerIdentity, request: IamRequest, secureTransport = LAB_SECURE_TRANSPORT): Promise<Decision> {
    this.registry.applyDue();
    if (this.cachedVersion !== this.registry.version) {
      this.cache.clear();
      this.cachedVersion = this.registry.version;
    }
    const key = `${caller.roleArn}|${request.action}|${request.resource}|${secureTransport}`;
    let decision = this.cache.get(key);
    if (decision === undefined) {
      decision = this.simulate(caller, request, secureTransport);
      this.cache.set(key, decision);
    }
    return decision;
  }

  /**
   * The decision for an AWS service principal: the target's resource policy (or the service's
   * default one when the target has none) must allow it, and nothing may deny it. Not cached:
   * alarm actions are rare.
   */
  async evaluateService(request: ServiceRequest): Promise<Decision> {
    const resourcePolicy = this.registry.resourcePolicy(request.resource) ?? request.defaultResourcePolicy;
    if (resourcePolicy === undefined) return 'ImplicitlyDenied';
    const now = new Date();
    const response = await runSimulation(
      {
        identityPolicies: [],
        serviceControlPolicies: [],
        resourceControlPolicies: [],
        resourcePolicy,
        request: {
          action: request.action,
          principal: request.servicePrincipal,
          resource: { accountId: this.target.accountId, resource: request.resource },
          contextVariables: {
            'aws:SecureTransport': String(request.secureTransport ?? true),
            'aws:SourceArn': request.sourceArn,
            'aws:SourceAccount': request.sourceAccount,
            // SNS's default topic policy names the owner with its legacy key.
            'aws:SourceOwner': request.sourceAccount,
            'aws:RequestedRegion': this.target.region,
            'aws:CurrentTime': now.toISOString(),
            'aws:EpochTime': String(Math.floor(now.getTime() / 1000)),
          },
        },
      } as Parameters<typeof runSimulation>[0],
      {},
    );
    if (response.resultType === 'error') return 'ImplicitlyDenied';
    return response.overallResult as Decision;
  }

  private async simulate(caller: CallerIdentity, request: IamRequest, secureTransport: boolean): Promise<Decision> {
    const role = this.registry.roleByArn(caller.roleArn);
    if (role === undefined) return 'ImplicitlyDenied';
    const principal = `arn:aws:sts::${this.target.accountId}:assumed-role/${role.roleName}/${caller.sessionName}`;
    const resourcePolicy = request.resource === '*' ? undefined : this.registry.resourcePolicy(request.resource);
    const now = new Date();
    const response = await runSimulation(
      {
        identityPolicies: this.registry
          .identityPolicies(role.roleName)
          .map(({ name, document }) => ({ name, policy: document })),
        serviceControlPolicies: [],
        resourceControlPolicies: [],
        ...(resourcePolicy === undefined ? {} : { resourcePolicy }),
        request: {
          action: request.action,
          principal,
          resource: { accountId: this.target.accountId, resource: request.resource },
          contextVariables: {
            'aws:SecureTransport': String(secureTransport),
            'aws:PrincipalArn': role.arn,
            'aws:PrincipalAccount': this.target.accountId,
            'aws:RequestedRegion': this.target.region,
            'aws:userid': `AROALAB${role.roleName.length}:${caller.sessionName}`,
            'aws:CurrentTime': now.toISOString(),
            'aws:EpochTime': String(Math.floor(now.getTime() / 1000)),
          },
        },
      } as Parameters<typeof runSimulation>[0],
      {},
    );
    if (response.resultType === 'error') return 'ImplicitlyDenied';
    return response.overallResult as Decision;
  }
}
