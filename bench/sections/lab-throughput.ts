/**
 * Messages per second through the local lab — producer → SQS emulator → local event source
 * mapping → worker (→ DynamoDB emulator for the guard path) — next to the emulator's own
 * ceiling measured in the same run. Producers are invoked directly
 * (`lab.stack(...).invoke('Producer', event)`), not through the local API, whose stage
 * throttle (`API_THROTTLING`, 1 request/s) would make the API the bottleneck.
 *
 * Each run also yields the AWS requests the pipeline made per message, from
 * `lab.awsCallCounts()` (the functions' own calls and the mapping's receives and deletes),
 * and the functions' mean invocation durations, from the platform reports.
 */

import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsCallCounts } from '@sqs-lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { createDynamoDbClient, type Emulators } from '@sqs-lab/lab';
import { emptyMappingCounters, type MappingCounters } from '@sqs-lab/lab';
import { type Lab } from '@sqs-lab/lab';
import type { LabLogRecord } from '@sqs-lab/lab';
import { DynamoDbIdempotencyStore } from '../../lambda/core/dynamodb-idempotency-store';
import { runIdempotent } from '../../lambda/core/idempotency-guard';
import { BATCH_PARTIAL, VISIBILITY_DUP } from '../../lib/settings';
import { batchPartialTopology, type StackTopology, visibilityDupTopology } from '../../lib/topology';
import { DEFAULT_BATCH_FORMATION, ESTABLISHED_ACCOUNT_CONCURRENCY, ReceiveSizer } from '@sqs-lab/lab';
import {
  diffCounts,
  createBenchTable,
  runPool,
  startThreadCpuMeter,
  type ThreadCpuMs,
  startBusyMeter,
  type ThreadBusy,
  mean,
  median,
  batchLoopShape,
  type CeilingRun,
  type CeilingShape,
  measureCeiling,
} from '@sqs-lab/lab/bench';
import { enqueueEvent } from '../proxy-event';

/** The two paths: Step 8's batch worker, and Step 7's guarded worker with `sleep: 0`. */
export type PipelinePath = 'batch' | 'guard';

/** One lab run. */
export interface LabRun {
  readonly messages: number;
  readonly seconds: number;
  readonly messagesPerSecond: number;
  readonly producerInvocations: number;
  readonly workerInvocations: number;
  /** `lab.awsCallCounts()` during the run, per call site. */
  readonly calls: AwsCallCounts;
  /** Mean invocation duration per function id, in ms (platform reports, warm and cold). */
  readonly meanDurationMs: Record<string, number>;
  /** The mapping's own counters during the timed run (receives, empty receives, deletes, …). */
  readonly mapping: MappingCounters;
  /** Messages sent through before the timed run to start the environments (0: none). */
  readonly warmUpMessages: number;
  /** How long `startLab` took (bundling, provisioning), in ms; not in `seconds`. */
  readonly labStartupMs: number;
  /** Mean INIT duration (cold start: worker thread + bundle load) per function id, in ms. */
  readonly meanInitMs: Record<string, number>;
  /** Environments started during the timed run, per function id (0 after a good warm-up). */
  readonly coldStartsDuringRun: Record<string, number>;
  /** Rates of every timed pass (this run is the median one). */
  readonly passesMessagesPerSecond: readonly number[];
  /** How busy each thread was during this pass. */
  readonly busy: ThreadBusy;
  /** CPU per kind of thread over the run (Linux only: /proc). */
  readonly threadCpuMs?: ThreadCpuMs;
}

/** One path at one size: lab vs ceilings. */
export interface ThroughputRow {
  readonly path: PipelinePath;
  readonly messages: number;
  readonly lab: LabRun;
  /**
   * The emulator's ceiling (SendMessageBatch + ReceiveMessage(10) + DeleteMessageBatch loops):
   * runs before and after the lab run; their median is used.
   */
  readonly ceiling: readonly CeilingRun[];
  readonly ceilingMessagesPerSecond: number;
  /** lab / ceiling. */
  readonly ratio: number;
  /**
   * Guard path only: the same work as the lab without Lambda (SendMessage each, receive 1,
   * the guard's claim + completion on dynalite, delete), so the ratio isolates the lab's cost.
   */
  readonly sameWorkCeiling?: CeilingRun;
  /** Batch path only: the ceiling runs in the path's own request mix ({@link batchPathMixShape}). */
  readonly pathMixCeiling?: readonly CeilingRun[];
  readonly sameWorkRatio?: number;
  /**
   * The path's fair ceiling: the emulators' capacity for this path's own request mix, issued
   * straight to them at the same concurrency (the batch path: its SQS calls, receives sized as
   * the mapping sizes them; the guard path:
   * its SQS calls plus the guard's two DynamoDB writes per message), in msg/s.
   */
  readonly fairCeilingMessagesPerSecond: number;
  /** The lab's rate as a share of {@link fairCeilingMessagesPerSecond}. */
  readonly fairRatio: number;
}

/** Raised when a lab run does not finish (messages stuck or failing). */
export class PipelineStalledError extends Error {
  override readonly name = 'PipelineStalledError';
}

/**
 * Runs of a few seconds or less are noisy on a shared machine (the batch path's ceiling passes at
 * 1 000 messages ranged over ×1.8 in one run; the guard path at 1 000 read 46–55 % over four full
 * runs): the batch path's runs, and the guard path's up to {@link SHORT_RUN_MESSAGES}, are done
 * {@link REPEATS} times, lab and ceilings, and medians compared. The batch path's short runs last
 * about 0.1 s and swung by ±7 points from one full run to the next (2026-11-28), so they
 * are done {@link SHORT_BATCH_REPEATS} times, which costs about a second. The guard path at 10 000
 * takes half a minute a pass and is done once.
 */
const REPEATS = 3;
const SHORT_BATCH_REPEATS = 7;
const SHORT_RUN_MESSAGES = 2000;

/** How many times a row's lab run and each of its ceilings are measured. */
function repeatsFor(path: PipelinePath, messages: number): number {
  if (messages > SHORT_RUN_MESSAGES) return path === 'batch' ? REPEATS : 1;
  return path === 'batch' ? SHORT_BATCH_REPEATS : REPEATS;
}

/** The mapping's pollers (Lambda starts with 5). */
const POLLERS = 5;
/** Concurrent producer invocations. */
const PRODUCER_CONCURRENCY = { batch: 4, guard: 8 } as const;
const STACK_OF = { batch: 'BatchPartialStack', guard: 'VisibilityDupStack' } as const;

function sumCounts(a: AwsCallCounts, b: AwsCallCounts): AwsCallCounts {
  const result: AwsCallCounts = {};
  for (const [site, row] of Object.entries(a)) result[site] = diffCounts(row, b[site] ?? {});
  return result;
}

function sumMappingCounters(all: readonly MappingCounters[]): MappingCounters {
  const total = emptyMappingCounters();
  for (const counters of all)
    for (const key of Object.keys(total) as (keyof MappingCounters)[]) total[key] += counters[key];
  return total;
}

function diffMappingCounters(after: MappingCounters, before: MappingCounters): MappingCounters {
  const diff = { ...after };
  for (const key of Object.keys(diff) as (keyof MappingCounters)[]) diff[key] = after[key] - before[key];
  return diff;
}

/** How often {@link waitForDeleted} checks its deadline when no batch settles. */
const STALL_CHECK_MS = 100;

/**
 * Waits until the lab's mappings have deleted `messages` messages in all; resolves with the
 * `performance.now()` at which the last of them was settled. It checks the mappings' counters as
 * each batch settles (the mapping's record on the lab's bus), so a run's clock stops at its last
 * delete, as the ceiling's does, rather than at the next turn of a polling loop.
 */
export function waitForDeleted(lab: Lab, messages: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  return new Promise<number>((resolve, reject) => {
    const stop = (): void => {
      lab.logs.off('record', onRecord);
      clearInterval(timer);
    };
    const check = (): void => {
      const counters = Object.values(lab.counters());
      const deleted = counters.reduce((sum, counter) => sum + counter.messagesDeleted, 0);
      if (deleted >= messages) {
        stop();
        resolve(performance.now());
        return;
      }
      const failed = counters.reduce(
        (sum, counter) => sum + counter.functionErrors + counter.timeouts + counter.partialBatches,
        0,
      );
      if (failed > 0) {
        stop();
        reject(new PipelineStalledError(`the worker failed ${failed} batches; a benchmark run expects none`));
      } else if (Date.now() > deadline) {
        stop();
        reject(
          new PipelineStalledError(`only ${deleted} of ${messages} messages were deleted in ${timeoutMs / 1000} s`),
        );
      }
    };
    const onRecord = (record: LabLogRecord): void => {
      if (record.kind === 'mapping') check();
    };
    lab.logs.on('record', onRecord);
    const timer = setInterval(check, STALL_CHECK_MS);
    check();
  });
}

/** How a lab run starts. */
export interface LabRunOptions {
  /**
   * Before the timed run, send messages through so every producer and worker environment the run
   * will use is started (and, with enough of them, runs at speed: {@link ThroughputOptions}); the
   * cold starts are reported on their own (`meanInitMs`).
   */
  readonly warmUp: boolean;
  /** Messages of that warm-up (default: enough to start every environment the run uses). */
  readonly warmUpMessages?: number;
  /** Timed passes through the same lab; the pass with the median rate is returned. */
  readonly passes?: number;
  /** IAM authorization of every function call (default on, as the lab runs). */
  readonly enforceIam?: boolean;
}

/** The default warm-up: enough concurrent invocations to start every environment the run uses. */
const START_ENVIRONMENTS_MESSAGES = {
  batch: PRODUCER_CONCURRENCY.batch * 50,
  guard: PRODUCER_CONCURRENCY.guard * 5,
} as const;

type LabStackHandle = ReturnType<Lab['stack']>;

/**
 * Enqueues `messages` through the path's producer (the batch producer `perCall` at a time, as
 * `POST {"count": perCall}` would); returns the producer invocations made.
 */
export async function produce(
  stack: LabStackHandle,
  path: PipelinePath,
  messages: number,
  perCall: number = BATCH_PARTIAL.maxCount,
): Promise<number> {
  let invocations = 0;
  const invokeProducer = async (body: object): Promise<void> => {
    invocations += 1;
    const result = await stack.invoke('Producer', enqueueEvent(body));
    const statusCode =
      result.status === 'success' ? (result.payload as { statusCode?: number } | null)?.statusCode : undefined;
    if (statusCode !== 202)
      throw new PipelineStalledError(`the producer answered ${statusCode ?? result.status}, expected 202`);
  };
  if (path === 'batch') {
    await runPool(Math.ceil(messages / perCall), PRODUCER_CONCURRENCY.batch, async (call) =>
      invokeProducer({ count: Math.min(perCall, messages - call * perCall), failEvery: 0 }),
    );
  } else {
    const run = randomUUID().slice(0, 8);
    await runPool(messages, PRODUCER_CONCURRENCY.guard, async (index) =>
      invokeProducer({ id: `bench-${run}-${index}`, sleep: 0 }),
    );
  }
  return invocations;
}

function coldStarts(stack: LabStackHandle): Record<string, number> {
  return Object.fromEntries(Object.entries(stack.functions).map(([id, fn]) => [id, fn.coldStarts]));
}

/** Per function id: the mean of the platform reports' `field` (`durationMs`, `initDurationMs`). */
function meanMetric(records: readonly LabLogRecord[], field: 'durationMs' | 'initDurationMs'): Record<string, number> {
  const values = new Map<string, number[]>();
  for (const record of records) {
    if (record.kind !== 'platform') continue;
    const value = (record.parsed.record.metrics as Record<string, unknown> | undefined)?.[field];
    if (typeof value !== 'number') continue;
    values.set(record.functionId, [...(values.get(record.functionId) ?? []), value]);
  }
  return Object.fromEntries([...values].map(([id, list]) => [id, mean(list)]));
}

/**
 * The path's stack as the bench has always measured it: its mapping runs as many invocations at
 * once as the bench has pollers (the stacks' own cap, `MAPPING_MAX_CONCURRENCY`, is lower, to keep
 * a new account within its quota), and Step 8 with batches of 10 and partial responses.
 */
function benchTopology(stackName: (typeof STACK_OF)[PipelinePath]): StackTopology {
  const base =
    stackName === 'VisibilityDupStack'
      ? visibilityDupTopology()
      : batchPartialTopology({ batchSize: BATCH_PARTIAL.defaultBatchSize, reportBatchItemFailures: true });
  return { ...base, mappings: base.mappings.map((mapping) => ({ ...mapping, maximumConcurrency: POLLERS })) };
}

/** Runs `messages` through a fresh lab of the path's stack on shared emulators. */
export async function measureLabPipeline(
  emulators: Emulators,
  path: PipelinePath,
  messages: number,
  options: LabRunOptions = { warmUp: false },
): Promise<LabRun> {
  const stackName = STACK_OF[path];
  const lab = await startTutorialLab({
    stacks: [benchTopology(stackName)],
    emulators,
    // A load test measures the lab, not a new account's quota of 10: an established account's.
    accountConcurrency: ESTABLISHED_ACCOUNT_CONCURRENCY,
    pollers: POLLERS,
    ...(options.enforceIam === undefined ? {} : { enforceIam: options.enforceIam }),
  });
  const reports = lab.logs.collect((record) => record.kind === 'platform' && record.parsed.type === 'platform.report');
  try {
    const stack = lab.stack(stackName);
    const warmUpMessages = options.warmUp ? (options.warmUpMessages ?? START_ENVIRONMENTS_MESSAGES[path]) : 0;
    if (warmUpMessages > 0) {
      await produce(
        stack,
        path,
        warmUpMessages,
        Math.min(BATCH_PARTIAL.maxCount, Math.ceil(warmUpMessages / PRODUCER_CONCURRENCY.batch)),
      );
      await waitForDeleted(lab, warmUpMessages, 300_000);
    }
    const runs: Omit<LabRun, 'passesMessagesPerSecond'>[] = [];
    let delivered = warmUpMessages;
    for (let pass = 0; pass < (options.passes ?? 1); pass += 1) {
      const mappingBefore = sumMappingCounters(Object.values(lab.counters()));
      const callsBefore = lab.awsCallCounts();
      const coldBefore = coldStarts(stack);
      const reportsBefore = reports.records.length;
      const started = performance.now();
      const meter = startBusyMeter(emulators);
      const cpuMeter = startThreadCpuMeter();
      const producerInvocations = await produce(stack, path, messages);
      delivered += messages;
      const finished = await waitForDeleted(lab, delivered, 300_000);
      const seconds = (finished - started) / 1000;
      const busy = meter.stop();
      const threadCpuMs = cpuMeter.stop();
      const mapping = diffMappingCounters(sumMappingCounters(Object.values(lab.counters())), mappingBefore);
      const coldAfter = coldStarts(stack);
      runs.push({
        messages,
        seconds,
        messagesPerSecond: messages / seconds,
        busy,
        ...(threadCpuMs === undefined ? {} : { threadCpuMs }),
        warmUpMessages,
        labStartupMs: lab.startupMs,
        producerInvocations,
        workerInvocations: mapping.invocations,
        mapping,
        calls: sumCounts(lab.awsCallCounts(), callsBefore),
        meanDurationMs: meanMetric(reports.records.slice(reportsBefore), 'durationMs'),
        meanInitMs: meanMetric(reports.records, 'initDurationMs'),
        coldStartsDuringRun: Object.fromEntries(
          Object.entries(coldAfter).map(([id, count]) => [id, count - (coldBefore[id] ?? 0)]),
        ),
      });
    }
    const rates = runs.map((run) => run.messagesPerSecond);
    const sorted = [...runs].sort((a, b) => a.messagesPerSecond - b.messagesPerSecond);
    const middle = sorted[Math.floor((sorted.length - 1) / 2)];
    if (middle === undefined) throw new PipelineStalledError('a lab run needs at least one timed pass');
    return { ...middle, passesMessagesPerSecond: rates };
  } finally {
    reports.stop();
    await lab.stop();
  }
}

/** The emulator ceiling in the batch path's shape. */
export function batchCeilingShape(messages: number): CeilingShape {
  return batchLoopShape(messages, {
    producers: PRODUCER_CONCURRENCY.batch,
    consumers: POLLERS,
    receiveBatch: BATCH_PARTIAL.defaultBatchSize,
  });
}

/** The guard path's work with no Lambda: the worker's claim and completion per message. */
async function guardSameWorkCeiling(emulators: Emulators, messages: number): Promise<CeilingRun> {
  const dynamodb = createDynamoDbClient(emulators);
  try {
    const tableName = await createBenchTable(dynamodb, 'ceiling-guard', 'messageId');
    const store = new DynamoDbIdempotencyStore(DynamoDBDocumentClient.from(dynamodb), tableName);
    return await measureCeiling(emulators, {
      messages,
      send: 'single',
      producers: PRODUCER_CONCURRENCY.guard,
      consumers: POLLERS,
      receiveBatch: VISIBILITY_DUP.workerBatchSize,
      process: async (message) => {
        await runIdempotent(message.MessageId ?? randomUUID(), async () => undefined, {
          store,
          owner: randomUUID(),
          now: Date.now,
          remainingTimeMs: () => VISIBILITY_DUP.workerTimeoutSeconds * 1000,
          completedTtlSeconds: VISIBILITY_DUP.completedRecordTtlSeconds,
        });
      },
    });
  } finally {
    dynamodb.destroy();
  }
}

/**
 * The emulators' ceiling for the batch path's own request mix: its receives sized as the lab's
 * mapping sizes them (the lab's default, AWS-like batch formation: 1 to 10 messages per receive,
 * about 5.5 on average), every attribute asked for as Lambda's pollers do, and one
 * DeleteMessageBatch per receive, as one batch per receive is deleted; the consumers call
 * through the lab's pollers' own client, so they pay what the pollers pay.
 */
export function batchPathMixShape(messages: number): CeilingShape {
  const sizer = new ReceiveSizer(DEFAULT_BATCH_FORMATION, 'ceiling');
  return {
    ...batchCeilingShape(messages),
    receiveSize: (wanted) => sizer.next(wanted),
    allAttributes: true,
    consumerClient: 'lab',
  };
}

/**
 * How a throughput row warms up. `warmUpMessages`: messages each row sends through untimed
 * before its timed runs, the lab's and the ceilings' alike, so that both are measured in their
 * steady state. Each function environment and each emulator
 * thread is a V8 isolate of its own, and its optimizing compilers take a path's code over only
 * after some hundreds of calls: with 200 messages of warm-up (and 1 000 for the ceilings), the
 * batch path's three passes through one lab rose by 38 % from first to third (4 511 → 6 235 msg/s
 * at 1 000 messages, 7 375 → 9 992 at 10 000), and its ceiling measured after the lab ran up to
 * ×1.9 faster than before it (2026-11-28). After 20 000 messages the lab's passes of 10 000 still
 * rose, 7 600 → 11 500 msg/s over seven passes, and V8's helper threads (the compilers) fell from
 * 52 to 13 µs of CPU per message; they level off after about 60 000, and the fair ceiling's
 * after about 50 000 (2026-11-28, 21:00), hence 80 000. A learner's lab is never this warm: cold
 * starts are reported on their own (the bundles table), this row measures what the lab adds once
 * everything runs at speed.
 */
export interface ThroughputOptions {
  /** Whether the guard path's row also measures its same-work ceiling. */
  readonly sameWork: boolean;
  /** Per path, the messages sent untimed first (lab and ceilings); 0: the lab only starts its environments. */
  readonly warmUpMessages: Readonly<Record<PipelinePath, number>>;
}

/** Messages of the untimed ceiling run that warms the emulator and the SDK when a row has no warm-up of its own. */
const CEILING_WARM_UP_MESSAGES = 1000;

/**
 * A warm-up, then the ceilings, the lab (after its own warm-up), the ceilings again, each
 * repeated for short runs, medians compared; for the batch path the fair ceiling is its own
 * request mix ({@link batchPathMixShape}); for the guard path the same work without Lambda.
 */
export async function measureThroughput(
  emulators: Emulators,
  path: PipelinePath,
  messages: number,
  options: ThroughputOptions = { sameWork: true, warmUpMessages: { batch: 0, guard: 0 } },
): Promise<ThroughputRow> {
  const warmUp = options.warmUpMessages[path];
  // Untimed: warms the emulators' and the clients' code paths, as the lab run gets its warm-up.
  await measureCeiling(
    emulators,
    batchCeilingShape(warmUp > 0 ? warmUp : Math.min(messages, CEILING_WARM_UP_MESSAGES)),
  );
  if (path === 'batch' && warmUp > 0) await measureCeiling(emulators, batchPathMixShape(warmUp));
  else if (options.sameWork && warmUp > 0) await guardSameWorkCeiling(emulators, warmUp);
  const repeats = repeatsFor(path, messages);
  const ceiling: CeilingRun[] = [];
  const pathMix: CeilingRun[] = [];
  const measureCeilings = async (): Promise<void> => {
    for (let run = 0; run < repeats; run += 1) {
      ceiling.push(await measureCeiling(emulators, batchCeilingShape(messages)));
      if (path === 'batch') pathMix.push(await measureCeiling(emulators, batchPathMixShape(messages)));
    }
  };
  await measureCeilings();
  const lab = await measureLabPipeline(emulators, path, messages, {
    warmUp: true,
    ...(warmUp > 0 ? { warmUpMessages: warmUp } : {}),
    passes: repeats,
  });
  await measureCeilings();
  const ceilingMessagesPerSecond = median(ceiling.map((run) => run.messagesPerSecond));
  const ratio = lab.messagesPerSecond / ceilingMessagesPerSecond;
  const row: ThroughputRow = {
    path,
    messages,
    lab,
    ceiling,
    ceilingMessagesPerSecond,
    ratio,
    fairCeilingMessagesPerSecond: ceilingMessagesPerSecond,
    fairRatio: ratio,
  };
  if (path === 'batch') {
    const fairCeilingMessagesPerSecond = median(pathMix.map((run) => run.messagesPerSecond));
    return {
      ...row,
      pathMixCeiling: pathMix,
      fairCeilingMessagesPerSecond,
      fairRatio: lab.messagesPerSecond / fairCeilingMessagesPerSecond,
    };
  }
  if (!options.sameWork) return row;
  const sameWorkRuns: CeilingRun[] = [];
  for (let run = 0; run < repeats; run += 1) sameWorkRuns.push(await guardSameWorkCeiling(emulators, messages));
  // The median run (its rate, and the request counts and CPU that go with it).
  const sorted = [...sameWorkRuns].sort((a, b) => a.messagesPerSecond - b.messagesPerSecond);
  const sameWorkCeiling = sorted[Math.floor((sorted.length - 1) / 2)];
  if (sameWorkCeiling === undefined) throw new PipelineStalledError('the same-work ceiling needs at least one run');
  const sameWorkRatio = lab.messagesPerSecond / sameWorkCeiling.messagesPerSecond;
  return {
    ...row,
    sameWorkCeiling,
    sameWorkRatio,
    fairCeilingMessagesPerSecond: sameWorkCeiling.messagesPerSecond,
    fairRatio: sameWorkRatio,
  };
}
