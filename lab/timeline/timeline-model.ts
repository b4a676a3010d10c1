/**
 * A timeline: what happened to each message on one time axis, one lane per message and one row
 * per receive. The lab draws it for any app from what SQS and Lambda saw (queue-timeline.ts); the
 * tutorial's experiments draw it from their workers' log lines, with marks of their own. Both use
 * this model and its renderer (timeline-svg.ts); the mark kinds are the drawer's.
 */
import type { Language } from '../common/language';

/** Something that happened at one moment, in seconds from the axis's start. */
export interface TimelineMark<Kind extends string = string> {
  readonly kind: Kind;
  readonly at: number;
  /** The lane's row: one row per receive, in order. */
  readonly row: number;
  /** Short text, shown beside the mark (no times in it: the axis gives those). */
  readonly label: string;
  /** The hover text: what happened and what it means. */
  readonly title: string;
  /** The word drawn beside the mark when it differs from `label` (kept short). */
  readonly word?: string;
}

/**
 * `invisible`: from a receive to the deadline in force, or to the delete if that came first.
 * `work`: an invocation working on the message.
 * `delayed`: from the send to the end of the message's delay.
 */
export interface TimelineSpan {
  readonly kind: 'invisible' | 'work' | 'delayed';
  /** The lane's row: one row per receive, in order. */
  readonly row: number;
  readonly start: number;
  readonly end: number;
  /** The receive this span belongs to (ApproximateReceiveCount). */
  readonly receive: number;
  readonly label: string;
  readonly title: string;
  /** Deadlines a visibility change replaced, in order (the bar ends at the last one in force). */
  readonly supersededDeadlines?: readonly number[];
  /** Still running when the timeline was drawn. */
  readonly open?: boolean;
}

/** One message. */
export interface TimelineLane<Kind extends string = string> {
  readonly id: string;
  readonly label: string;
  /** Rows of the lane: one per receive (at least one). */
  readonly rows: number;
  readonly spans: readonly TimelineSpan[];
  readonly marks: readonly TimelineMark<Kind>[];
}

/** A run or a queue's recent messages, one lane per message. */
export interface Timeline<Kind extends string = string> {
  readonly title: string;
  /** From the axis's start to its end. */
  readonly seconds: number;
  readonly visibilityTimeoutSeconds: number;
  readonly lanes: readonly TimelineLane<Kind>[];
  /** The language of its labels and titles (default English). */
  readonly language?: Language;
}
