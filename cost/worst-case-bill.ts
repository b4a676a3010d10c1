/**
 * What a month at the stage throttle's full rate can cost, per stack: the honest answer to "a
 * stranger found the URL". Throttling and `MaximumConcurrency` bound *rates*; the bill is rate ×
 * time. Prices from cost/prices.ts, counts from lib/settings.ts, so a change to either changes
 * the figure the README shows (test/docs checks that it matches).
 *
 * The model, per stack, for the most expensive request body the producer accepts:
 * - API Gateway: every request the throttle lets through (AWS's answers on re:Post say throttled
 *   ones are not billed: https://repost.aws/questions/QU5y4fo-e3RWyU5r4VmyPIzA).
 * - The producer: one invocation per request, billed by the duration model
 *   (cost/duration-model.ts: 5 ms plus 10 ms per AWS request made one after the other).
 * - SQS and DynamoDB: the requests that body causes when every message is handled as designed,
 *   in full batches: sends, receives (one per batch and per receive of a message), deletes, the
 *   guard's writes, redeliveries of messages that fail.
 * - The workers: one invocation per batch. Step 7's duration at its hard cap, because a request
 *   can ask for 25 s of work (`{"sleep":25}` at one request a second keeps 25 workers busy): every
 *   one of the mapping's `MAPPING_MAX_CONCURRENCY` invocations running all month, and the
 *   heartbeat at its cap too (one ChangeMessageVisibility per interval per running worker).
 *   Step 8's worker does no waiting a request can ask for, so its duration follows the duration
 *   model, within the same cap.
 * Counting Step 7's duration and heartbeats at their caps *and* every message at the full rate
 * overstates a little (long jobs cannot also be fast ones); the figure is an upper bound under
 * these assumptions.
 * - CloudWatch Logs: the bytes one request makes the stack's functions and Lambda's platform write
 *   (cost/log-volume.ts, measured on the lab), at the ingestion price. For Step 8's body it is the
 *   largest line of the whole bill.
 * - Dashboards: one per stack in every region deployed to, and dashboards are the account's: the
 *   first 3 are free, each further one is a month's price. One region makes 2; two make 4.
 * Not counted: data transfer, log storage, the free tiers (but the 3 free dashboards).
 */
import { billedGbSecondsPerInvocation } from './duration-model';
import { LOG_BYTES_PER_REQUEST } from './log-volume';
import { PRICES, type PriceTable } from './prices';
import {
  API_THROTTLING,
  BATCH_PARTIAL,
  heartbeatTimingFor,
  LAMBDA_MEMORY_MB,
  MAPPING_MAX_CONCURRENCY,
  VISIBILITY_DUP,
} from '../lib/settings';

/** Entries of one SendMessageBatch / DeleteMessageBatch (SQS's limit). */
const SQS_BATCH_ENTRIES = 10;

/** One line of a stack's bill. */
export interface BillLine {
  readonly service: 'API Gateway' | 'Lambda requests' | 'Lambda duration' | 'SQS' | 'DynamoDB' | 'CloudWatch Logs';
  /** Billed units in the month (requests, GB-seconds, write units). */
  readonly quantity: number;
  readonly usd: number;
}

/** One stack's month. */
export interface StackBill {
  readonly stackName: 'VisibilityDupStack' | 'BatchPartialStack';
  /** The request body the figure assumes, every time. */
  readonly body: string;
  readonly lines: readonly BillLine[];
  readonly totalUsd: number;
}

/** Both stacks' month at one request rate. */
export interface WorstCaseBill {
  readonly requestsPerSecond: number;
  readonly days: number;
  /** Requests per stack in the month. */
  readonly requestsPerStack: number;
  readonly stacks: readonly StackBill[];
  /** The stacks' dashboards in every region: the account's first 3 are free. */
  readonly dashboards: {
    readonly regions: number;
    readonly count: number;
    readonly billed: number;
    readonly usd: number;
  };
  /** Both stacks in every region, and the dashboards. */
  readonly totalUsd: number;
  readonly pricesDate: string;
}

/** Dashboards an account has free ("CloudWatch pricing": 3 custom dashboards). */
export const FREE_DASHBOARDS = 3;

/** Dashboards one region's deploy makes: one per stack (lib/constructs/stack-dashboard.ts). */
export const DASHBOARDS_PER_REGION = 2;

/** Billable units one request causes, besides the capped worker duration and heartbeat. */
interface RequestProfile {
  readonly body: string;
  readonly producerSequentialRequests: number;
  readonly sqsRequests: number;
  readonly workerInvocations: number;
  /** AWS requests one worker invocation makes one after the other (for its modelled duration). */
  readonly workerSequentialRequests: number;
  /** True when a request can make the worker wait (a `sleep`): its duration is then taken at the cap. */
  readonly workerWaitsOnRequest: boolean;
  readonly dynamodbWriteUnits: number;
  /** Bytes the request's invocations write to CloudWatch Logs (cost/log-volume.ts). */
  readonly logBytes: number;
}

/** Step 7: one job sent twice (two messages), no sleep, so every message is handled at the full rate. */
function visibilityDupProfile(): RequestProfile {
  const messages = 2;
  const batches = messages / VISIBILITY_DUP.workerBatchSize;
  return {
    body: '{"id":"<new each time>","sleep":0,"sendTwice":true}',
    producerSequentialRequests: messages,
    // Two SendMessage; per batch one ReceiveMessage and one DeleteMessage(Batch).
    sqsRequests: messages + 2 * batches,
    workerInvocations: batches,
    workerSequentialRequests: 2,
    workerWaitsOnRequest: true,
    // The guard's claim and its completion, per message (a duplicate of a completed one costs one).
    dynamodbWriteUnits: 2 * messages,
    logBytes: LOG_BYTES_PER_REQUEST.VisibilityDupStack,
  };
}

/** Step 8: `count` messages with every `failEvery`-th failing until the DLQ takes it. */
function batchPartialProfile(failEvery: number): RequestProfile {
  const count = BATCH_PARTIAL.maxCount;
  const batchSize = BATCH_PARTIAL.defaultBatchSize;
  const fails = (index: number): boolean => failEvery > 0 && index % failEvery === 0;
  const indexes = Array.from({ length: count }, (_, offset) => offset + 1);
  const failing = indexes.filter(fails).length;
  const firstBatches: number[][] = [];
  for (let start = 0; start < count; start += batchSize) firstBatches.push(indexes.slice(start, start + batchSize));
  // A failed message is received again until maxReceiveCount, then moved to the DLQ; only batches with a success delete.
  const retryBatches = (BATCH_PARTIAL.maxReceiveCount - 1) * Math.ceil(failing / batchSize);
  const receives = firstBatches.length + retryBatches;
  const deletes = firstBatches.filter((batch) => batch.some((index) => !fails(index))).length;
  const sends = Math.ceil(count / SQS_BATCH_ENTRIES);
  return {
    body: `{"count":${count},"failEvery":${failEvery}}`,
    producerSequentialRequests: sends,
    sqsRequests: sends + receives + deletes,
    workerInvocations: receives,
    // The mapping deletes; the worker itself calls nothing.
    workerSequentialRequests: 0,
    workerWaitsOnRequest: false,
    dynamodbWriteUnits: 0,
    // Measured for the bill's body, every 2nd failing; other bodies log less (fewer messages, fewer retries).
    logBytes: LOG_BYTES_PER_REQUEST.BatchPartialStack,
  };
}

function stackBill(
  stackName: StackBill['stackName'],
  profile: RequestProfile,
  requests: number,
  seconds: number,
  prices: PriceTable,
  heartbeatIntervalMs: number | undefined,
): StackBill {
  const workerCapGbSeconds = MAPPING_MAX_CONCURRENCY * (LAMBDA_MEMORY_MB / 1024) * seconds;
  const workerModelGbSeconds =
    requests * profile.workerInvocations * billedGbSecondsPerInvocation(profile.workerSequentialRequests);
  const workerGbSeconds = profile.workerWaitsOnRequest
    ? workerCapGbSeconds
    : Math.min(workerCapGbSeconds, workerModelGbSeconds);
  const heartbeats =
    heartbeatIntervalMs === undefined ? 0 : (MAPPING_MAX_CONCURRENCY * seconds * 1000) / heartbeatIntervalMs;
  const invocations = requests * (1 + profile.workerInvocations);
  const gbSeconds = requests * billedGbSecondsPerInvocation(profile.producerSequentialRequests) + workerGbSeconds;
  const sqsRequests = requests * profile.sqsRequests + heartbeats;
  const writeUnits = requests * profile.dynamodbWriteUnits;
  const logGb = (requests * profile.logBytes) / 1024 ** 3;
  const lines: BillLine[] = [
    { service: 'API Gateway', quantity: requests, usd: requests * prices.apiGatewayRestRequest.usd },
    { service: 'Lambda requests', quantity: invocations, usd: invocations * prices.lambdaRequest.usd },
    { service: 'Lambda duration', quantity: gbSeconds, usd: gbSeconds * prices.lambdaGbSecondX86.usd },
    { service: 'SQS', quantity: sqsRequests, usd: sqsRequests * prices.sqsStandardRequest.usd },
    { service: 'DynamoDB', quantity: writeUnits, usd: writeUnits * prices.dynamodbWriteRequestUnit.usd },
    { service: 'CloudWatch Logs', quantity: logGb, usd: logGb * prices.logsIngestionGb.usd },
  ];
  return { stackName, body: profile.body, lines, totalUsd: lines.reduce((sum, line) => sum + line.usd, 0) };
}

/** Dollars of one request's profile, to pick the most expensive body. */
function perRequestUsd(profile: RequestProfile, prices: PriceTable): number {
  return (
    (billedGbSecondsPerInvocation(profile.producerSequentialRequests) +
      profile.workerInvocations * billedGbSecondsPerInvocation(profile.workerSequentialRequests)) *
      prices.lambdaGbSecondX86.usd +
    (1 + profile.workerInvocations) * prices.lambdaRequest.usd +
    profile.sqsRequests * prices.sqsStandardRequest.usd +
    profile.dynamodbWriteUnits * prices.dynamodbWriteRequestUnit.usd +
    (profile.logBytes / 1024 ** 3) * prices.logsIngestionGb.usd
  );
}

/**
 * The month's bill of both stacks when each stage receives `requestsPerSecond` (default: the
 * throttle's rate) for `days` (default 30), every request the most expensive body.
 */
export function worstCaseMonthlyBill(
  options: {
    readonly requestsPerSecond?: number;
    readonly days?: number;
    readonly prices?: PriceTable;
    /** Regions the stacks are deployed to (default 1): each has its own stacks and dashboards. */
    readonly regions?: number;
  } = {},
): WorstCaseBill {
  const requestsPerSecond = options.requestsPerSecond ?? API_THROTTLING.rateLimitPerSecond;
  const days = options.days ?? 30;
  const prices = options.prices ?? PRICES;
  const seconds = days * 24 * 3600;
  const requests = requestsPerSecond * seconds;
  const step8 = Array.from({ length: BATCH_PARTIAL.maxCount + 1 }, (_, failEvery) => batchPartialProfile(failEvery))
    .map((profile) => ({ profile, usd: perRequestUsd(profile, prices) }))
    .reduce((worst, candidate) => (candidate.usd > worst.usd ? candidate : worst)).profile;
  const stacks = [
    stackBill(
      'VisibilityDupStack',
      visibilityDupProfile(),
      requests,
      seconds,
      prices,
      heartbeatTimingFor(VISIBILITY_DUP.queueVisibilityTimeoutSeconds).intervalMs,
    ),
    stackBill('BatchPartialStack', step8, requests, seconds, prices, undefined),
  ];
  const regions = options.regions ?? 1;
  const count = DASHBOARDS_PER_REGION * regions;
  const billed = Math.max(0, count - FREE_DASHBOARDS);
  const dashboards = { regions, count, billed, usd: billed * prices.dashboardMonth.usd * (days / 30) };
  return {
    requestsPerSecond,
    days,
    requestsPerStack: requests,
    stacks,
    dashboards,
    totalUsd: regions * stacks.reduce((sum, stack) => sum + stack.totalUsd, 0) + dashboards.usd,
    pricesDate: prices.date,
  };
}
