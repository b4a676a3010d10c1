/**
 * Turns the measured request counts into dollars per million messages for the two
 * pipelines, the project's way and the tutorial's way, plus the heartbeat per minute of work.
 */
import { BATCH_PARTIAL } from '../../lib/settings';
import {
  type CostLine,
  costLine,
  DURATION_MODEL,
  idleMappingCostPerMonth,
  type MessageProfile,
  sqsRequestsIn,
} from '../../cost/message-cost';
import type { PriceTable } from '../../cost/prices';
import type { GuardRequestsResult } from './guard-requests';
import { readsIn, writesIn } from './guard-requests';
import type { HeartbeatRequestsResult } from './heartbeat-requests';
import type { PipelineRequestsResult } from './pipeline-requests';
import type { ProducerRequestsRow } from './producer-requests';

/** The estimate, with what it assumed. */
export interface CostResult {
  readonly pricesDate: string;
  readonly durationModel: typeof DURATION_MODEL;
  readonly lines: readonly CostLine[];
  /** SQS requests the heartbeat adds per message per minute of work, in dollars per million messages. */
  readonly heartbeatPerMinute: readonly {
    readonly scenario: string;
    readonly project: number;
    readonly naive: number;
  }[];
  /** Lambda compute of one minute of work per message, for scale (dollars per million messages). */
  readonly lambdaMinutePerMillionMessages: number;
  readonly idleMapping: { readonly pollers: number; readonly requestsPerMonth: number; readonly usdPerMonth: number };
  readonly assumptions: readonly string[];
}

/** Everything the estimate reads. */
export interface CostInputs {
  readonly producer: readonly ProducerRequestsRow[];
  readonly heartbeat: HeartbeatRequestsResult;
  readonly guard: GuardRequestsResult;
  readonly pipeline: PipelineRequestsResult;
}

/** Eventually consistent reads cost half a read request unit (items under 4 KB). */
const EVENTUALLY_CONSISTENT_READ_UNITS = 0.5;
/** The project's guard reads only with ConsistentRead (and, on AWS, not at all). */
const CONSISTENT_READ_UNITS = 1;

/** Builds every cost line from the measurements. */
export function estimateCosts(inputs: CostInputs, prices: PriceTable): CostResult {
  const { batch, guard: guarded } = inputs.pipeline;
  const lines: CostLine[] = [];

  // Step 8: POST {count: 100} → producer → queue → batch worker (batch 10).
  const perProducerCall = 1 / batch.producerInvocationsPerMessage;
  const step8Producer = (sendsPerMessage: number) => ({
    functionId: 'Producer',
    invocationsPerMessage: batch.producerInvocationsPerMessage,
    sequentialRequestsPerInvocation: sendsPerMessage * perProducerCall,
  });
  const step8Worker = {
    functionId: 'Worker',
    invocationsPerMessage: batch.workerInvocationsPerMessage,
    sequentialRequestsPerInvocation: 0,
  };
  const projectSends = sqsRequestsIn(batch.producer);
  const naiveSends =
    inputs.producer.find((row) => row.messages === BATCH_PARTIAL.maxCount)?.naiveRequestsPerMessage ?? 1;
  const step8 = (sends: number): MessageProfile => ({
    apiRequests: batch.producerInvocationsPerMessage,
    sqsRequests: sends + sqsRequestsIn(batch.mapping, batch.worker),
    dynamodbWriteUnits: 0,
    dynamodbReadUnits: 0,
    invocations: [step8Producer(sends), step8Worker],
  });
  const step8Name = `Step 8: POST count ${Math.round(perProducerCall)} → batch worker (batch ${BATCH_PARTIAL.defaultBatchSize})`;
  lines.push(costLine(step8Name, 'project', step8(projectSends), prices));
  lines.push(costLine(step8Name, 'naive', step8(naiveSends), prices));

  // Step 7: POST one job → producer → queue → guarded worker (batch 1), sleep 0.
  const step7 = (writes: number, readUnits: number, workerRequests: number): MessageProfile => ({
    apiRequests: guarded.producerInvocationsPerMessage,
    sqsRequests: sqsRequestsIn(guarded.producer, guarded.mapping, guarded.worker),
    dynamodbWriteUnits: writes,
    dynamodbReadUnits: readUnits,
    invocations: [
      {
        functionId: 'Producer',
        invocationsPerMessage: guarded.producerInvocationsPerMessage,
        sequentialRequestsPerInvocation: sqsRequestsIn(guarded.producer) / guarded.producerInvocationsPerMessage,
      },
      {
        functionId: 'Worker',
        invocationsPerMessage: guarded.workerInvocationsPerMessage,
        sequentialRequestsPerInvocation: workerRequests / guarded.workerInvocationsPerMessage,
      },
    ],
  });
  const projectWrites = writesIn(guarded.worker);
  const projectReads = readsIn(guarded.worker);
  const naiveFirst = inputs.guard.aws.naive['first-delivery'];
  const step7Name = 'Step 7: POST one job → guarded worker (batch 1, sleep 0)';
  lines.push(
    costLine(
      step7Name,
      'project',
      step7(
        projectWrites,
        projectReads * CONSISTENT_READ_UNITS,
        projectWrites + projectReads + sqsRequestsIn(guarded.worker),
      ),
      prices,
    ),
  );
  lines.push(
    costLine(
      step7Name,
      'naive',
      step7(
        naiveFirst.writes,
        naiveFirst.reads * EVENTUALLY_CONSISTENT_READ_UNITS,
        naiveFirst.writes + naiveFirst.reads + sqsRequestsIn(guarded.worker),
      ),
      prices,
    ),
  );

  // One extra delivery of an already completed message (a Step 7 duplicate): receive, invoke, guard, delete.
  const duplicate = (writes: number, readUnits: number, requests: number): MessageProfile => ({
    apiRequests: 0,
    sqsRequests: sqsRequestsIn(guarded.mapping),
    dynamodbWriteUnits: writes,
    dynamodbReadUnits: readUnits,
    invocations: [{ functionId: 'Worker', invocationsPerMessage: 1, sequentialRequestsPerInvocation: requests }],
  });
  const projectDuplicate = inputs.guard.aws.project['duplicate-after-completion'];
  const naiveDuplicate = inputs.guard.aws.naive['duplicate-after-completion'];
  const duplicateName = 'Step 7: a duplicate delivery of a completed message';
  lines.push(
    costLine(
      duplicateName,
      'project',
      duplicate(
        projectDuplicate.writes,
        projectDuplicate.reads * CONSISTENT_READ_UNITS,
        projectDuplicate.writes + projectDuplicate.reads,
      ),
      prices,
    ),
  );
  lines.push(
    costLine(
      duplicateName,
      'naive',
      duplicate(
        naiveDuplicate.writes,
        naiveDuplicate.reads * EVENTUALLY_CONSISTENT_READ_UNITS,
        naiveDuplicate.writes + naiveDuplicate.reads,
      ),
      prices,
    ),
  );

  // Heartbeat: one request per tick for all of an invocation's messages vs one per message.
  const ticks = inputs.heartbeat.nominalTicksPerMinute;
  const perMillion = (requestsPerMessage: number): number =>
    requestsPerMessage * prices.sqsStandardRequest.usd * 1_000_000;
  const batchMessages = inputs.heartbeat.batch.project.messages;
  const heartbeatPerMinute = [
    { scenario: 'Heartbeat, 1 message per invocation', project: perMillion(ticks), naive: perMillion(ticks) },
    {
      scenario: `Heartbeat, batch of ${batchMessages}`,
      project: perMillion((ticks * Math.ceil(batchMessages / 10)) / batchMessages),
      naive: perMillion(ticks),
    },
  ];
  const memoryGb = DURATION_MODEL.memoryMb / 1024;
  const idle = idleMappingCostPerMonth(5, prices);
  return {
    pricesDate: prices.date,
    durationModel: DURATION_MODEL,
    lines,
    heartbeatPerMinute,
    lambdaMinutePerMillionMessages: 60 * memoryGb * prices.lambdaGbSecondX86.usd * 1_000_000,
    idleMapping: { pollers: 5, requestsPerMonth: idle.requests, usdPerMonth: idle.usd },
    assumptions: [
      `Prices: us-east-1 on-demand as of ${prices.date} (cost/prices.ts), free tiers ignored.`,
      `Lambda duration is modelled, not measured: ${DURATION_MODEL.baseMs} ms per invocation plus ${DURATION_MODEL.perAwsRequestMs} ms per AWS request made one after the other, at ${DURATION_MODEL.memoryMb} MB (lib/settings.ts), x86_64, billed per 1 ms.`,
      `Request counts per message are the ones measured on the lab in this run (producer, event source mapping, worker), so a partly filled batch counts as it happened. ReceiveMessage includes the lab's empty receives (fauxqs answers every waiting long poll when a message arrives, SQS does not): ${batch.nonEmptyReceivesPerMessage.toFixed(2)} of ${(batch.mapping['SQS.ReceiveMessage'] ?? 0).toFixed(2)} receives per message brought messages on the batch path, so the SQS figures lean high.`,
      'The naive Step 8 producer sends one SendMessage per message; the naive Step 7 guard reads with an eventually consistent GetItem (0.5 read units) and writes once.',
      'DynamoDB items are under 1 KB (one write unit per write); a refused conditional write is billed one write unit.',
      `Step 7 sends one job per POST, so API Gateway (REST) and the producer invocation dominate; Step 8 sends ${Math.round(perProducerCall)} per POST.`,
      `Every counted ReceiveMessage is billed, including empty ones; an idle mapping still long-polls (≈${Math.round(idle.requests / 1000)} k requests, $${idle.usd.toFixed(2)} a month with 5 pollers).`,
      `Not counted: CloudWatch Logs ingestion (each worker logs one line per message), data transfer, the DLQ.`,
      `For scale: one minute of work per message costs $${(60 * memoryGb * prices.lambdaGbSecondX86.usd * 1_000_000).toFixed(0)} per million messages in Lambda compute alone.`,
    ],
  };
}
