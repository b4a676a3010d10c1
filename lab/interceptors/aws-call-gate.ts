/**
 * What the lab does with each HTTP attempt of an SDK call inside an execution environment:
 * count → IAM → faults, decided once per call. The SDK retries a throttled or failed call
 * under the same `amz-sdk-invocation-id`, so the first attempt is counted (one `aws-call` per
 * call, however many attempts), authorized and given its fault, and every later attempt of that
 * call gets the same answer: a faulted call fails on every attempt, and the handler sees the
 * error the rule names once the SDK's own retries are spent, as when AWS throttles a call.
 * A delay is waited once, on the first attempt. Pure code: bundled into the lab runtime.
 */
import type { CallSite, FaultAction, FaultPlan } from './aws-call-faults';
import type { DescribedCall } from './aws-call-interceptor';
import { type AwsErrorDocument, awsErrorResponse, faultStatusCode, type WireResponse } from './aws-error-response';
import type { SdkAttempt } from './aws-wire-call';

/** Let the request go on to the emulator, or answer it with an AWS error. */
export type AttemptVerdict = { readonly kind: 'pass' } | { readonly kind: 'respond'; readonly response: WireResponse };

/** What the gate reports, and how it ends an environment. */
export interface CallGateHooks {
  readonly site: CallSite;
  readonly plan: FaultPlan;
  /** Every call, once, as its first attempt starts, with the fault the plan chose (undefined: none). */
  onCall(call: DescribedCall, fault: FaultAction | undefined): void;
  /** Ends the execution environment at once, before the request leaves; never returns. */
  crash(call: DescribedCall, action: FaultAction): never;
  /**
   * IAM, between counting and faults: the AWS error of a denied call, or undefined when it may
   * go on. Absent: nothing is authorized.
   */
  authorize?(call: DescribedCall): Promise<AwsErrorDocument | undefined>;
}

/** Calls whose verdict is kept for their retries; more than this many calls in flight is not expected. */
const REMEMBERED_CALLS = 512;

const PASS: AttemptVerdict = { kind: 'pass' };

/** A call's decision: go on, or fail every attempt with this error. */
type CallDecision =
  { readonly service: string; readonly protocol: 'query' | 'json'; readonly error: AwsErrorDocument } | undefined;

/** Decides each attempt; one per execution environment (its fault plan is that environment's stream). */
export class AwsCallGate {
  /** Each call's decision by invocation id, kept (as a promise, so a racing attempt waits for it) for its retries. */
  private readonly decisions = new Map<string, Promise<CallDecision>>();

  constructor(private readonly hooks: CallGateHooks) {}

  /** The verdict for one attempt of `call`. */
  async admit(call: DescribedCall, attempt: SdkAttempt): Promise<AttemptVerdict> {
    const id = attempt.invocationId;
    const last = attempt.maxAttempts !== undefined && attempt.attempt >= attempt.maxAttempts;
    let decision = id === undefined ? undefined : this.decisions.get(id);
    if (decision === undefined) {
      decision = this.decide(call);
      if (id !== undefined && !last) this.remember(id, decision);
    } else if (last && id !== undefined) {
      this.decisions.delete(id); // No retry will ask again.
    }
    const outcome = await decision;
    // Each attempt gets its own response (its own request id), as from AWS.
    return outcome === undefined
      ? PASS
      : { kind: 'respond', response: awsErrorResponse(outcome.service, outcome.error, outcome.protocol) };
  }

  private remember(id: string, decision: Promise<CallDecision>): void {
    this.decisions.set(id, decision);
    if (this.decisions.size > REMEMBERED_CALLS) {
      const oldest = this.decisions.keys().next().value;
      if (oldest !== undefined) this.decisions.delete(oldest);
    }
  }

  private async decide(call: DescribedCall): Promise<CallDecision> {
    const { hooks } = this;
    const action = hooks.plan.decide(hooks.site, call.service, call.operation, call.input);
    hooks.onCall(call, action);
    const denied = await hooks.authorize?.(call);
    const protocol = call.protocol ?? 'json';
    if (denied !== undefined) return { service: call.service, protocol, error: denied };
    if (action === undefined) return undefined;
    if (action.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, action.delayMs));
    if (action.crash) hooks.crash(call, action);
    if (action.error === undefined) return undefined;
    return {
      service: call.service,
      protocol,
      error: { ...action.error, httpStatusCode: faultStatusCode(action.error.name) },
    };
  }
}
