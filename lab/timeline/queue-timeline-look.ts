/**
 * How a queue's timeline looks (queue-timeline.ts): a shape and colour per mark, and the
 * words around them, in English or Japanese (lab/locales/).
 */
import type { Language } from '../common/language';
import { MESSAGES } from '../locales/messages';
import type { QueueMarkKind } from './queue-timeline';
import type { MarkStyle, TimelineLook } from './timeline-svg';

/** Each mark's shape and colour. */
export const QUEUE_MARK_STYLES: Readonly<Record<QueueMarkKind, MarkStyle>> = {
  sent: { shape: 'up', color: '#1e8a3c' },
  receive: { shape: 'down', color: '#1f4e9c' },
  visibility: { shape: 'tick', color: '#2a7fd4' },
  'visible-again': { shape: 'diamond', color: '#d9822b' },
  ok: { shape: 'check', color: '#1e8a3c' },
  failed: { shape: 'cross', color: '#c62828' },
  deleted: { shape: 'bar', color: '#222222' },
  dlq: { shape: 'up', color: '#8e24aa' },
};

/** Which marks keep their word first when words would overlap. */
const WORD_ORDER: readonly QueueMarkKind[] = ['dlq', 'failed', 'ok', 'visible-again', 'sent'];

/** The look of a queue's timeline in `language`. */
export function queueTimelineLook(language: Language): TimelineLook<QueueMarkKind> {
  const say = MESSAGES[language].queueTimeline;
  return {
    styles: QUEUE_MARK_STYLES,
    legend: say.legend,
    words: say,
    // A receive and a delete say enough by shape and row; a visibility change by its tick.
    silent: ['receive', 'deleted', 'visibility'],
    rank: (kind) => {
      const rank = WORD_ORDER.indexOf(kind);
      return rank === -1 ? WORD_ORDER.length : rank;
    },
    nudge: { deleted: 8 },
  };
}
