/**
 * The stacks' cards: each queue's counts, the messages in flight with their countdown to visible
 * again (moved in place every 200 ms, redrawn only when the state changes), the DLQ a page at a
 * time with a redrive button, the table's items, the alarms, and each SNS topic's messages with
 * their path to every subscription (delivered, filtered out, not delivered and why), and the
 * queue's timeline (queue-timeline-view.ts).
 */
import { CONSOLE, word } from './console-config';
import { $, escape, fetchJson } from './dom';
import { timelineSection } from './queue-timeline-view';

/** A queue of a stack, as `/api/state` describes it. */
interface QueueView {
  readonly id: string;
  readonly role: string;
  readonly visibilityTimeoutSeconds: number;
  readonly visible: number;
  readonly inFlight: number;
  readonly delayed: number;
}

/** A message in flight. */
interface InFlightView {
  readonly messageId: string;
  readonly id: string;
  readonly receiveCount: number;
  readonly extensions: number;
  readonly receivedAt: number;
  readonly deadline: number;
}

/** A message of the DLQ. */
interface DlqMessageView {
  readonly messageId: string;
  readonly body: string;
  readonly receiveCount: number;
  readonly receiveCountOnArrival?: number;
}

/** A page of the DLQ. */
interface DlqPageView {
  readonly offset: number;
  readonly total: number;
  readonly messages: readonly DlqMessageView[];
  readonly error?: string;
}

/** A topic of a stack, with each latest message's path to its subscriptions (lab/console/topic-paths.ts). */
interface TopicView {
  readonly id: string;
  readonly name: string;
  readonly subscriptions: readonly {
    readonly subscriptionArn: string;
    readonly protocol: string;
    readonly target: string;
    readonly raw: boolean;
    readonly filterPolicy?: string;
  }[];
  readonly messages: readonly {
    readonly messageId: string;
    readonly time: number;
    readonly subject?: string;
    readonly preview: string;
    readonly steps: readonly {
      readonly subscriptionArn: string;
      readonly outcome: 'delivered' | 'filtered' | 'failed';
      readonly reason?: string;
      readonly afterMs: number;
    }[];
  }[];
}

/** One stack, as `/api/state` describes it. */
export interface StackView {
  readonly stackName: string;
  readonly queues: readonly QueueView[];
  readonly inFlight: readonly InFlightView[];
  readonly dlqTotal: number;
  readonly dlqMessages: readonly DlqMessageView[];
  readonly tableId?: string;
  readonly tableItems: readonly unknown[];
  readonly alarms: readonly { readonly state: string; readonly actionFailed?: string }[];
  readonly topics?: readonly TopicView[];
}

/** The lab's state, as `/api/state` and the `state` events send it. */
export interface LabStateView {
  readonly now: number;
  readonly stacks: readonly StackView[];
}

let state: LabStateView = { now: Date.now(), stacks: [] };
/** The server's clock minus the page's, so countdowns follow the lab's time. */
let offset = 0;
/** The DLQ page each stack shows beyond the first (which the state carries). */
const dlqPages = new Map<string, DlqPageView>();

/** Takes a new state; redraws when it differs from the one drawn. */
export function showState(next: LabStateView, changed: boolean): void {
  state = next;
  offset = next.now - Date.now();
  if (!changed) return;
  // A later DLQ page is read again with each change, so it stays as current as the first.
  for (const [name, page] of dlqPages) void loadDlqPage(name, page.offset);
  renderStacks();
}

/** Shows the DLQ page of `stackName` starting at `from` (0: back to the state's first page). */
export async function loadDlqPage(stackName: string, from: number): Promise<void> {
  if (from <= 0) {
    dlqPages.delete(stackName);
    renderStacks();
    return;
  }
  const page = await fetchJson<DlqPageView>(
    `/api/dlq?lang=${CONSOLE.lang}&stack=${encodeURIComponent(stackName)}&offset=${from}`,
  );
  if (page.error === undefined) {
    dlqPages.set(stackName, page);
    renderStacks();
  }
}

function dlqSection(stack: StackView): string {
  const page = dlqPages.get(stack.stackName) ?? { offset: 0, total: stack.dlqTotal, messages: stack.dlqMessages };
  const rows = page.messages
    .map(
      (m) =>
        `<tr data-dlq-message="${escape(m.messageId)}"><td>${escape(Array.from(m.body).slice(0, 80).join(''))}</td>` +
        `<td class="arrival-receives">${m.receiveCountOnArrival === undefined ? '-' : m.receiveCountOnArrival}</td><td class="receives-now">${m.receiveCount}</td></tr>`,
    )
    .join('');
  const first = page.total === 0 ? 0 : page.offset + 1;
  const last = page.offset + page.messages.length;
  const nav =
    `<span class="muted" data-dlq-range="${first}-${last}/${page.total}">${first}–${last} ${word('dlqShowing')} ${word('dlqOf')} ${page.total}</span> ` +
    `<button data-dlq-page="${stack.stackName}" data-dlq-offset="${page.offset - CONSOLE.dlqPage}"${page.offset > 0 ? '' : ' disabled'}>${word('dlqPrevious')}</button> ` +
    `<button data-dlq-page="${stack.stackName}" data-dlq-offset="${page.offset + CONSOLE.dlqPage}"${last < page.total ? '' : ' disabled'}>${word('dlqNext')}</button>`;
  return (
    `<h3>DLQ ${nav} <button data-redrive="${stack.stackName}">${word('redrive')}</button></h3>` +
    `<table><tr><th>${word('dlqBody')}</th><th>${word('dlqArrivalReceives')}</th><th>${word('dlqReceivesNow')}</th></tr>${rows}</table>`
  );
}

const OUTCOME_WORDS = { delivered: 'topicDelivered', filtered: 'topicFiltered', failed: 'topicFailed' } as const;

/** A topic: a column per subscription, a row per message, each cell that message's step there. */
function topicSection(topic: TopicView): string {
  const heads = topic.subscriptions
    .map(
      (subscription) =>
        `<th data-subscription="${escape(subscription.subscriptionArn)}" title="${escape(subscription.filterPolicy ?? '')}">` +
        `${escape(subscription.target)} <span class="muted">${escape(subscription.protocol)}` +
        `${subscription.raw ? ` · ${word('topicRaw')}` : ''}${subscription.filterPolicy === undefined ? '' : ` · ${word('topicFilter')}`}</span></th>`,
    )
    .join('');
  const rows = topic.messages
    .map((message) => {
      const cells = topic.subscriptions
        .map((subscription) => {
          const step = message.steps.find((each) => each.subscriptionArn === subscription.subscriptionArn);
          if (step === undefined) return `<td data-outcome="pending" class="muted">${word('topicPending')}</td>`;
          return (
            `<td data-outcome="${step.outcome}" class="outcome-${step.outcome}" title="${escape(step.reason ?? '')}">` +
            `${word(OUTCOME_WORDS[step.outcome])} <span class="muted">+${step.afterMs} ms</span></td>`
          );
        })
        .join('');
      return (
        `<tr data-topic-message="${escape(message.messageId)}"><td title="${escape(message.messageId)}">` +
        `${message.subject === undefined ? '' : `<b>${escape(message.subject)}</b> `}${escape(message.preview)}</td>` +
        `<td>${new Date(message.time).toLocaleTimeString()}</td>${cells}</tr>`
      );
    })
    .join('');
  return (
    `<h3 data-topic="${escape(topic.name)}">${word('topic')} ${escape(topic.id)} <span class="muted">${escape(topic.name)}</span></h3>` +
    (topic.messages.length === 0
      ? `<p class="muted">${word('topicNoMessages')}</p>`
      : `<table class="topic-paths"><tr><th>${word('topicMessage')}</th><th></th>${heads}</tr>${rows}</table>`)
  );
}

function stackCard(stack: StackView, now: number): string {
  // A stack with no queue (a publisher, an API) shows its table, alarms and topics only.
  const hasQueue = stack.queues.length > 0;
  // The tutorials' names: ShortVTQueue / BatchQueue, the DLQ, IdemTable.
  const counts = stack.queues
    .map(
      (q) =>
        `<div class="count" data-queue="${q.role}" data-queue-id="${escape(q.id)}"><span class="muted">${q.role === 'dlq' ? `DLQ (${escape(q.id)})` : escape(q.id)} · ${q.visibilityTimeoutSeconds} s</span>` +
        `<b><span class="count-visible">${q.visible}</span> ${word('visible')}</b>` +
        `<span class="count-inflight">${q.inFlight}</span> ${word('inFlight')} · <span class="count-delayed">${q.delayed}</span> ${word('delayed')}</div>`,
    )
    .join('');
  const rows = stack.inFlight
    .map((m) => {
      const left = Math.max(0, (m.deadline - now) / 1000);
      const total = Math.max(1, (m.deadline - m.receivedAt) / 1000);
      const rowState = now < m.deadline ? 'in-flight' : 'visible-again';
      return (
        `<tr class="${rowState}" data-message-id="${escape(m.messageId)}" data-id="${escape(m.id)}" data-state="${rowState}" data-deadline="${m.deadline}" data-received-at="${m.receivedAt}">` +
        `<td>${escape(m.id)}</td><td class="receive-count">${m.receiveCount}</td><td>${m.extensions}</td>` +
        `<td class="countdown">${rowState === 'in-flight' ? `${left.toFixed(1)} s` : word('visibleAgain')}</td>` +
        `<td style="width:30%"><div class="bar"><span style="width:${Math.min(100, (left / total) * 100)}%"></span></div></td></tr>`
      );
    })
    .join('');
  const items = stack.tableItems.map((item) => escape(JSON.stringify(item))).join('\n');
  const alarms = stack.alarms
    .map(
      (a) =>
        `<span class="alarm ${a.state}" data-alarm-state="${a.state}">${word('alarm')} ${a.state}</span>` +
        (a.actionFailed
          ? ` <span class="alarm ALARM" data-alarm-action="failed" title="${escape(a.actionFailed)}">${word('alarmActionFailed')}</span>`
          : ''),
    )
    .join(' ');
  return (
    `<section data-stack="${stack.stackName}"><h2>${stack.stackName} ${alarms}</h2><div class="counts">${counts}</div>` +
    (hasQueue
      ? `<h3>${word('inFlightTitle')}</h3><table><tr><th>id</th><th>${word('receiveNo')}</th><th>${word('heartbeats')}</th><th>${word('visibleIn')}</th><th></th></tr>${rows}</table>`
      : '') +
    (stack.queues.some((q) => q.role === 'dlq') ? dlqSection(stack) : '') +
    (stack.tableItems.length > 0
      ? `<h3 data-table-id="${escape(stack.tableId ?? '')}">${word('table')} (${escape(stack.tableId ?? '')})</h3><pre class="table-items">${items}</pre>`
      : '') +
    (hasQueue ? timelineSection(stack.stackName) : '') +
    (stack.topics ?? []).map(topicSection).join('') +
    '</section>'
  );
}

function renderStacks(): void {
  const now = Date.now() + offset;
  $('#stacks').innerHTML = state.stacks.map((stack) => stackCard(stack, now)).join('');
  $('#clock').textContent = new Date(now).toLocaleTimeString();
}

/** The stacks the page shows that have a queue (whose timeline it draws). */
export function stackNames(): string[] {
  return state.stacks.filter((stack) => stack.queues.length > 0).map((stack) => stack.stackName);
}

/** Moves every countdown and bar in place, between redraws. */
export function tick(): void {
  const now = Date.now() + offset;
  document.querySelectorAll<HTMLTableRowElement>('tr[data-deadline]').forEach((row) => {
    const deadline = Number(row.dataset.deadline);
    const receivedAt = Number(row.dataset.receivedAt);
    const left = Math.max(0, (deadline - now) / 1000);
    const total = Math.max(1, (deadline - receivedAt) / 1000);
    const visible = now >= deadline;
    row.dataset.state = visible ? 'visible-again' : 'in-flight';
    row.className = row.dataset.state;
    const countdown = row.querySelector('.countdown');
    if (countdown !== null) countdown.textContent = visible ? word('visibleAgain') : `${left.toFixed(1)} s`;
    const bar = row.querySelector<HTMLElement>('.bar > span');
    if (bar !== null) bar.style.width = `${Math.min(100, (left / total) * 100)}%`;
  });
  $('#clock').textContent = new Date(now).toLocaleTimeString();
}
