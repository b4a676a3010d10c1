/**
 * Cost per million messages, from the request counts the bench measures and the prices in
 * cost/prices.ts: the project's one cost model with the worst-case bill (worst-case-bill.ts),
 * both on the same prices and duration model. Lambda duration is not measurable here, so it is modelled
 * (cost/duration-model.ts); the model is stated in the results.
 */
import { billedGbSecondsPerInvocation } from './duration-model';
import type { PriceTable } from './prices';

export { DURATION_MODEL } from './duration-model';

/** One function's share of a message. */
export interface InvocationProfile {
  readonly functionId: string;
  /** Invocations per message (1/100 for a producer sending 100 per request). */
  readonly invocationsPerMessage: number;
  /** AWS requests one invocation makes one after the other. */
  readonly sequentialRequestsPerInvocation: number;
}

/** Everything one message costs, in billable units. */
export interface MessageProfile {
  readonly apiRequests: number;
  readonly sqsRequests: number;
  readonly dynamodbWriteUnits: number;
  readonly dynamodbReadUnits: number;
  readonly invocations: readonly InvocationProfile[];
}

/** Dollars per million messages, by service. */
export interface CostLine {
  readonly scenario: string;
  readonly variant: 'project' | 'naive';
  readonly profile: MessageProfile;
  readonly sqs: number;
  readonly dynamodb: number;
  readonly lambdaRequests: number;
  readonly lambdaCompute: number;
  readonly apiGateway: number;
  readonly total: number;
}

const MILLION = 1_000_000;

/** Billed GB-seconds per message under the duration model. */
function gbSecondsPerMessage(invocations: readonly InvocationProfile[]): number {
  return invocations.reduce(
    (sum, profile) =>
      sum + profile.invocationsPerMessage * billedGbSecondsPerInvocation(profile.sequentialRequestsPerInvocation),
    0,
  );
}

/** Prices one message profile per million messages. */
export function costLine(
  scenario: string,
  variant: CostLine['variant'],
  profile: MessageProfile,
  prices: PriceTable,
): CostLine {
  const sqs = profile.sqsRequests * prices.sqsStandardRequest.usd * MILLION;
  const dynamodb =
    (profile.dynamodbWriteUnits * prices.dynamodbWriteRequestUnit.usd +
      profile.dynamodbReadUnits * prices.dynamodbReadRequestUnit.usd) *
    MILLION;
  const invocations = profile.invocations.reduce((sum, item) => sum + item.invocationsPerMessage, 0);
  const lambdaRequests = invocations * prices.lambdaRequest.usd * MILLION;
  const lambdaCompute = gbSecondsPerMessage(profile.invocations) * prices.lambdaGbSecondX86.usd * MILLION;
  const apiGateway = profile.apiRequests * prices.apiGatewayRestRequest.usd * MILLION;
  return {
    scenario,
    variant,
    profile,
    sqs,
    dynamodb,
    lambdaRequests,
    lambdaCompute,
    apiGateway,
    total: sqs + dynamodb + lambdaRequests + lambdaCompute + apiGateway,
  };
}

/** All SQS requests in per-message counts. */
export function sqsRequestsIn(...counts: readonly Readonly<Record<string, number>>[]): number {
  return counts.reduce(
    (sum, calls) =>
      sum +
      Object.entries(calls)
        .filter(([name]) => name.startsWith('SQS.'))
        .reduce((s, [, v]) => s + v, 0),
    0,
  );
}

/**
 * Idle cost of one event source mapping: its pollers long-poll even when the queue is empty
 * (ReceiveMessage with a 20 s wait each), in dollars a month.
 */
export function idleMappingCostPerMonth(
  pollers: number,
  prices: PriceTable,
): { readonly requests: number; readonly usd: number } {
  const requests = pollers * (60 / 20) * 60 * 24 * 30;
  return { requests, usd: requests * prices.sqsStandardRequest.usd };
}
