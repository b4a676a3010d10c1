/**
 * What `GET /api/timeline?stack=<name>` answers: the stack's queue as a timeline drawn from what
 * SQS and Lambda saw (lab/timeline/queue-timeline.ts), as SVG with its legend, in the page's
 * language; or, before any message, the sentence that says so.
 */
import type { Language } from '../common/language';
import type { Lab } from '../lab';
import { MESSAGES } from '../locales/messages';
import type { QueueMarkKind } from '../timeline/queue-timeline';
import { queueTimelineLook } from '../timeline/queue-timeline-look';
import { renderLegendSvg, renderTimelineSvg } from '../timeline/timeline-svg';

/** The console's drawing of one queue. */
export interface QueueTimelineAnswer {
  /** The messages drawn (0: none yet). */
  readonly lanes: number;
  /** `<svg class="timeline">`, one lane per message ('' without messages). */
  readonly svg: string;
  /** `<svg class="legend">` of the marks drawn. */
  readonly legend: string;
  /** Said instead of a drawing when there is nothing to draw. */
  readonly empty?: string;
}

/** Width of the drawing: the stack card's. */
const WIDTH = 860;
/** The legend's columns, within that width. */
const LEGEND_COLUMNS = 2;

/** The drawing of `queueUrl`'s latest messages. */
export async function queueTimelineAnswer(
  lab: Lab,
  queueUrl: string,
  language: Language,
): Promise<QueueTimelineAnswer> {
  const timeline = await lab.queueTimeline(queueUrl, { language });
  if (timeline.lanes.length === 0)
    return { lanes: 0, svg: '', legend: '', empty: MESSAGES[language].queueTimeline.empty };
  const look = queueTimelineLook(language);
  const used = new Set<QueueMarkKind>(timeline.lanes.flatMap((lane) => lane.marks.map((mark) => mark.kind)));
  const delayed = timeline.lanes.some((lane) => lane.spans.some((span) => span.kind === 'delayed'));
  return {
    lanes: timeline.lanes.length,
    svg: renderTimelineSvg(timeline, look, WIDTH),
    legend: renderLegendSvg(look, [...used], delayed, LEGEND_COLUMNS),
  };
}
