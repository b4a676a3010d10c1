/**
 * Fault rules for the lab's AWS call interceptor: plain, serialisable data (they cross into
 * each function's worker thread), and the seeded plan that decides, call by call, which
 * rule fires. Pure code: bundled into the lab runtime as well as used by the main thread.
 */
import { seededRandom } from '../common/seeded-random';

/** Where calls are made: a function as `<Stack>/<Function>`, or `lab` for the lab's own clients. */
export type CallSite = string;

/** The call site name of the lab's own clients (event source mapping pollers, provisioning). */
export const LAB_CALL_SITE = 'lab';

/**
 * A condition on the command input, by dot path (`UpdateExpression`, `Entries.0.Id`), so a rule
 * can tell a claim from a completion: `{ path: 'UpdateExpression', contains: 'ADD' }`.
 */
export interface AwsCallMatch {
  readonly path: string;
  /** The value, as text, contains this. */
  readonly contains?: string;
  /** The value, as text, does not contain this (an absent value counts as not containing it). */
  readonly notContains?: string;
  /** The value equals this exactly. */
  readonly equals?: string | number | boolean;
}

/**
 * One fault: for a call to `service`.`operation` (names as in `lab.awsCallCounts()`, `*` for
 * any) that passes `match`, with `probability`, do what the rule says, in this order:
 * wait `delayMs` (a slow dependency: enough to run into the function timeout), then kill
 * the execution environment (`crash`) or fail the call with `error`. A rule with only a
 * delay lets the call go on afterwards.
 *
 * The fault replaces the call: nothing reaches the emulator. In a function, the call's every
 * attempt gets the same answer (the SDK retries a throttling or server error with its own
 * backoff, as against AWS), so the handler sees the error once the SDK's retries are spent; the
 * delay is waited once. An error is answered with status 400 (503 for `ServiceUnavailable`, 500
 * for the internal errors), in the service's wire format.
 */
export interface AwsFaultRule {
  /** `SQS`, `DynamoDB` (the client's `serviceId`), or `*`. */
  readonly service: string;
  /** `ChangeMessageVisibility`, `UpdateItem`, … (the command name without `Command`), or `*`. */
  readonly operation: string;
  /** 0 to 1. */
  readonly probability: number;
  /** The error the call fails with; the service's own exception class when the SDK models it. */
  readonly error?: { readonly name: string; readonly message: string };
  readonly delayMs?: number;
  /** Kill the execution environment at this call: the invocation ends as an error, mid-work. */
  readonly crash?: boolean;
  /** Every condition must hold. */
  readonly match?: AwsCallMatch | readonly AwsCallMatch[];
  /** Call sites the rule applies to; default: every function, never the lab's own clients. */
  readonly where?: readonly CallSite[];
}

/** `startLab({ awsCalls })`: fault rules and the seed their coin flips come from. */
export interface AwsCallsOptions {
  readonly faults?: readonly AwsFaultRule[];
  /** Same seed, same calls in the same order → same faults (per execution environment). */
  readonly seed?: number | string;
}

/** What the interceptor does with one call. */
export interface FaultAction {
  /** Index of the rule that fired. */
  readonly rule: number;
  readonly delayMs: number;
  readonly crash: boolean;
  readonly error: { readonly name: string; readonly message: string } | undefined;
}

/** A fault rule that cannot work; the message says which and why. */
export class FaultRuleError extends Error {
  override readonly name = 'FaultRuleError';
}

/** The default seed when none is given. */
export const DEFAULT_FAULT_SEED = 1;

/** Checks every rule once, up front, so a typo fails `startLab` instead of silently never firing. */
export function validateFaultRules(rules: readonly AwsFaultRule[]): void {
  rules.forEach((rule, index) => {
    const where = `fault rule ${index} (${rule.service}.${rule.operation})`;
    if (
      typeof rule.service !== 'string' ||
      rule.service === '' ||
      typeof rule.operation !== 'string' ||
      rule.operation === ''
    ) {
      throw new FaultRuleError(`${where}: service and operation are required ("*" matches any)`);
    }
    if (rule.operation.endsWith('Command')) {
      throw new FaultRuleError(`${where}: name the operation without "Command", e.g. "UpdateItem"`);
    }
    if (!(rule.probability >= 0 && rule.probability <= 1)) {
      throw new FaultRuleError(`${where}: probability must be between 0 and 1, got ${rule.probability}`);
    }
    if (rule.error === undefined && rule.delayMs === undefined && rule.crash !== true) {
      throw new FaultRuleError(`${where}: give an error, a delayMs or crash: true`);
    }
    if (rule.error !== undefined && rule.crash === true) {
      throw new FaultRuleError(`${where}: a crash ends the environment; it cannot also return an error`);
    }
    if (rule.error !== undefined && (typeof rule.error.name !== 'string' || rule.error.name === '')) {
      throw new FaultRuleError(`${where}: error.name is required, e.g. "ProvisionedThroughputExceededException"`);
    }
    if (rule.delayMs !== undefined && !(Number.isFinite(rule.delayMs) && rule.delayMs >= 0)) {
      throw new FaultRuleError(`${where}: delayMs must be a non-negative number, got ${rule.delayMs}`);
    }
    if (rule.crash === true && rule.where?.includes(LAB_CALL_SITE) === true) {
      throw new FaultRuleError(`${where}: the lab's own clients cannot crash; use an error or a delay there`);
    }
    for (const condition of matchList(rule.match)) {
      if (typeof condition.path !== 'string' || condition.path === '') {
        throw new FaultRuleError(`${where}: every match needs a path into the command input`);
      }
      if (condition.contains === undefined && condition.notContains === undefined && condition.equals === undefined) {
        throw new FaultRuleError(`${where}: match on "${condition.path}" needs contains, notContains or equals`);
      }
    }
  });
}

/** Whether `rule` covers this call (all but the coin flip). */
export function ruleApplies(
  rule: AwsFaultRule,
  site: CallSite,
  service: string,
  operation: string,
  input: unknown,
): boolean {
  const sites = rule.where;
  if (sites === undefined ? site === LAB_CALL_SITE : !sites.includes(site)) return false;
  if (rule.service !== '*' && rule.service !== service) return false;
  if (rule.operation !== '*' && rule.operation !== operation) return false;
  return matchList(rule.match).every((condition) => matches(condition, input));
}

/**
 * The coin flips of one call site (one execution environment, or the lab's clients): each
 * rule that covers a call draws one number from a generator seeded by the lab's seed and the
 * stream's name; the first rule whose number falls below its probability fires.
 */
export class FaultPlan {
  private readonly random: () => number;

  constructor(
    private readonly rules: readonly AwsFaultRule[],
    seed: number | string,
    /** Names the stream, e.g. `VisibilityDupStack/Worker#3` (the third environment of that function). */
    stream: string,
  ) {
    this.random = seededRandom(`${seed}|${stream}`);
  }

  /** The fault for this call, or undefined when it goes through untouched. */
  decide(site: CallSite, service: string, operation: string, input: unknown): FaultAction | undefined {
    for (let index = 0; index < this.rules.length; index += 1) {
      const rule = this.rules[index];
      if (rule === undefined || !ruleApplies(rule, site, service, operation, input)) continue;
      if (this.random() >= rule.probability) continue;
      return { rule: index, delayMs: rule.delayMs ?? 0, crash: rule.crash === true, error: rule.error };
    }
    return undefined;
  }
}

function matchList(match: AwsFaultRule['match']): readonly AwsCallMatch[] {
  if (match === undefined) return [];
  return Array.isArray(match) ? (match as readonly AwsCallMatch[]) : [match as AwsCallMatch];
}

function matches(condition: AwsCallMatch, input: unknown): boolean {
  let value: unknown = input;
  for (const key of condition.path.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  const text = value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);
  if (condition.equals !== undefined && value !== condition.equals) return false;
  if (condition.contains !== undefined && (text === undefined || !text.includes(condition.contains))) return false;
  if (condition.notContains && text?.includes(condition.notContains)) return false;
  return true;
}
