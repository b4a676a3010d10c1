import { terminalSafe } from '@sqs-lab/lab';

/**
 * One line of a run as every experiment shows it: seconds since the run started, who wrote it,
 * its level (none for the lab's own notes) and the text, its control characters escaped (the
 * text comes from log lines, which come from requests).
 */
export function formatRunLine(elapsedMs: number, actor: string, level: string | undefined, text: string): string {
  const seconds = (elapsedMs / 1000).toFixed(1).padStart(5);
  return `${seconds}s  ${actor.padEnd(8)} ${level === undefined ? '' : `${level.padEnd(5)} `}${terminalSafe(text)}`;
}
