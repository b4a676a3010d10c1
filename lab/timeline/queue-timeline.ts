/**
 * The timeline of any app's queue, drawn from what SQS and Lambda saw and nothing of its
 * handlers: each message's send (and delay), each receive with the deadline in force (moved by
 * ChangeMessageVisibility, from any caller), the invocation that worked on it and what the event
 * source mapping then did (deleted it, or left it, and why), its delete, the timeout running out,
 * and its move to the dead-letter queue. One lane per message, one row per receive.
 *
 *   sent ─▶ receive 1 ─▶ invisible until the deadline ─▶ deleted, or visible again ─▶ receive 2 …
 *                        └ invocation: OK / not processed (why) ┘                     … ─▶ DLQ
 */
import type { Language } from '../common/language';
import { MESSAGES } from '../locales/messages';
import type { MessageEvent } from '../services/sqs/fidelity/message-history';
import type { InvocationHistory, MessageInvocation } from './invocation-history';
import type { Timeline, TimelineLane, TimelineMark, TimelineSpan } from './timeline-model';

/** The marks of a queue's timeline. */
export type QueueMarkKind = 'sent' | 'receive' | 'visibility' | 'visible-again' | 'ok' | 'failed' | 'deleted' | 'dlq';

/** A queue's timeline. */
export type QueueTimeline = Timeline<QueueMarkKind>;

/** An invocation that started a few ms before the receive's record was written still belongs to it. */
const RECEIVE_SLACK_MS = 50;

/** What a queue's timeline is drawn from. */
export interface QueueTimelineInput {
  /** The queue's name, for the title. */
  readonly queueName: string;
  /** What SQS did with the queue's latest messages (and those moved to its DLQ), each message's in order. */
  readonly events: readonly MessageEvent[];
  readonly invocations: Pick<InvocationHistory, 'of'>;
  /** The end of the axis, epoch ms (default now). */
  readonly nowMs?: number;
  readonly language?: Language;
}

/** Builds the timeline: time 0 is the first event drawn. */
export function buildQueueTimeline(input: QueueTimelineInput): QueueTimeline {
  const language = input.language ?? 'en';
  const say = MESSAGES[language].queueTimeline;
  const nowMs = input.nowMs ?? Date.now();
  const byMessage = new Map<string, MessageEvent[]>();
  for (const event of input.events) {
    const events = byMessage.get(event.messageId) ?? [];
    events.push(event);
    byMessage.set(event.messageId, events);
  }
  const startMs = Math.min(nowMs, ...input.events.map((event) => event.at));
  const at = (ms: number): number => Math.round((ms - startMs) / 100) / 10;
  const firstReceive = input.events.find((event) => event.kind === 'received');
  const lanes = [...byMessage].map(([messageId, events]) =>
    laneOf(messageId, events, input.invocations.of(messageId), { at, nowMs, say }),
  );
  return {
    title: say.title(input.queueName),
    seconds: at(nowMs),
    visibilityTimeoutSeconds:
      firstReceive?.kind === 'received' ? Math.round((firstReceive.visibleAt - firstReceive.at) / 1000) : 0,
    lanes,
    language,
  };
}

interface LaneContext {
  readonly at: (ms: number) => number;
  readonly nowMs: number;
  readonly say: (typeof MESSAGES)[Language]['queueTimeline'];
}

function laneOf(
  messageId: string,
  events: readonly MessageEvent[],
  invocations: readonly MessageInvocation[],
  context: LaneContext,
): TimelineLane<QueueMarkKind> {
  const { at, nowMs, say } = context;
  const spans: TimelineSpan[] = [];
  const marks: TimelineMark<QueueMarkKind>[] = [];
  const sent = events.find((event) => event.kind === 'sent');
  if (sent?.kind === 'sent') {
    marks.push({
      kind: 'sent',
      at: at(sent.at),
      row: 0,
      label: say.sentLabel,
      title: say.sentTitle(messageId, at(sent.at)),
    });
    if (sent.delayedUntil !== undefined) {
      const end = Math.min(sent.delayedUntil, nowMs);
      spans.push({
        kind: 'delayed',
        row: 0,
        start: at(sent.at),
        end: at(end),
        receive: 0,
        label: say.delayedLabel(Math.round((sent.delayedUntil - sent.at) / 1000)),
        title: say.delayedTitle(at(sent.at), at(sent.delayedUntil)),
        ...(sent.delayedUntil > nowMs ? { open: true } : {}),
      });
    }
  }
  const receives = events.filter((event) => event.kind === 'received');
  receives.forEach((receive, row) => {
    if (receive.kind !== 'received') return;
    const nextAt = receives[row + 1]?.at ?? Number.POSITIVE_INFINITY;
    drawReceive(
      receive,
      row,
      events.filter((event) => event.at >= receive.at && event.at < nextAt),
      context,
      { spans, marks },
    );
    const invocation = invocations.find((candidate) => {
      const began = candidate.startedAt ?? candidate.endedAt;
      return began >= receive.at - RECEIVE_SLACK_MS && began < nextAt;
    });
    if (invocation !== undefined) drawInvocation(invocation, receive, row, context, { spans, marks });
  });
  for (const event of events) {
    if (event.kind !== 'dead-lettered') continue;
    // A queue's name is the last part of its ARN.
    const queue = event.deadLetterQueueArn.split(':').pop() ?? '';
    marks.push({
      kind: 'dlq',
      at: at(event.at),
      row: Math.max(0, receives.filter((receive) => receive.at <= event.at).length - 1),
      label: say.dlqLabel,
      title: say.dlqTitle(at(event.at), queue),
    });
  }
  return {
    id: messageId,
    label: say.laneLabel(messageId, sent?.kind === 'sent' ? sent.bodyPreview : undefined),
    rows: Math.max(1, receives.length),
    spans,
    marks,
  };
}

/** A receive: its mark, the invisible bar to the deadline in force (moved by visibility changes), its end. */
function drawReceive(
  receive: MessageEvent & { readonly kind: 'received' },
  row: number,
  during: readonly MessageEvent[],
  { at, nowMs, say }: LaneContext,
  out: { spans: TimelineSpan[]; marks: TimelineMark<QueueMarkKind>[] },
): void {
  const n = receive.receiveCount;
  out.marks.push({
    kind: 'receive',
    at: at(receive.at),
    row,
    label: say.rowLabel(n),
    title: say.receiveTitle(n, at(receive.at), Math.round((receive.visibleAt - receive.at) / 1000)),
  });
  let deadline = receive.visibleAt;
  const superseded: number[] = [];
  let deletedAt: number | undefined;
  for (const event of during) {
    if (deletedAt !== undefined) break;
    if (event.kind === 'visibility') {
      const seconds = Math.round((event.visibleAt - event.at) / 1000);
      out.marks.push({
        kind: 'visibility',
        at: at(event.at),
        row,
        label: say.visibilityLabel(seconds),
        title: say.visibilityTitle(at(event.at), seconds, at(deadline), at(event.visibleAt)),
      });
      superseded.push(at(deadline));
      deadline = event.visibleAt;
    } else if (event.kind === 'deleted') {
      deletedAt = event.at;
      out.marks.push({
        kind: 'deleted',
        at: at(event.at),
        row,
        label: say.deletedLabel,
        title: say.deletedTitle(at(event.at)),
      });
    }
  }
  const open = deletedAt === undefined && deadline > nowMs;
  const end = open ? nowMs : Math.min(deletedAt ?? deadline, deadline);
  out.spans.push({
    kind: 'invisible',
    row,
    start: at(receive.at),
    end: at(end),
    receive: n,
    label: say.invisibleLabel(n),
    title: say.invisibleTitle(n, at(receive.at), at(deadline), deletedAt === undefined ? undefined : at(deletedAt)),
    ...(superseded.length > 0 ? { supersededDeadlines: superseded } : {}),
    ...(open ? { open: true } : {}),
  });
  if (deletedAt === undefined && !open)
    out.marks.push({
      kind: 'visible-again',
      at: at(deadline),
      row,
      label: say.visibleAgainLabel,
      title: say.visibleAgainTitle(at(deadline), n),
    });
}

/** The invocation that worked on a receive, and what the mapping then did with the message. */
function drawInvocation(
  invocation: MessageInvocation,
  receive: MessageEvent & { readonly kind: 'received' },
  row: number,
  { at, say }: LaneContext,
  out: { spans: TimelineSpan[]; marks: TimelineMark<QueueMarkKind>[] },
): void {
  const from = at(invocation.startedAt ?? receive.at);
  const to = at(invocation.endedAt);
  out.spans.push({
    kind: 'work',
    row,
    start: from,
    end: to,
    receive: receive.receiveCount,
    label: say.workLabel(invocation.functionName),
    title: say.workTitle(invocation.functionName, invocation.requestId, from, to),
  });
  out.marks.push(
    invocation.deleted
      ? {
          kind: 'ok',
          at: to,
          row,
          label: say.okLabel,
          title: say.okTitle(to, invocation.functionName, invocation.requestId),
        }
      : {
          kind: 'failed',
          at: to,
          row,
          label: say.failedLabel(invocation.reason),
          title: say.failedTitle(to, invocation.functionName, invocation.requestId, say.failedLabel(invocation.reason)),
        },
  );
}
