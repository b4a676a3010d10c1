/**
 * One chaos run: a fresh lab serving one time-scaled stack with a mix's faults, N messages
 * sent straight to its queue, the worker left to cope, and then the books: for every message
 * sent, was its effect applied (how often), or is it in the DLQ, or is it lost?
 */
import {
  type AwsCallCounts,
  type Emulators,
  ESTABLISHED_ACCOUNT_CONCURRENCY,
  type LabStack,
  type MappingCounters,
  seededRandom,
} from '@sqs-lab/lab';
import { type AttributeValue, type DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { ReceiveMessageCommand, SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { queueDepth } from '../stack-reads';
import { startTutorialLab } from '../tutorial-app';
import type { ChaosMix } from './mixes';
import { type WorkerEventCounts, WorkerTally } from './tally';
import { chaosBatchTopology, chaosVisibilityTopology, checkTimeScale } from './topologies';
import { batchWorkload, bodyKey, type ChaosMessage, visibilityWorkload } from './workload';

/** How to run. */
export interface ChaosRunOptions {
  readonly mix: ChaosMix;
  readonly messages: number;
  readonly seed: number;
  /** Step 7 only: `false` sends every job with `idempotency: false`. */
  readonly guard: boolean;
  /** Multiplies every duration of the topology, the jobs and the hang faults (default 1). */
  readonly timeScale?: number;
  /** Concurrent pollers of the worker's mapping (default: 32 for Step 7, 4 for Step 8). */
  readonly pollers?: number;
  /** Share running emulators (tests run several mixes side by side). */
  readonly emulators?: Emulators;
  /** Give up waiting for the queue to drain after this long (default 10 minutes). */
  readonly timeoutMs?: number;
  readonly onProgress?: (progress: ChaosProgress) => void;
  /** Default 3 000 ms. */
  readonly progressEveryMs?: number;
  /**
   * Wraps the run's set-up (starting its lab and provisioning its environments), e.g. to let
   * runs side by side set up one at a time: a run provisions one environment per poller at
   * once, and several runs doing so together can push cold starts past Lambda's INIT timeout
   * on a busy machine. Default: runs the set-up as it is.
   */
  readonly setUp?: <T>(step: () => Promise<T>) => Promise<T>;
}

/** A snapshot while the run drains. */
export interface ChaosProgress {
  readonly mix: string;
  readonly guard: 'on' | 'off' | 'n/a';
  readonly elapsedSeconds: number;
  readonly sent: number;
  readonly deliveries: number;
  /** Effects applied so far, as the worker logs them (Step 7 `completed`, Step 8 `ok`). */
  readonly effects: number;
  readonly inQueue: number;
  readonly faults: number;
  readonly kills: number;
}

/** The books of one run. */
export interface ChaosResult {
  readonly mix: string;
  readonly description: string;
  readonly stack: ChaosMix['stack'];
  /** `n/a` for BatchPartialStack, which has no guard. */
  readonly guard: 'on' | 'off' | 'n/a';
  readonly seed: number;
  readonly timeScale: number;
  readonly sent: number;
  /** Messages handed to the worker (ReceiveMessage results of the mapping). */
  readonly deliveries: number;
  /** Deliveries of a message that had been delivered before (ApproximateReceiveCount > 1). */
  readonly duplicatesSeen: number;
  /** Total effect count over all ids (the DynamoDB `effects` counters; Step 8: `OK` lines). */
  readonly effectsApplied: number;
  readonly idsWithEffect: number;
  /** Messages in the dead-letter queue at the end. */
  readonly inDlq: number;
  /** sent − |ids with an effect ∪ ids in the DLQ|. */
  readonly lost: number;
  /** Ids whose effect was applied more than once. */
  readonly doubleEffects: number;
  /** Messages still in the source queue when the run ended (0 unless it timed out). */
  readonly remaining: number;
  readonly wallSeconds: number;
  readonly timedOut: boolean;
  readonly worker: WorkerEventCounts;
  readonly mapping: MappingCounters;
  readonly kills: number;
  readonly awsCalls: AwsCallCounts;
  readonly faultsInjected: AwsCallCounts;
}

/** Runs one mix and returns its books; the lab it started is stopped before returning. */
export async function runChaos(options: ChaosRunOptions): Promise<ChaosResult> {
  const { mix, seed } = options;
  const step7 = mix.stack === 'VisibilityDupStack';
  const guard = step7 ? (options.guard ? 'on' : 'off') : 'n/a';
  const pollers = options.pollers ?? (step7 ? 32 : 4);
  const scale = checkTimeScale(options.timeScale ?? 1);
  // A hang must outlast the (scaled) worker timeout, so its delay scales too.
  const faults = mix.faults.map((rule) =>
    rule.delayMs === undefined ? rule : { ...rule, delayMs: rule.delayMs * scale },
  );
  const setUp = options.setUp ?? (<T>(step: () => Promise<T>) => step());
  const lab = await setUp(async () => {
    const started = await startTutorialLab({
      stacks: [step7 ? chaosVisibilityTopology(scale) : chaosBatchTopology(scale)],
      // Chaos loads the lab as a busy, established account would (1,000), not a new one's 10.
      accountConcurrency: ESTABLISHED_ACCOUNT_CONCURRENCY,
      emulators: options.emulators,
      pollers,
      waitTimeSeconds: 2,
      awsCalls: { faults, seed },
    });
    try {
      // One warm environment per poller before the clock starts (provisioned concurrency).
      await started.stack(mix.stack).functions.Worker?.provision(pollers);
    } catch (error) {
      await started.stop();
      throw error;
    }
    return started;
  });
  const stack = lab.stack(mix.stack);
  const worker = stack.functions.Worker;
  const tally = new WorkerTally(lab.logs, mix.stack, 'Worker');
  const timers: NodeJS.Timeout[] = [];
  try {
    const messages = step7
      ? visibilityWorkload(options.messages, seed, mix, options.guard, scale)
      : batchWorkload(options.messages, seed, mix);
    const started = Date.now();
    await sendAll(lab.clients.sqs, stack.queueUrl, messages);

    if (mix.killHazardPerSecond > 0 && worker !== undefined) {
      const random = seededRandom(`${seed}|kills`);
      const tickMs = 100;
      const hazard = mix.killHazardPerSecond / scale;
      timers.push(
        setInterval(() => {
          let kills = 0;
          for (let index = 0; index < worker.busyEnvironments; index += 1) {
            if (random() < (hazard * tickMs) / 1000) kills += 1;
          }
          for (let index = 0; index < kills; index += 1) worker.killRandom(random);
        }, tickMs),
      );
    }
    let depth = messages.length;
    const progress = (): ChaosProgress => ({
      mix: mix.name,
      guard,
      elapsedSeconds: (Date.now() - started) / 1000,
      sent: messages.length,
      deliveries: mappingOf(stack).messagesReceived,
      effects: step7 ? tally.counts.completed : tally.okById.size,
      inQueue: depth,
      faults: total(lab.awsCallFaults()),
      kills: worker?.kills ?? 0,
    });
    if (options.onProgress !== undefined) {
      const report = options.onProgress;
      timers.push(setInterval(() => report(progress()), options.progressEveryMs ?? 3000));
    }

    const deadline = started + (options.timeoutMs ?? 600_000);
    let quietRounds = 0;
    let timedOut = false;
    while (quietRounds < 3) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      depth = await queueDepth(lab.clients.sqs, stack.queueUrl);
      quietRounds = depth === 0 && mappingOf(stack).inFlightBatches === 0 ? quietRounds + 1 : 0;
      if (Date.now() > deadline) {
        timedOut = true;
        break;
      }
    }
    const wallSeconds = (Date.now() - started) / 1000;
    for (const timer of timers.splice(0)) clearInterval(timer);

    const effects = step7 ? await effectsById(lab.clients.dynamodb, stack.tableNames.IdemTable ?? '') : tally.okById;
    const dlqKeys = await drainKeys(lab.clients.sqs, stack.dlqUrl);
    return {
      mix: mix.name,
      description: mix.description,
      stack: mix.stack,
      guard,
      seed,
      timeScale: scale,
      ...books(messages, effects, dlqKeys),
      deliveries: mappingOf(stack).messagesReceived,
      duplicatesSeen: tally.counts.redeliveries,
      remaining: depth,
      wallSeconds: Math.round(wallSeconds * 10) / 10,
      timedOut,
      worker: { ...tally.counts },
      mapping: mappingOf(stack),
      kills: worker?.kills ?? 0,
      awsCalls: lab.awsCallCounts(),
      faultsInjected: lab.awsCallFaults(),
    };
  } finally {
    for (const timer of timers) clearInterval(timer);
    tally.stop();
    await lab.stop();
  }
}

/** The accounting: every sent key is counted once, whether it has an effect, is in the DLQ, or both. */
export function books(
  messages: readonly ChaosMessage[],
  effects: ReadonlyMap<string, number>,
  dlqKeys: readonly string[],
): Pick<ChaosResult, 'sent' | 'effectsApplied' | 'idsWithEffect' | 'inDlq' | 'lost' | 'doubleEffects'> {
  const sent = new Set(messages.map((message) => message.key));
  let effectsApplied = 0;
  let idsWithEffect = 0;
  let doubleEffects = 0;
  const accounted = new Set<string>();
  for (const [key, count] of effects) {
    if (!sent.has(key) || count < 1) continue;
    effectsApplied += count;
    idsWithEffect += 1;
    if (count > 1) doubleEffects += 1;
    accounted.add(key);
  }
  for (const key of dlqKeys) if (sent.has(key)) accounted.add(key);
  return {
    sent: sent.size,
    effectsApplied,
    idsWithEffect,
    inDlq: dlqKeys.length,
    lost: sent.size - accounted.size,
    doubleEffects,
  };
}

function mappingOf(stack: LabStack): MappingCounters {
  const mapping = stack.mappings[0];
  if (mapping === undefined) throw new Error(`${stack.stackName} has no event source mapping`);
  return mapping.counters;
}

function total(counts: AwsCallCounts): number {
  return Object.values(counts).reduce((sum, row) => sum + Object.values(row).reduce((a, b) => a + b, 0), 0);
}

/** SendMessageBatch, ten per call, a few calls at a time (the API's stage throttle is not in the way). */
async function sendAll(sqs: SQSClient, queueUrl: string, messages: readonly ChaosMessage[]): Promise<void> {
  const chunks: ChaosMessage[][] = [];
  for (let start = 0; start < messages.length; start += 10) chunks.push(messages.slice(start, start + 10));
  let next = 0;
  const sender = async (): Promise<void> => {
    while (next < chunks.length) {
      const chunk = chunks[next] ?? [];
      next += 1;
      const response = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: chunk.map((message, index) => ({ Id: String(index), MessageBody: message.body })),
        }),
      );
      if ((response.Failed ?? []).length > 0)
        throw new Error(`SendMessageBatch refused ${response.Failed?.length} entries`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, sender));
}

/** The guard table's `effects` counter per id (a full scan: the table holds only this run). */
async function effectsById(dynamodb: DynamoDBClient, tableName: string): Promise<Map<string, number>> {
  const effects = new Map<string, number>();
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamodb.send(
      new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) {
      const key = item.messageId?.S;
      if (key !== undefined) effects.set(key, Number(item.effects?.N ?? 0));
    }
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return effects;
}

/** Receives every message of a queue nobody else reads (the DLQ) and returns their keys. */
async function drainKeys(sqs: SQSClient, queueUrl: string | undefined): Promise<string[]> {
  if (queueUrl === undefined) return [];
  const keys: string[] = [];
  let emptyRounds = 0;
  while (emptyRounds < 2) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: 600,
        WaitTimeSeconds: 0,
      }),
    );
    emptyRounds = Messages.length === 0 ? emptyRounds + 1 : 0;
    for (const message of Messages) keys.push(bodyKey(message.Body) ?? `unparsed:${message.MessageId ?? ''}`);
  }
  return keys;
}
