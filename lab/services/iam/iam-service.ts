/**
 * The lab's IAM: the roles and policies the resource providers write (iam-state.ts, IAM's
 * state), the {@link IamEvaluator} that decides each request, and the authorizer a function's
 * environments ask before every AWS call they send: the call's IAM requests (one per action and
 * resource it needs) evaluated for the function's role session, the first refusal answered with
 * the error AWS answers (access-denied.ts).
 */
import { type AccessDeniedDocument, accessDenied } from './access-denied';
import { iamRequestsOf } from './call-authorization';
import { IamEvaluator } from './iam-evaluator';
import { IamState, type IamStateOptions } from './iam-state';

/** One SDK call as a function's environment asks about it. */
export interface AuthorizedCall {
  readonly service: string;
  readonly operation: string;
  readonly input: unknown;
}

/** Authorizes one role session's calls: undefined when allowed, else the error the call fails with. */
export type CallAuthorizer = (call: AuthorizedCall) => Promise<AccessDeniedDocument | undefined>;

/** Roles and policies, their evaluation, and the authorizer of functions' calls, for one account and region. */
export class IamService {
  /**
   * A cell shared with the functions' worker threads: every change to the registry is stored
   * there, so a worker's cache of allowed calls drops at once.
   */
  readonly version = new SharedArrayBuffer(4);
  readonly registry: IamState;
  readonly evaluator: IamEvaluator;

  /** The customer-managed key a resource is encrypted with (the lab's KMS tells it; none until it does). */
  keyOf: (resourceArn: string) => string | undefined = () => undefined;

  constructor(
    private readonly target: { readonly accountId: string; readonly region: string },
    options: IamStateOptions = {},
  ) {
    this.registry = new IamState(new Int32Array(this.version), options);
    this.evaluator = new IamEvaluator(this.registry, target);
  }

  /** Whether the role's session may take `action` on `resource`. */
  async allows(roleArn: string, sessionName: string, action: string, resource: string): Promise<boolean> {
    return (await this.evaluator.evaluate({ roleArn, sessionName }, { action, resource })) === 'Allowed';
  }

  /** The authorizer of the calls one role session (a function, by its name) makes. */
  authorizer(roleArn: string, sessionName: string): CallAuthorizer {
    return async (call) => {
      const role = this.registry.roleByArn(roleArn);
      for (const request of iamRequestsOf(call, this.target, this.keyOf)) {
        const decision = await this.evaluator.evaluate({ roleArn, sessionName }, request);
        if (decision !== 'Allowed')
          return accessDenied(
            call.service,
            { roleArn, sessionName, accountId: this.target.accountId, roleName: role?.roleName ?? roleArn },
            request,
            decision,
          );
      }
      return undefined;
    };
  }

  /** Stops the timers of grants still propagating. */
  dispose(): void {
    this.registry.dispose();
  }
}
