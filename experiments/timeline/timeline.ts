/**
 * What happened to each message of a run, on one time axis: built only from what both targets
 * can observe (the workers' JSON log lines, which the lab prints and CloudWatch Logs stores,
 * and what the runner read from SQS: the DLQ's contents at each poll, the redrives it did).
 * The renderers (SVG, Mermaid) draw this model and nothing else.
 *
 * A delivery, in the log lines, is one receive of one message by one invocation:
 *
 *   receive ──▶ invisible until the deadline in force ──▶ deleted, or visible again
 *               (the queue's timeout from the receive;
 *                each heartbeat sets it to "now + N s")
 *
 * The receive time is the delivery's first line (`start`, or the `OK`/`FAIL` of a batch
 * record): the receive itself is a few milliseconds earlier and is not logged.
 *
 * A delayed Step 7 message (a message timer, or the queue's DelaySeconds) also gets the send and
 * the delay before its first receive, from SQS's SentTimestamp in the `start` line:
 *
 *   sent ──▶ delayed (no consumer can receive it) ──▶ visible ──▶ receive 1 …
 */
import type {
  Language,
  Timeline as LabTimeline,
  TimelineLane as LabTimelineLane,
  TimelineMark as LabTimelineMark,
  TimelineSpan,
} from '@sqs-lab/lab';
import { type LogEvent, logEventIn, logEventOf } from '../../lambda/commons/log-event';
import type { WorkerLine } from '../observation';
import { MESSAGES, type Messages } from '../locales/messages';

/** A point on a lane. */
export type TimelineMarkKind =
  | 'sent'
  | 'receive'
  | 'heartbeat'
  | 'heartbeat-failed'
  | 'released'
  | 'visible-again'
  | 'claimed'
  | 'in-progress'
  | 'skipped'
  | 'completed'
  | 'ok'
  | 'failed'
  | 'batch-failed'
  | 'claim-lost'
  | 'deleted'
  | 'stale-delete'
  | 'dlq'
  | 'redrive'
  | 'crashed'
  | 'alarm'
  | 'alarm-ok';

/** A mark of the tutorial's timeline. */
export type TimelineMark = LabTimelineMark<TimelineMarkKind>;
/** A message's lane, with the tutorial's marks. */
export type TimelineLane = LabTimelineLane<TimelineMarkKind>;
/** A run, one lane per message. */
export type Timeline = LabTimeline<TimelineMarkKind>;
export type { TimelineSpan };

/** A message entering (`in`) or leaving (`out`) the DLQ, as the runner's polls saw it. */
export interface DlqMove {
  readonly id: string;
  readonly atMs: number;
  readonly direction: 'in' | 'out';
}

/** What a timeline is built from. */
export interface TimelineInput {
  readonly title: string;
  /** Epoch ms of the first send: time 0 on the axis. */
  readonly startedAtMs: number;
  readonly endedAtMs: number;
  /** The queue's visibility timeout: a receive hides the message this long. */
  readonly visibilityTimeoutSeconds: number;
  readonly lines: readonly WorkerLine[];
  /** The body ids to draw, in lane order, with their lane labels. */
  readonly lanes: readonly { readonly id: string; readonly label: string }[];
  readonly dlqMoves?: readonly DlqMove[];
  /** The main queue's DelaySeconds: the delay of a message sent without a timer of its own. */
  readonly queueDelaySeconds?: number;
  /** When the lab crashed the workers (epoch ms): a delivery that never logged its end ends there. */
  readonly crashedAtMs?: number;
  /** The DLQ alarm's states as the runner read them: drawn on a lane of their own. */
  readonly alarmStates?: readonly { readonly atMs: number; readonly state: string; readonly alarmName: string }[];
}

interface TimedLine {
  readonly line: WorkerLine;
  readonly ms: number;
}

/** One receive of one message by one invocation. */
interface Delivery {
  readonly id: string;
  readonly messageId: string;
  readonly receive: number;
  readonly requestId: string;
  readonly lines: TimedLine[];
}

/** Ends of a Step 7 delivery that delete the message (the mapping deletes what succeeded). */
const DELETING_ENDS = new Set<LogEvent>(['completed', 'duplicate-skipped']);
/** Ends of a Step 7 delivery that leave it in the queue (reported as a batch item failure). */
const KEEPING_ENDS = new Set<LogEvent>(['duplicate-in-progress', 'claim-lost', 'work-failed']);
const RECORD_EVENTS = new Set<LogEvent>([
  'start',
  'heartbeat',
  'heartbeat-failed',
  'heartbeat-ceiling',
  'visibility-released',
  'release-failed',
  ...DELETING_ENDS,
  ...KEEPING_ENDS,
  'ok',
  'fail',
]);

const timeOf = (line: WorkerLine): number => Date.parse(String(line.timestamp ?? ''));

/** Builds the lanes of a run from its log lines and DLQ moves, labelled in `language`. */
export function buildTimeline(input: TimelineInput, language: Language = 'en'): Timeline {
  const say = MESSAGES[language].timeline;
  const at = (ms: number): number => round((ms - input.startedAtMs) / 1000);
  const end = at(input.endedAtMs);
  const timed = input.lines
    .map((line) => ({ line, ms: timeOf(line) }))
    .filter((t) => Number.isFinite(t.ms))
    .sort((a, b) => a.ms - b.ms);
  const batchEnds = new Map<string, TimedLine>();
  for (const t of timed) {
    if (
      (logEventOf(t.line) === 'batch-done' || logEventOf(t.line) === 'batch-failed') &&
      typeof t.line.requestId === 'string'
    )
      batchEnds.set(t.line.requestId, t);
  }
  const lanes = input.lanes.map(({ id, label }): TimelineLane => {
    const deliveries = deliveriesOf(
      timed.filter((t) => t.line.id === id && logEventIn(t.line, RECORD_EVENTS)),
      id,
    );
    const spans: TimelineSpan[] = [];
    const marks: TimelineMark[] = [];
    const push = (row: number) => ({
      span: (span: Omit<TimelineSpan, 'row'>) => spans.push({ ...span, row }),
      mark: (mark: Omit<TimelineMark, 'row'>) => marks.push({ ...mark, row }),
    });
    deliveries.forEach((delivery, index) => {
      if (delivery.receive === 1)
        drawSend(delivery, { ...push(index), at, say, queueDelaySeconds: input.queueDelaySeconds });
      const next = deliveries.slice(index + 1).find((d) => d.messageId === delivery.messageId);
      drawDelivery(delivery, {
        ...push(index),
        at,
        end,
        say,
        vt: input.visibilityTimeoutSeconds,
        batchEnd: batchEnds.get(delivery.requestId),
        nextReceiveMs: next?.lines[0]?.ms,
        crashedAt: input.crashedAtMs === undefined ? undefined : at(input.crashedAtMs),
      });
    });
    for (const move of input.dlqMoves ?? []) {
      if (move.id !== id) continue;
      // On the row of the last receive before the move.
      const row = Math.max(0, deliveries.filter((d) => (d.lines[0]?.ms ?? 0) <= move.atMs).length - 1);
      push(row).mark(
        move.direction === 'in'
          ? {
              kind: 'dlq',
              at: at(move.atMs),
              label: say.dlqLabel,
              title: say.dlqTitle(label, at(move.atMs)),
            }
          : {
              kind: 'redrive',
              at: at(move.atMs),
              label: say.redriveLabel,
              title: say.redriveTitle(label, at(move.atMs)),
            },
      );
    }
    marks.sort((a, b) => a.at - b.at);
    return { id, label, rows: Math.max(1, deliveries.length), spans, marks };
  });
  const alarmLane = alarmLaneOf(input.alarmStates ?? [], at, say);
  return {
    title: input.title,
    seconds: end,
    visibilityTimeoutSeconds: input.visibilityTimeoutSeconds,
    lanes: alarmLane === undefined ? lanes : [...lanes, alarmLane],
    ...(language === 'en' ? {} : { language }),
  };
}

/** The DLQ alarm's lane: one mark per state the runner saw (no spans: an alarm is not a message). */
function alarmLaneOf(
  states: NonNullable<TimelineInput['alarmStates']>,
  at: (ms: number) => number,
  say: Messages['timeline'],
): TimelineLane | undefined {
  if (states.length === 0) return undefined;
  const marks = states.map(({ atMs, state, alarmName }): TimelineMark => ({
    kind: state === 'ALARM' ? 'alarm' : 'alarm-ok',
    at: at(atMs),
    row: 0,
    label: say.alarmLabel(state),
    title: say.alarmTitle(alarmName, state, at(atMs)),
  }));
  return { id: 'dlq-alarm', label: say.laneAlarm, rows: 1, spans: [], marks };
}

/** Groups a message's lines by receive: (message id, receive count, invocation). */
function deliveriesOf(lines: readonly TimedLine[], id: string): Delivery[] {
  const byKey = new Map<string, Delivery>();
  for (const t of lines) {
    const messageId = String(t.line.messageId ?? '');
    const receive = Number(t.line.receiveCount ?? 0);
    const requestId = String(t.line.requestId ?? '');
    const key = `${messageId}|${receive}|${requestId}`;
    const delivery = byKey.get(key) ?? { id, messageId, receive, requestId, lines: [] };
    delivery.lines.push(t);
    byKey.set(key, delivery);
  }
  return [...byKey.values()].sort((a, b) => (a.lines[0]?.ms ?? 0) - (b.lines[0]?.ms ?? 0));
}

/**
 * The send of a Step 7 message, on the row of its first receive, when there is something to see
 * before that receive: a delay (the job's own timer, else the queue's), or a second send of the
 * same job. Drawn from SQS's SentTimestamp, which the worker's `start` line carries.
 */
function drawSend(
  delivery: Delivery,
  c: Pick<DrawContext, 'at' | 'span' | 'mark' | 'say'> & { readonly queueDelaySeconds?: number },
): void {
  const start = delivery.lines.find((t) => logEventOf(t.line) === 'start')?.line;
  const sentMs = Number(start?.sentTimestamp);
  if (start === undefined || !Number.isFinite(sentMs) || sentMs <= 0) return;
  const job = start.job as { readonly delaySeconds?: unknown; readonly sendTwice?: unknown } | undefined;
  const timer = typeof job?.delaySeconds === 'number' ? job.delaySeconds : undefined;
  const delay = timer ?? c.queueDelaySeconds ?? 0;
  if (delay <= 0 && job?.sendTwice !== true) return;
  const sent = c.at(sentMs);
  const source = timer !== undefined ? 'timer' : 'queue';
  c.mark({
    kind: 'sent',
    at: sent,
    label: c.say.sentLabel,
    title: c.say.sentTitle(delivery.messageId, sent, delay, source),
  });
  if (delay <= 0) return;
  const visible = c.at(sentMs + delay * 1000);
  c.span({
    kind: 'delayed',
    start: sent,
    end: visible,
    receive: 0,
    label: c.say.delayedLabel(delay),
    title: c.say.delayedTitle(sent, visible, source),
  });
}

interface DrawContext {
  readonly at: (ms: number) => number;
  /** The run's end, in seconds. */
  readonly end: number;
  readonly vt: number;
  readonly say: Messages['timeline'];
  /** The invocation's `batch-done` / `batch-failed` line (Step 8). */
  readonly batchEnd: TimedLine | undefined;
  /** The next receive of the same SQS message, if any. */
  readonly nextReceiveMs: number | undefined;
  /** When the lab crashed the workers, in seconds, if it did. */
  readonly crashedAt: number | undefined;
  readonly span: (span: Omit<TimelineSpan, 'row'>) => void;
  readonly mark: (mark: Omit<TimelineMark, 'row'>) => void;
}

/** The spans and marks of one delivery. */
function drawDelivery(delivery: Delivery, c: DrawContext): void {
  const first = delivery.lines[0];
  if (first === undefined) return;
  const n = delivery.receive;
  const say = c.say;
  const received = c.at(first.ms);
  c.mark({
    kind: 'receive',
    at: received,
    label: say.receiveLabel(n),
    title: say.receiveTitle(n, delivery.messageId, received, c.vt),
  });
  let deadline = round(received + c.vt);
  const superseded: number[] = [];
  let deletedAt: number | undefined;
  let endedAt: number | undefined;
  const isBatchRecord = delivery.lines.some((t) => logEventOf(t.line) === 'ok' || logEventOf(t.line) === 'fail');
  const guarded = delivery.lines.some((t) => logEventOf(t.line) === 'start' && guardOn(t.line));

  for (const { line, ms } of delivery.lines) {
    const t = c.at(ms);
    switch (logEventOf(line)) {
      case 'heartbeat': {
        const seconds = Number(line.extendedBySeconds ?? 0);
        superseded.push(deadline);
        deadline = round(t + seconds);
        c.mark({
          kind: 'heartbeat',
          at: t,
          label: say.heartbeatLabel(seconds),
          title: say.heartbeatTitle(t, seconds, superseded.at(-1) ?? deadline, deadline),
        });
        break;
      }
      case 'visibility-released':
        superseded.push(deadline);
        deadline = t;
        c.mark({
          kind: 'released',
          at: t,
          label: say.releasedLabel,
          title: say.releasedTitle(t),
        });
        break;
      case 'heartbeat-failed':
        c.mark({
          kind: 'heartbeat-failed',
          at: t,
          label: say.heartbeatFailedLabel,
          title: say.heartbeatFailedTitle(t, String(line.errorName ?? ''), deadline),
        });
        break;
      case 'start':
        if (guarded && deliveryClaimed(delivery))
          c.mark({
            kind: 'claimed',
            at: t,
            label: say.claimedLabel,
            title: say.claimedTitle(t),
          });
        break;
      case 'duplicate-in-progress':
        endedAt = t;
        c.mark({
          kind: 'in-progress',
          at: t,
          label: say.inProgressLabel,
          word: say.inProgressWord,
          title: say.inProgressTitle(t),
        });
        break;
      case 'duplicate-skipped':
        endedAt = t;
        c.mark({
          kind: 'skipped',
          at: t,
          label: say.skippedLabel,
          word: say.skippedWord,
          title: say.skippedTitle(t, String(line.effects ?? '?')),
        });
        break;
      case 'completed': {
        endedAt = t;
        const effects = Number(line.effects ?? 0);
        c.mark({
          kind: 'completed',
          at: t,
          label: say.completedLabel(effects),
          word: say.completedWord(effects),
          title: line.guard === false ? say.completedUnguardedTitle(t, effects) : say.completedTitle(t, effects),
        });
        break;
      }
      case 'claim-lost':
        endedAt = t;
        c.mark({
          kind: 'claim-lost',
          at: t,
          label: say.claimLostLabel,
          title: say.claimLostTitle(t),
        });
        break;
      case 'work-failed':
        endedAt = t;
        c.mark({
          kind: 'failed',
          at: t,
          label: say.workFailedLabel,
          title: say.workFailedTitle(t, String(line.errorName ?? '')),
        });
        break;
      case 'ok':
        c.mark({ kind: 'ok', at: t, label: say.okLabel, title: say.okTitle(t) });
        break;
      case 'fail':
        c.mark({
          kind: 'failed',
          at: t,
          label: say.failLabel,
          title: say.failTitle(t),
        });
        break;
    }
  }

  // The first line comes after the receive (a cold start can take a second), so the deadline
  // drawn from it can be late; a later receive of the same message proves it had passed.
  const nextReceive = c.nextReceiveMs === undefined ? undefined : c.at(c.nextReceiveMs);
  if (nextReceive !== undefined && nextReceive < deadline) deadline = nextReceive;
  const last = delivery.lines.at(-1);
  let deleting = delivery.lines.some((t) => logEventIn(t.line, DELETING_ENDS));
  if (isBatchRecord) {
    const failedHere = delivery.lines.some((t) => logEventOf(t.line) === 'fail');
    const batch = c.batchEnd;
    if (batch !== undefined) {
      endedAt = c.at(batch.ms);
      const failedIds = Array.isArray(batch.line.failedMessageIds) ? (batch.line.failedMessageIds as unknown[]) : [];
      const batchFailed = logEventOf(batch.line) === 'batch-failed';
      deleting = !batchFailed && !failedHere && !failedIds.includes(delivery.messageId);
      if (batchFailed && !failedHere)
        c.mark({
          kind: 'batch-failed',
          at: endedAt,
          label: say.batchFailedLabel,
          word: say.batchFailedWord,
          title: say.batchFailedTitle(endedAt),
        });
    } else {
      deleting = false;
    }
  }
  if (endedAt === undefined && last !== undefined && isBatchRecord) endedAt = c.at(last.ms);
  if (endedAt === undefined && c.crashedAt !== undefined && received <= c.crashedAt) {
    endedAt = c.crashedAt;
    c.mark({
      kind: 'crashed',
      at: endedAt,
      label: say.crashedLabel,
      title: say.crashedTitle(endedAt, deadline),
    });
  }
  const running = endedAt === undefined;
  const workEnd = endedAt ?? c.end;
  c.span({
    kind: 'work',
    start: received,
    end: workEnd,
    receive: n,
    label: isBatchRecord ? say.workInvocation(n) : guarded ? say.workGuarded(n) : say.workUnguarded(n),
    title: say.workTitle(n, received, running ? undefined : workEnd),
    ...(running ? { open: true } : {}),
  });

  if (deleting && endedAt !== undefined) {
    const stale = nextReceive !== undefined && nextReceive <= endedAt;
    if (stale) {
      c.mark({
        kind: 'stale-delete',
        at: endedAt,
        label: say.staleDeleteLabel,
        word: say.staleDeleteWord,
        title: say.staleDeleteTitle(endedAt, n),
      });
    } else {
      deletedAt = endedAt;
      c.mark({
        kind: 'deleted',
        at: endedAt,
        label: say.deletedLabel,
        title: say.deletedTitle(endedAt),
      });
    }
  }
  const hiddenUntil = deletedAt !== undefined && deletedAt < deadline ? deletedAt : Math.min(deadline, c.end);
  c.span({
    kind: 'invisible',
    start: received,
    end: hiddenUntil,
    receive: n,
    label: say.invisibleLabel(n),
    title: say.invisibleTitle(
      n,
      received,
      deadline,
      superseded.length,
      deletedAt !== undefined && deletedAt < deadline ? deletedAt : undefined,
    ),
    ...(superseded.length > 0 ? { supersededDeadlines: superseded } : {}),
  });
  if ((deletedAt === undefined || deletedAt > deadline) && deadline <= c.end) {
    c.mark({
      kind: 'visible-again',
      at: deadline,
      label: say.visibleAgainLabel,
      word: say.visibleAgainWord,
      title: say.visibleAgainTitle(deadline, n),
    });
  }
}

/** Lines a delivery writes only while it holds the guard's claim. */
const CLAIMED_WORK = new Set<LogEvent>(['completed', 'claim-lost', 'work-failed', 'heartbeat']);

/** True when the delivery ran the guarded work (completed, lost its claim or failed in it). */
function deliveryClaimed(delivery: Delivery): boolean {
  return delivery.lines.some((t) => logEventIn(t.line, CLAIMED_WORK))
    ? !delivery.lines.some(
        (t) => logEventOf(t.line) === 'duplicate-in-progress' || logEventOf(t.line) === 'duplicate-skipped',
      )
    : !delivery.lines.some((t) => logEventIn(t.line, KEEPING_ENDS) || logEventIn(t.line, DELETING_ENDS));
}

function guardOn(line: WorkerLine): boolean {
  const job = line.job as { readonly idempotency?: unknown } | undefined;
  return job?.idempotency !== false;
}

function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}
