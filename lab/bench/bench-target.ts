/**
 * A bench target, judged from the figures of one run: reported, never asserted. A miss is a
 * finding to explain, not a failing test; speed lives in the bench as ratios measured in one
 * run, never in timed tests.
 */
import { markdownTable } from '../common/markdown-table';

/** `not-run`: the section was left out of this run. */
export type BenchTargetStatus = 'pass' | 'miss' | 'not-run';

/** One target and how a run met it. */
export interface BenchTarget {
  readonly id: string;
  readonly target: string;
  readonly status: BenchTargetStatus;
  /** The figure(s) behind the status. */
  readonly figure: string;
}

const MARK: Readonly<Record<BenchTargetStatus, string>> = { pass: '✅ pass', miss: '❌ miss', 'not-run': '— not run' };

/** The targets of a run as a Markdown section. */
export function targetsTable(targets: readonly BenchTarget[]): string {
  return [
    '### Targets',
    '',
    markdownTable(
      ['Target', 'Result', 'Figure'],
      targets.map((target) => [target.target, MARK[target.status], target.figure]),
    ),
  ].join('\n');
}
