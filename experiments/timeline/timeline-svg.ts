/**
 * The tutorial's timelines as inline SVG: the lab's renderer (@sqs-lab/lab's timeline-svg) with
 * the tutorial's marks (the guard's claims, the heartbeat, …) and its words.
 */
import {
  escapeXml,
  type Language,
  type MarkStyle,
  renderTimelineSvg as renderLab,
  renderLegendSvg as renderLabLegend,
  type TimelineLook,
} from '@sqs-lab/lab';
import type { Timeline, TimelineMarkKind } from './timeline';
import { MESSAGES } from '../locales/messages';

export { escapeXml };

/** How each mark is drawn: a shape and its colour (the legend's words: lab/locales/). */
export const MARK_STYLES: Readonly<Record<TimelineMarkKind, MarkStyle>> = {
  sent: { shape: 'up', color: '#1e8a3c' },
  receive: { shape: 'down', color: '#1f4e9c' },
  heartbeat: { shape: 'tick', color: '#2a7fd4' },
  'heartbeat-failed': { shape: 'cross', color: '#d9822b' },
  'visible-again': { shape: 'diamond', color: '#d9822b' },
  claimed: { shape: 'dot', color: '#5b5b5b' },
  'in-progress': { shape: 'square', color: '#e0b000' },
  skipped: { shape: 'ring', color: '#6a6a6a' },
  completed: { shape: 'check', color: '#1e8a3c' },
  ok: { shape: 'check', color: '#1e8a3c' },
  failed: { shape: 'cross', color: '#c62828' },
  'batch-failed': { shape: 'cross', color: '#8e24aa' },
  'claim-lost': { shape: 'cross', color: '#6a6a6a' },
  deleted: { shape: 'bar', color: '#222222' },
  'stale-delete': { shape: 'hollowbar', color: '#222222' },
  dlq: { shape: 'up', color: '#8e24aa' },
  redrive: { shape: 'down', color: '#8e24aa' },
  released: { shape: 'tick', color: '#c62828' },
  crashed: { shape: 'cross', color: '#000000' },
  alarm: { shape: 'square', color: '#c62828' },
  'alarm-ok': { shape: 'square', color: '#1e8a3c' },
};

/** Lower first: which marks keep their word when words would overlap. */
function wordRank(kind: TimelineMarkKind): number {
  const order: readonly TimelineMarkKind[] = ['dlq', 'redrive', 'in-progress', 'skipped', 'completed', 'failed'];
  const rank = order.indexOf(kind);
  return rank === -1 ? order.length + (kind === 'visible-again' ? 1 : 0) : rank;
}

/** The tutorial's look, in `language`. */
function lookIn(language: Language): TimelineLook<TimelineMarkKind> {
  const say = MESSAGES[language].timeline;
  return {
    styles: MARK_STYLES,
    legend: say.legend,
    words: say,
    // Receives, heartbeats and claims say enough by shape and row; the others carry a word.
    silent: ['receive', 'heartbeat', 'claimed'],
    rank: wordRank,
    // Deletes follow the line that caused them by a few ms: drawn a few px right so both show.
    nudge: { deleted: 8, 'stale-delete': 8 },
  };
}

/** The run as an `<svg>` element, `width` pixels wide. */
export function renderTimelineSvg(timeline: Timeline, width = 980): string {
  return renderLab(timeline, lookIn(timeline.language ?? 'en'), width);
}

/** The legend: every mark kind that occurs, plus the bars (the delay bar unless `delayed` is false). */
export function renderLegendSvg(
  kinds: readonly TimelineMarkKind[] = Object.keys(MARK_STYLES) as TimelineMarkKind[],
  language: Language = 'en',
  delayed = true,
): string {
  return renderLabLegend(lookIn(language), kinds, delayed);
}
