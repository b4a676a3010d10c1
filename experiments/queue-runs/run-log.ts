/**
 * The log of an experiment without a stack: its own producer, consumer and the lab write
 * lines in the shape the worker's lines are shown in (`<seconds>s <actor> <level> <message>`).
 */
import { formatRunLine } from '../run-line';

/** Writes one line as `actor`. */
export type RunLog = (actor: 'Producer' | 'Consumer' | 'lab', text: string) => void;

/** A log counting seconds from `startedAtMs`, appending to `lines`. */
export function runLog(startedAtMs: number, lines: string[]): RunLog {
  return (actor, text) => {
    lines.push(formatRunLine(Date.now() - startedAtMs, actor, actor === 'lab' ? undefined : 'INFO', text));
  };
}

/** The last segment of a run's id (`fifo-dedup-mx1-job-1` → `job-1`), for shorter lines. */
export function shortId(id: string, tag: string): string {
  return id.startsWith(`${tag}-`) ? id.slice(tag.length + 1) : id;
}

/** Waits `ms` of real time. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
