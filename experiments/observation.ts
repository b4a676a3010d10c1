/**
 * What an experiment saw, computed from the workers' JSON log lines (the same lines on the
 * lab's stdout and in CloudWatch Logs), the table's effect counter and the DLQ. Both targets
 * feed the same functions, so a verdict means the same thing locally and on AWS.
 */
import { logEventOf } from '../lambda/commons/log-event';

/**
 * A worker log line, as the handlers write it. `event` is read through `logEventOf`
 * (lambda/commons/log-event.ts), so every name compared is one the handlers write.
 */
export interface WorkerLine {
  readonly event: string;
  readonly id?: string;
  readonly messageId?: string;
  readonly receiveCount?: number;
  readonly message?: string;
  readonly [field: string]: unknown;
}

/** Step 7, for one job id. */
export interface VisibilityObservation {
  readonly kind: 'visibility';
  readonly id: string;
  /** Worker invocations that started on the message (`Start` lines). */
  readonly deliveries: number;
  /** `Duplicate detect. Skip` lines: a completed duplicate acknowledged. */
  readonly skipped: number;
  /** Duplicates refused while another delivery held the claim (not acknowledged). */
  readonly inProgress: number;
  /** How many times the effect ran: the table's counter. */
  readonly effects: number;
  readonly heartbeats: number;
  readonly heartbeatFailures: number;
  /** Deliveries whose work or completion failed (`work-failed`): not acknowledged, retried. */
  readonly workFailures: number;
  /** Messages in the DLQ after the run. */
  readonly dlq: number;
  /** Distinct SQS messages (message ids) the worker received for the job: 2 when it was sent twice. */
  readonly messages?: number;
  /**
   * Per SQS message, in send order: seconds from its send to its first receive, by SQS's own
   * clock (SentTimestamp to ApproximateFirstReceiveTimestamp, from the `start` lines).
   */
  readonly firstReceiveWaits?: readonly number[];
  /** The highest ApproximateNumberOfMessagesDelayed of the main queue the run read. */
  readonly delayedSeen?: number;
  /** A sweep's jobs, one each; the counts above are their sums. */
  readonly jobs?: readonly SweepJobObservation[];
  /** The visibility manager's requests, when the worker ran one per batch. */
  readonly manager?: ManagerObservation;
  /** The worker's SQS calls (`ChangeMessageVisibilityBatch` → count), where the target can count them (the lab). */
  readonly workerSqsCalls?: Readonly<Record<string, number>>;
  /** After the lab crashed the workers mid-job: when, and how long each job waited for its retry. */
  readonly crash?: CrashObservation;
}

/** One ChangeMessageVisibilityBatch of a visibility manager, from the lines that name it. */
export interface ManagerRequest {
  /** The invocation (`requestId`) whose manager made it. */
  readonly invocation: string;
  /** Its number within that invocation. */
  readonly request: number;
  /** Entries carried (extended, released, refused). */
  readonly entries: number;
  readonly extended: number;
  readonly released: number;
  readonly atMs: number;
}

/** What the visibility managers of a run did. */
export interface ManagerObservation {
  readonly requests: readonly ManagerRequest[];
  /** Each invocation and the job ids it carried (its `start` lines), in log order. */
  readonly invocations: readonly { readonly invocation: string; readonly ids: readonly string[] }[];
  /** Jobs let go at their maximum life, and when they were received again. */
  readonly released: readonly {
    readonly id: string;
    readonly keptSeconds: number;
    readonly atMs: number;
    readonly receivedAgainAtMs?: number;
  }[];
}

/** The workers crashed at `atMs`; each job's deadline then and its next receive. */
export interface CrashObservation {
  readonly atMs: number;
  readonly jobs: readonly {
    readonly id: string;
    readonly label: string;
    readonly receivedAtMs: number;
    /** When the message would be visible again: the last extension's deadline, or the queue's timeout from the receive. */
    readonly deadlineAtMs: number;
    /** The last heartbeat before the crash, if any. */
    readonly lastExtensionAtMs?: number;
    /** The first `start` after the crash. */
    readonly retriedAtMs?: number;
  }[];
}

/** One job of a Step 7 sweep. */
export interface SweepJobObservation {
  readonly id: string;
  /** The job's simulated work, in seconds. */
  readonly sleep: number;
  readonly deliveries: number;
  readonly skipped: number;
  readonly inProgress: number;
  readonly effects: number;
  readonly heartbeats: number;
  /** ApproximateReceiveCount of the job's first invocation: above 1 when receives before it never reached the function. */
  readonly firstReceiveCount?: number;
  /** The job's name in the experiment, when it has one (`short`, `long`). */
  readonly label?: string;
}

/** Step 8, for one run id. */
export interface BatchObservation {
  readonly kind: 'batch';
  readonly runId: string;
  readonly count: number;
  /** Index → `OK` lines. */
  readonly okByIndex: ReadonlyMap<number, number>;
  /** Index → `FAIL` lines. */
  readonly failByIndex: ReadonlyMap<number, number>;
  /** Every OK and FAIL line. */
  readonly deliveries: number;
  /** OK lines beyond the first for an index: successes processed again. */
  readonly reprocessed: number;
  /** Indexes found in the DLQ. */
  readonly dlqIndexes: readonly number[];
  /** Worker invocations and the records each carried (`batch-done` / `batch-failed` lines). */
  readonly batchSizes: readonly number[];
  /**
   * The same invocations with the run's indexes each carried and whether it failed as a whole
   * (`batch-failed`), in log order: how SQS and the mapping split the messages this time.
   */
  readonly batches?: readonly BatchRun[];
  /** Index → distinct SQS message ids seen: more than one after a redrive (it makes new messages). */
  readonly messageIdsByIndex: ReadonlyMap<number, number>;
  /** `invalid-message` lines for the raw (never-valid) messages the run sent. */
  readonly invalid: number;
  /** From the first to the last OK/FAIL line of the run, by the lines' timestamps. */
  readonly processingSeconds: number;
  /** The stack's DLQ alarm, for experiments that watch it. */
  readonly alarm?: AlarmObservation;
  /**
   * Indexes of the run's messages that no worker line mentions, by body id or SQS message id:
   * sent, yet never handed to the worker (an event filter deleted them, or they are still queued).
   */
  readonly unseen?: readonly number[];
  /** Messages left in the main queue (visible, in flight, delayed) when the run was observed. */
  readonly queueDepth?: number;
}

/** One state of a CloudWatch alarm, as DescribeAlarms (or the lab) reported it. */
export interface AlarmReading {
  readonly alarmName: string;
  readonly state: 'OK' | 'ALARM' | 'INSUFFICIENT_DATA';
  readonly reason: string;
  /** When the runner read it. */
  readonly atMs: number;
}

/** The DLQ alarm during a run. */
export interface AlarmObservation {
  /** Each state the runner saw, in order (a new reading only when the state changed). */
  readonly readings: readonly AlarmReading[];
  /** Subjects of the notifications the alarm's SNS topic received (undefined where the target cannot tell: AWS). */
  readonly notifications?: readonly string[];
}

/** One worker invocation of a Step 8 run. */
export interface BatchRun {
  readonly indexes: readonly number[];
  readonly failed: boolean;
}

/**
 * `fifo-dedup`: what the experiment's own producer and consumer saw on a FIFO queue, phase by
 * phase (the SQS calls are the observation: no worker runs).
 */
export interface FifoDedupObservation {
  readonly kind: 'fifo-dedup';
  /** Phase 1: the same job sent twice within the 5-minute interval (MessageDeduplicationId = id). */
  readonly withinInterval: {
    readonly sends: number;
    readonly deliveries: number;
    /** Both sends were answered with the same MessageId (the second was dropped, not stored). */
    readonly sameMessageId: boolean;
  };
  /** Phase 2: three jobs of one message group, in the order sent and in the order received. */
  readonly group: {
    readonly sent: readonly string[];
    readonly received: readonly string[];
    /** Receives while the group's first message was in flight that returned another of its messages. */
    readonly receivedWhileLocked: number;
  };
  /** Phase 3: the phase 1 job sent again once the interval had passed (the lab's clock moved 5 minutes on). */
  readonly afterInterval: { readonly deliveries: number; readonly newMessageId: boolean };
  /**
   * Phase 4: a job received and not deleted within its visibility timeout (processing outlived
   * it): SQS hands out the same message again; deduplication never sees a receive.
   */
  readonly slowConsumer: {
    readonly receives: number;
    readonly sameMessageId: boolean;
    readonly sameDeduplicationId: boolean;
    readonly lastReceiveCount: number;
  };
  /** Every delivery of the run (all phases). */
  readonly deliveries: number;
}

/** One consumer of `short-vs-long-polling`. */
export interface PollingConsumerObservation {
  readonly waitTimeSeconds: number;
  /** ReceiveMessage calls made during the period. */
  readonly calls: number;
  /** Calls that returned no message. */
  readonly emptyResponses: number;
  readonly messagesSent: number;
  readonly messagesReceived: number;
  /** ReceiveMessage calls at the price table's rate, in US dollars. */
  readonly costUsd: number;
  /** Seconds from a send to its receive, one per message received. */
  readonly latenciesSeconds: readonly number[];
}

/** `short-vs-long-polling`: the same period and sends, polled with WaitTimeSeconds 0 and then 20. */
export interface PollingObservation {
  readonly kind: 'polling';
  readonly periodSeconds: number;
  readonly short: PollingConsumerObservation;
  readonly long: PollingConsumerObservation;
  /** US dollars per million requests (cost/prices.ts). */
  readonly usdPerMillionRequests: number;
}

/** What an experiment without a stack (its own producer and consumer on SQS) observed. */
export type QueueObservation = FifoDedupObservation | PollingObservation;

export type Observation = VisibilityObservation | BatchObservation | QueueObservation;

const countWhere = (lines: readonly WorkerLine[], test: (line: WorkerLine) => boolean): number =>
  lines.filter(test).length;

/** Step 7 observation of job `id`. */
export function observeVisibility(
  lines: readonly WorkerLine[],
  id: string,
  effects: number,
  dlq: number,
): VisibilityObservation {
  const mine = lines.filter((line) => line.id === id);
  return {
    kind: 'visibility',
    id,
    deliveries: countWhere(mine, (l) => logEventOf(l) === 'start'),
    skipped: countWhere(mine, (l) => logEventOf(l) === 'duplicate-skipped'),
    inProgress: countWhere(mine, (l) => logEventOf(l) === 'duplicate-in-progress'),
    effects,
    heartbeats: countWhere(mine, (l) => logEventOf(l) === 'heartbeat'),
    heartbeatFailures: countWhere(mine, (l) => logEventOf(l) === 'heartbeat-failed'),
    workFailures: countWhere(mine, (l) => logEventOf(l) === 'work-failed'),
    dlq,
    messages: new Set(mine.filter((l) => logEventOf(l) === 'start').map((l) => l.messageId)).size,
    firstReceiveWaits: firstReceiveWaitsOf(mine),
  };
}

/** Seconds from send to first receive of each SQS message that has a `start` line with both times. */
function firstReceiveWaitsOf(lines: readonly WorkerLine[]): number[] {
  const byMessage = new Map<string, { readonly sent: number; readonly wait: number }>();
  for (const line of lines) {
    if (logEventOf(line) !== 'start' || typeof line.messageId !== 'string' || byMessage.has(line.messageId)) continue;
    const sent = Number(line.sentTimestamp);
    const firstReceive = Number(line.firstReceiveTimestamp);
    if (!(sent > 0) || !(firstReceive > 0)) continue;
    byMessage.set(line.messageId, { sent, wait: (firstReceive - sent) / 1000 });
  }
  return [...byMessage.values()].sort((a, b) => a.sent - b.sent).map((entry) => entry.wait);
}

/** A Step 7 sweep: each job observed alone, and the sums as the sweep's observation. */
export function observeSweep(
  lines: readonly WorkerLine[],
  jobs: readonly { readonly id: string; readonly sleep: number; readonly effects: number; readonly label?: string }[],
  dlq: number,
): VisibilityObservation {
  const observed = jobs.map((job): SweepJobObservation => {
    const o = observeVisibility(lines, job.id, job.effects, 0);
    return {
      id: job.id,
      sleep: job.sleep,
      ...(job.label === undefined ? {} : { label: job.label }),
      deliveries: o.deliveries,
      skipped: o.skipped,
      inProgress: o.inProgress,
      effects: o.effects,
      heartbeats: o.heartbeats,
      ...firstReceiveCountOf(lines, job.id),
    };
  });
  const sum = (pick: (job: SweepJobObservation) => number): number =>
    observed.reduce((total, job) => total + pick(job), 0);
  return {
    kind: 'visibility',
    id: jobs.map((job) => job.id).join(','),
    deliveries: sum((job) => job.deliveries),
    skipped: sum((job) => job.skipped),
    inProgress: sum((job) => job.inProgress),
    effects: sum((job) => job.effects),
    heartbeats: sum((job) => job.heartbeats),
    heartbeatFailures: countWhere(
      lines,
      (l) => logEventOf(l) === 'heartbeat-failed' && jobs.some((job) => job.id === l.id),
    ),
    workFailures: countWhere(lines, (l) => logEventOf(l) === 'work-failed' && jobs.some((job) => job.id === l.id)),
    dlq,
    jobs: observed,
  };
}

const timeOfLine = (line: WorkerLine): number => Date.parse(String(line.timestamp ?? ''));

/**
 * The visibility managers' requests among `lines` (the `heartbeat` and `visibility-released`
 * lines that carry a `request` number), the invocations of the jobs `ids`, and the jobs let go.
 * Undefined when no manager made a request.
 */
export function observeManager(lines: readonly WorkerLine[], ids: ReadonlySet<string>): ManagerObservation | undefined {
  const mine = lines.filter((line) => typeof line.id === 'string' && ids.has(line.id));
  const requests = new Map<string, { -readonly [K in keyof ManagerRequest]: ManagerRequest[K] }>();
  for (const line of mine) {
    if (
      (logEventOf(line) !== 'heartbeat' && logEventOf(line) !== 'visibility-released') ||
      typeof line.request !== 'number'
    )
      continue;
    const invocation = String(line.requestId ?? '');
    const key = `${invocation}|${line.request}`;
    const request = requests.get(key) ?? {
      invocation,
      request: line.request,
      entries: Number(line.batchEntries ?? 0),
      extended: 0,
      released: 0,
      atMs: timeOfLine(line),
    };
    if (logEventOf(line) === 'heartbeat') request.extended += 1;
    else request.released += 1;
    requests.set(key, request);
  }
  if (requests.size === 0) return undefined;
  const invocations = new Map<string, string[]>();
  for (const line of mine) {
    if (logEventOf(line) !== 'start') continue;
    const invocation = String(line.requestId ?? '');
    invocations.set(invocation, [...(invocations.get(invocation) ?? []), String(line.id)]);
  }
  const released = mine
    .filter((line) => logEventOf(line) === 'visibility-released')
    .map((line) => {
      const atMs = timeOfLine(line);
      const again = mine.find((l) => l.id === line.id && logEventOf(l) === 'start' && timeOfLine(l) > atMs);
      return {
        id: String(line.id),
        keptSeconds: Number(line.keptMs ?? 0) / 1000,
        atMs,
        ...(again === undefined ? {} : { receivedAgainAtMs: timeOfLine(again) }),
      };
    });
  return {
    requests: [...requests.values()].sort((a, b) => a.atMs - b.atMs),
    invocations: [...invocations].map(([invocation, jobIds]) => ({ invocation, ids: jobIds })),
    released,
  };
}

/**
 * Each job's first receive, the deadline in force when the workers crashed at `atMs` (the
 * last heartbeat's, or the queue's `visibilityTimeoutSeconds` from the receive) and the
 * first receive after the crash.
 */
export function observeCrash(
  lines: readonly WorkerLine[],
  jobs: readonly { readonly id: string; readonly label?: string }[],
  atMs: number,
  visibilityTimeoutSeconds: number,
): CrashObservation {
  return {
    atMs,
    jobs: jobs.flatMap((job) => {
      const mine = lines.filter((line) => line.id === job.id);
      const first = mine.find((line) => logEventOf(line) === 'start');
      if (first === undefined) return [];
      // SQS's own time of the receive (the first delivery's `firstReceiveTimestamp`), not the
      // Start line's: a cold start comes between them, and it grows with the function's bundle.
      const sqsReceivedAtMs = Number(first.firstReceiveTimestamp);
      const receivedAtMs =
        Number.isFinite(sqsReceivedAtMs) && sqsReceivedAtMs > 0 ? sqsReceivedAtMs : timeOfLine(first);
      const last = mine.filter((line) => logEventOf(line) === 'heartbeat' && timeOfLine(line) <= atMs).at(-1);
      const lastExtensionAtMs = last === undefined ? undefined : timeOfLine(last);
      const deadlineAtMs =
        last === undefined
          ? receivedAtMs + visibilityTimeoutSeconds * 1000
          : timeOfLine(last) + Number(last.extendedBySeconds ?? 0) * 1000;
      const retry = mine.find((line) => logEventOf(line) === 'start' && timeOfLine(line) > atMs);
      return [
        {
          id: job.id,
          label: job.label ?? job.id,
          receivedAtMs,
          deadlineAtMs,
          ...(lastExtensionAtMs === undefined ? {} : { lastExtensionAtMs }),
          ...(retry === undefined ? {} : { retriedAtMs: timeOfLine(retry) }),
        },
      ];
    }),
  };
}

function firstReceiveCountOf(lines: readonly WorkerLine[], id: string): { firstReceiveCount?: number } {
  const first = lines.find((line) => line.id === id && logEventOf(line) === 'start')?.receiveCount;
  return first === undefined ? {} : { firstReceiveCount: Number(first) };
}

/** The index of a Step 8 body id `<runId>-<index>`, when it belongs to `runId`. */
export function batchIndexOf(id: unknown, runId: string): number | undefined {
  if (typeof id !== 'string' || !id.startsWith(`${runId}-`)) return undefined;
  const index = Number(id.slice(runId.length + 1));
  return Number.isInteger(index) && index > 0 ? index : undefined;
}

/**
 * Step 8 observation of run `runId`; `dlqIds` are the body ids found in the DLQ;
 * `rawMessageIds` the SQS ids of bodies the run sent straight to the queue; `sentMessageIds`
 * the producer's answer (body id → SQS message id), which gives `unseen`.
 */
export function observeBatch(
  lines: readonly WorkerLine[],
  runId: string,
  count: number,
  dlqIds: readonly string[],
  rawMessageIds: readonly string[] = [],
  sentMessageIds?: Readonly<Record<string, string>>,
): BatchObservation {
  const okByIndex = new Map<number, number>();
  const failByIndex = new Map<number, number>();
  const messageIds = new Map<number, Set<string>>();
  const times: number[] = [];
  for (const line of lines) {
    const index = batchIndexOf(line.id, runId);
    if (index === undefined) continue;
    if (logEventOf(line) === 'ok') okByIndex.set(index, (okByIndex.get(index) ?? 0) + 1);
    if (logEventOf(line) === 'fail') failByIndex.set(index, (failByIndex.get(index) ?? 0) + 1);
    if (logEventOf(line) !== 'ok' && logEventOf(line) !== 'fail') continue;
    if (typeof line.messageId === 'string')
      messageIds.set(index, (messageIds.get(index) ?? new Set()).add(line.messageId));
    const time = Date.parse(String(line.timestamp ?? ''));
    if (Number.isFinite(time)) times.push(time);
  }
  const raw = new Set(rawMessageIds);
  const ours = new Set(
    lines
      .filter((l) => batchIndexOf(l.id, runId) !== undefined || raw.has(String(l.messageId)))
      .map((l) => l.messageId),
  );
  const batchLines = lines
    .filter((l) => logEventOf(l) === 'batch-done' || logEventOf(l) === 'batch-failed')
    .filter((l) => Array.isArray(l.messageIds) && (l.messageIds as unknown[]).some((m) => ours.has(m as string)));
  const batchSizes = batchLines.map((l) => Number(l.records));
  const indexOfMessage = new Map<string, number>();
  for (const line of lines) {
    const index = batchIndexOf(line.id, runId);
    if (index !== undefined && typeof line.messageId === 'string') indexOfMessage.set(line.messageId, index);
  }
  const batches = batchLines.map((l) => ({
    indexes: (l.messageIds as unknown[])
      .map((m) => indexOfMessage.get(String(m)))
      .filter((index): index is number => index !== undefined),
    failed: logEventOf(l) === 'batch-failed',
  }));
  let reprocessed = 0;
  for (const okCount of okByIndex.values()) reprocessed += Math.max(0, okCount - 1);
  const sum = (map: ReadonlyMap<number, number>): number => [...map.values()].reduce((a, b) => a + b, 0);
  return {
    kind: 'batch',
    runId,
    count,
    okByIndex,
    failByIndex,
    deliveries: sum(okByIndex) + sum(failByIndex),
    reprocessed,
    dlqIndexes: dlqIds
      .map((dlqId) => batchIndexOf(dlqId, runId))
      .filter((index): index is number => index !== undefined)
      .sort((a, b) => a - b),
    batchSizes,
    batches,
    messageIdsByIndex: new Map([...messageIds].map(([index, ids]) => [index, ids.size])),
    invalid: countWhere(lines, (l) => logEventOf(l) === 'invalid-message' && raw.has(String(l.messageId))),
    processingSeconds: times.length < 2 ? 0 : (Math.max(...times) - Math.min(...times)) / 1000,
    ...(sentMessageIds === undefined ? {} : { unseen: unseenIndexes(lines, runId, sentMessageIds) }),
  };
}

/** Indexes of the sent messages whose body id and SQS message id appear in no line. */
function unseenIndexes(
  lines: readonly WorkerLine[],
  runId: string,
  sentMessageIds: Readonly<Record<string, string>>,
): number[] {
  const mentioned = new Set<unknown>();
  for (const line of lines) {
    mentioned.add(line.id);
    mentioned.add(line.messageId);
    if (Array.isArray(line.messageIds)) for (const messageId of line.messageIds as unknown[]) mentioned.add(messageId);
  }
  return Object.entries(sentMessageIds)
    .filter(([id, messageId]) => !mentioned.has(id) && !mentioned.has(messageId))
    .map(([id]) => batchIndexOf(id, runId))
    .filter((index): index is number => index !== undefined)
    .sort((a, b) => a - b);
}
