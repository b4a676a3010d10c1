/**
 * Each stack card's timeline: the queue's latest messages as SQS and Lambda saw them (sends,
 * receives, visibility changes, the function's answer, deletes, moves to the DLQ), drawn by the
 * server (`GET /api/timeline`) and read again every two seconds. The drawing is kept per stack,
 * so a card redrawn by a state change shows it at once and it is replaced in place.
 */
import { CONSOLE, word } from './console-config';
import { escape, fetchJson } from './dom';

/** What `GET /api/timeline` answers (lab/console/queue-timeline-answer.ts). */
interface QueueTimelineView {
  readonly lanes: number;
  readonly svg: string;
  readonly legend: string;
  readonly empty?: string;
  readonly error?: string;
}

/** The latest drawing of each stack's queue, as HTML (SVG drawn by the lab, escaped by it). */
const drawings = new Map<string, string>();

/** How often the drawings are read again. */
export const TIMELINE_REFRESH_MS = 2000;

/** The card's timeline section for `stackName`, with its latest drawing. */
export function timelineSection(stackName: string): string {
  return (
    `<h3>${word('queueTimeline')}</h3>` +
    `<div class="queue-timeline" data-timeline-stack="${escape(stackName)}">${drawings.get(stackName) ?? `<span class="muted">${word('loading')}</span>`}</div>`
  );
}

/** Reads each stack's drawing again and puts it in its card. */
export async function refreshTimelines(stackNames: readonly string[]): Promise<void> {
  await Promise.all(
    stackNames.map(async (stackName) => {
      const view = await fetchJson<QueueTimelineView>(
        `/api/timeline?lang=${CONSOLE.lang}&stack=${encodeURIComponent(stackName)}`,
      ).catch(() => undefined);
      if (view === undefined || view.error !== undefined) return;
      const html =
        view.lanes === 0 ? `<span class="muted">${escape(view.empty ?? '')}</span>` : `${view.svg}${view.legend}`;
      if (drawings.get(stackName) === html) return;
      drawings.set(stackName, html);
      const slot = document.querySelector<HTMLElement>(`[data-timeline-stack="${CSS.escape(stackName)}"]`);
      if (slot !== null) slot.innerHTML = html;
    }),
  );
}
