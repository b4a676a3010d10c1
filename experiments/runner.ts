import type { Experiment, StackExperiment } from './experiment';
import { VISIBILITY_DUP } from '../lib/settings';
import { type LogEvent, logEventIn, logEventOf } from '../lambda/commons/log-event';
import {
  type AlarmReading,
  type BatchObservation,
  type Observation,
  observeBatch,
  observeCrash,
  observeManager,
  observeSweep,
  observeVisibility,
  type VisibilityObservation,
  type WorkerLine,
} from './observation';
import { type ExperimentProbe, isQueueProbe, type StackProbe } from './probe';
import { runQueueExperiment } from './queue-runner';
import { formatRunLine } from './run-line';
import type { EnqueueResponse, QueueCounts } from './stack-reads';
import type { ExperimentResult } from './experiment-result';
import type { DlqMove } from './timeline/timeline';

/** Progress while a run waits: the observation so far. */
export type ProgressListener = (update: {
  readonly experiment: Experiment;
  readonly elapsedSeconds: number;
  readonly observation: Observation;
  readonly queueDepth: number;
}) => void;

/** The producer refused the experiment's request. */
export class EnqueueRejectedError extends Error {
  override readonly name = 'EnqueueRejectedError';
}

/** An experiment was given a probe of the other kind (a stack's for one without a stack, or the reverse). */
export class ProbeMismatchError extends Error {
  override readonly name = 'ProbeMismatchError';
}

/** One Step 7 job of a run: its id and how long it works. */
interface PlannedJob {
  readonly id: string;
  readonly sleep: number;
  readonly label?: string;
}

/** The request bodies of a run and, for Step 7, the job ids they carry. */
function planRequests(
  experiment: StackExperiment,
  tag: string,
): { readonly bodies: readonly object[]; readonly jobs: readonly PlannedJob[] } {
  if (experiment.stack === 'BatchPartialStack') return { bodies: [experiment.body], jobs: [] };
  if (experiment.jobs !== undefined) {
    const jobs = experiment.jobs.map((job) => ({ id: `${tag}-${job.name}`, sleep: job.body.sleep, label: job.name }));
    return { bodies: experiment.jobs.map((job, index) => ({ ...job.body, id: jobs[index]?.id })), jobs };
  }
  if (experiment.sleeps === undefined) {
    return { bodies: [{ id: tag, ...experiment.body }], jobs: [{ id: tag, sleep: experiment.body.sleep }] };
  }
  const jobs = experiment.sleeps.map((sleep) => ({ id: `${tag}-${sleep}s`, sleep }));
  return { bodies: jobs.map((job) => ({ ...experiment.body, id: job.id, sleep: job.sleep })), jobs };
}

/**
 * Runs one experiment against a probe of its kind: a stack's (see {@link runStackExperiment})
 * or, for an experiment without a stack, a queue's (experiments/queue-runner.ts).
 */
export async function runExperiment(
  experiment: Experiment,
  probe: ExperimentProbe,
  onProgress: ProgressListener = () => undefined,
): Promise<ExperimentResult> {
  if (experiment.stack === 'SQS') {
    if (!isQueueProbe(probe)) throw new ProbeMismatchError(`${experiment.name} needs a queue probe, not a stack's`);
    return runQueueExperiment(experiment, probe);
  }
  if (isQueueProbe(probe)) throw new ProbeMismatchError(`${experiment.name} needs the probe of ${experiment.stack}`);
  return runStackExperiment(experiment, probe, onProgress);
}

/**
 * Runs one stack experiment: enqueue (and send any raw messages), wait until the
 * main queue is empty and the logs have been still for `probe.quietMs`, run the experiment's
 * after-settle action if it has one and wait again, then observe and judge. A run that does not
 * settle within the experiment's timeout is judged as it stands and marked timed out (not
 * matched).
 */
async function runStackExperiment(
  experiment: StackExperiment,
  probe: StackProbe,
  onProgress: ProgressListener,
): Promise<ExperimentResult> {
  const started = Date.now();
  const notes: string[] = [];
  const note = (text: string, at = Date.now()): void => {
    notes.push(formatRunLine(at - started, 'lab', undefined, text));
  };
  const tag = `${experiment.name}-${started.toString(36)}`;
  const { bodies, jobs } = planRequests(experiment, tag);
  const alarms: AlarmReading[] = [];
  /** The stack's DLQ alarm now, noting each state change (experiments that watch it). */
  const readAlarm = async (): Promise<void> => {
    if (experiment.stack !== 'BatchPartialStack' || experiment.watchDlqAlarm !== true) return;
    const reading = await probe.dlqAlarm();
    if (reading === undefined || reading.state === alarms.at(-1)?.state) return;
    alarms.push(reading);
    note(`DLQ alarm ${reading.alarmName}: ${reading.state} (${reading.reason})`, reading.atMs);
  };
  await readAlarm();
  let enqueue: EnqueueResponse = { statusCode: 0, body: {} };
  if (experiment.stack === 'VisibilityDupStack' && experiment.send === 'send-message-batch') {
    const sendStarted = Date.now();
    await probe.sendRaw(bodies.map((body) => JSON.stringify(body)));
    note(
      `sent ${bodies.length} jobs straight to the queue in one SendMessageBatch (the producer sends one message per POST), so that they can arrive as one batch`,
      sendStarted,
    );
  } else {
    const responses = await Promise.all(bodies.map((body) => probe.enqueue(body)));
    const refused = responses.find((response) => response.statusCode !== 202);
    if (refused !== undefined) {
      throw new EnqueueRejectedError(`POST /enqueue answered ${refused.statusCode}: ${JSON.stringify(refused.body)}`);
    }
    enqueue = responses[0] ?? enqueue;
  }
  const runId = String(enqueue.body.runId ?? '');
  let rawMessageIds: string[] = [];
  if (experiment.stack === 'BatchPartialStack' && experiment.rawMessages !== undefined) {
    const raw = experiment.rawMessages(runId);
    const sendStarted = Date.now();
    rawMessageIds = await probe.sendRaw(raw);
    note(`sent ${raw.length} message(s) straight to the queue, bypassing the producer: ${raw.join(' ')}`, sendStarted);
  }
  const jobIds = new Set(jobs.map((job) => job.id));
  // The highest delayed count read so far: a delayed message shows only before its delay ends,
  // so the queue is read once at once, not only at the first poll.
  let delayedSeen = (await probe.queueCounts()).delayed;

  const dlqMoves: DlqMove[] = [];
  let inDlq = new Set<string>();
  /** The DLQ's body ids now, noting which entered or left it since the last read. */
  const readDlq = async (): Promise<string[]> => {
    const ids = await probe.dlqIds();
    const now = Date.now();
    const current = new Set(ids);
    for (const id of current) if (!inDlq.has(id)) dlqMoves.push({ id, atMs: now, direction: 'in' });
    for (const id of inDlq) if (!current.has(id)) dlqMoves.push({ id, atMs: now, direction: 'out' });
    inDlq = current;
    return ids;
  };

  const sentMessageIds = messageIdsOf(enqueue);
  /** The observation from `lines` (already read) and the main queue's `depth`, plus the table and the DLQ. */
  let crashes = 0;
  let crashedAtMs: number | undefined;
  const observe = async (lines: readonly WorkerLine[], depth: number): Promise<Observation> => {
    if (experiment.stack === 'BatchPartialStack') {
      const observed: BatchObservation = {
        ...observeBatch(lines, runId, experiment.body.count, await readDlq(), rawMessageIds, sentMessageIds),
        queueDepth: depth,
      };
      if (experiment.watchDlqAlarm !== true) return observed;
      await readAlarm();
      return { ...observed, alarm: { readings: [...alarms], notifications: await probe.alarmNotifications() } };
    }
    const dlq = (await readDlq()).filter((id) => jobIds.has(id)).length;
    if (experiment.sleeps === undefined && experiment.jobs === undefined)
      return { ...observeVisibility(lines, tag, await probe.effects(tag), dlq), delayedSeen };
    const withEffects = await Promise.all(jobs.map(async (job) => ({ ...job, effects: await probe.effects(job.id) })));
    const observed: VisibilityObservation = { ...observeSweep(lines, withEffects, dlq), delayedSeen };
    const manager = observeManager(lines, jobIds);
    const workerSqsCalls = manager === undefined ? undefined : await probe.workerSqsCalls();
    return {
      ...observed,
      ...(manager === undefined ? {} : { manager }),
      ...(workerSqsCalls === undefined ? {} : { workerSqsCalls }),
      ...(crashedAtMs === undefined
        ? {}
        : {
            crash: observeCrash(lines, jobs, crashedAtMs, mainQueueVisibilityTimeoutSeconds(experiment)),
          }),
    };
  };

  /** The experiment's during-run action, when its moment has come. */
  const actDuringRun = async (observation: Observation, pending: number): Promise<void> => {
    if (experiment.stack !== 'VisibilityDupStack' || observation.kind !== 'visibility' || crashes > 0) return;
    if (experiment.duringRun === 'crash-worker-after-in-progress-duplicate') {
      if (observation.inProgress < 1 || pending !== 1) return;
      if (await probe.crashWorker()) {
        crashes += 1;
        crashedAtMs = Date.now();
        note('crashed the worker environment that still runs the first delivery (its claim stays until it lapses)');
      }
      return;
    }
    if (experiment.duringRun === 'crash-every-worker-when-ready' && experiment.crashWhen?.(observation) === true) {
      const at = Date.now();
      while (await probe.crashWorker()) crashes += 1;
      if (crashes === 0) return;
      crashedAtMs = at;
      note(`crashed every running worker environment (${crashes}): no code of theirs runs afterwards`, at);
    }
  };

  const deadline = started + experiment.timeoutSeconds * 1000;
  let decidedEarly = false;
  const settle = async (): Promise<boolean> => {
    let lastSignature = '';
    let stillSince = Date.now();
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, probe.pollMs));
      const [counts, lines, pending] = await Promise.all([
        probe.queueCounts(),
        probe.workerLines(),
        probe.pendingInvocations(),
      ]);
      delayedSeen = Math.max(delayedSeen, counts.delayed);
      const depth = depthOf(counts);
      const current = await observe(lines, depth);
      onProgress({
        experiment,
        elapsedSeconds: (Date.now() - started) / 1000,
        observation: current,
        queueDepth: depth,
      });
      await actDuringRun(current, pending);
      if (isDecided(experiment, current)) {
        decidedEarly = true;
        note('stopped watching: the verdict can no longer change (the lab stops the run here)');
        return true;
      }
      // A crashed delivery never logs its end.
      const busy = pending + unfinishedDeliveries(lines, jobIds) - crashes;
      const signature = `${depth}/${busy}/${lines.length}`;
      if (signature !== lastSignature) {
        lastSignature = signature;
        stillSince = Date.now();
        continue;
      }
      if (depth === 0 && busy === 0 && lines.length > 0 && Date.now() - stillSince >= probe.quietMs) return true;
    }
    return false;
  };

  /**
   * After the run settled: keep reading the DLQ alarm until it is in ALARM, for at most
   * `seconds` (CloudWatch evaluates a 1-minute period, so on AWS the change takes minutes; the
   * lab evaluates every second). The judge decides what the readings mean.
   */
  const waitForAlarm = async (seconds: number): Promise<void> => {
    const until = Date.now() + seconds * 1000;
    await readAlarm();
    while (alarms.at(-1)?.state !== 'ALARM' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, probe.pollMs));
      await readAlarm();
    }
    if (alarms.at(-1)?.state !== 'ALARM') {
      note(
        `the DLQ alarm was still ${alarms.at(-1)?.state ?? 'unreadable'} after waiting ${seconds} s: CloudWatch evaluates the DLQ's 1-minute metric, so on AWS the change can take several minutes`,
      );
    }
  };

  let settled = await settle();
  if (settled && experiment.afterSettle === 'redrive-dlq') {
    const redriveStarted = Date.now();
    const report = await probe.redriveDlq();
    note(`DLQ redrive: ${report.moved} message(s) moved back to the source queue (${report.how})`, redriveStarted);
    settled = await settle();
  }
  if (settled && experiment.stack === 'BatchPartialStack' && experiment.watchDlqAlarm === true) {
    await waitForAlarm(experiment.alarmWaitSeconds?.[probe.target] ?? 0);
  }
  const [workerLines, finalCounts] = await Promise.all([probe.workerLines(), probe.queueCounts()]);
  const observation = await observe(workerLines, depthOf(finalCounts));
  const endedAtMs = Date.now();
  const actedAsPlanned = experiment.duringRun === undefined || crashes > 0;
  if (!actedAsPlanned) note('the during-run action never found its moment, so the run cannot show what it is about');
  return {
    experiment,
    observation,
    matched: settled && actedAsPlanned && judge(experiment, observation),
    timedOut: !settled,
    seconds: (Date.now() - started) / 1000,
    enqueue,
    lines: probe.displayLines(),
    notes,
    workerLines,
    startedAtMs: started,
    endedAtMs,
    dlqMoves,
    decidedEarly,
    ...(crashedAtMs === undefined ? {} : { crashedAtMs }),
  };
}

/** Messages in a queue by its counts: visible, in flight and delayed. */
function depthOf(counts: QueueCounts): number {
  return counts.visible + counts.inFlight + counts.delayed;
}

/** The producer's `messageIds` (body id → SQS message id) from a Step 8 answer, when it has them. */
function messageIdsOf(enqueue: EnqueueResponse): Record<string, string> | undefined {
  const ids = enqueue.body.messageIds;
  if (typeof ids !== 'object' || ids === null || Array.isArray(ids)) return undefined;
  return Object.fromEntries(
    Object.entries(ids).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The main queue's visibility timeout in the experiment's stack (a variant's, or the deployed one). */
function mainQueueVisibilityTimeoutSeconds(experiment: Experiment): number {
  const topology = experiment.variant?.topology();
  const main = topology?.queues.find((queue) => queue.id === topology.mainQueueId);
  return main?.visibilityTimeoutSeconds ?? VISIBILITY_DUP.queueVisibilityTimeoutSeconds;
}

/** Terminal events of a Step 7 delivery: every `start` ends with exactly one of these. */
const DELIVERY_ENDS = new Set<LogEvent>([
  'completed',
  'duplicate-skipped',
  'duplicate-in-progress',
  'claim-lost',
  'work-failed',
]);

/** Step 7 deliveries of the run's jobs that started and have not logged their end yet. */
function unfinishedDeliveries(lines: readonly WorkerLine[], ids: ReadonlySet<string>): number {
  const mine = lines.filter((line) => typeof line.id === 'string' && ids.has(line.id));
  return mine.filter((l) => logEventOf(l) === 'start').length - mine.filter((l) => logEventIn(l, DELIVERY_ENDS)).length;
}

/** True when the experiment says its verdict is certain from `observation` already. */
function isDecided(experiment: StackExperiment, observation: Observation): boolean {
  if (experiment.stack === 'VisibilityDupStack' && observation.kind === 'visibility')
    return experiment.decidedWhen?.(observation) ?? false;
  return false;
}

function judge(experiment: StackExperiment, observation: Observation): boolean {
  if (experiment.stack === 'VisibilityDupStack' && observation.kind === 'visibility')
    return experiment.judge(observation);
  if (experiment.stack === 'BatchPartialStack' && observation.kind === 'batch') return experiment.judge(observation);
  return false;
}
