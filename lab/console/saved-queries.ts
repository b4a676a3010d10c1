/**
 * The query panel's saved queries: the three Logs Insights queries that answer the tutorials'
 * questions, verbatim as README.md and README.ja.md give them under "Reading the logs" (a test
 * holds them equal), each with the function whose log group it reads. Their titles are the
 * locales' `consolePage` words named by `titleKey`.
 */
import type { Messages } from '../locales/messages';

/** One saved query. */
export interface SavedQuery {
  /** Stable id (the page's `data-saved-query`). */
  readonly id: string;
  /** The key of its title in `MESSAGES[language].consolePage`. */
  readonly titleKey: keyof Messages['consolePage'];
  /** The stack and function whose log group it reads (the stack's `<functionId>LogGroup` output). */
  readonly stack: string;
  readonly functionId: string;
  readonly queryString: string;
}

/** The tutorials' three questions, in the README's order. */
export const SAVED_QUERIES: readonly SavedQuery[] = [
  {
    id: 'duplicates-skipped',
    titleKey: 'savedDuplicatesSkipped',
    stack: 'VisibilityDupStack',
    functionId: 'Worker',
    queryString: [
      'filter event = "duplicate-skipped"',
      '| stats count(*) as duplicatesSkipped by id',
      '| sort duplicatesSkipped desc, id asc',
    ].join('\n'),
  },
  {
    id: 'dlq-arrivals',
    titleKey: 'savedDlqArrivals',
    stack: 'BatchPartialStack',
    functionId: 'Worker',
    queryString: [
      'filter event = "fail"',
      '| stats count(*) as failedReceives, max(receiveCount) as receives by id, messageId',
      '| filter receives >= 2',
      '| sort id asc',
    ].join('\n'),
  },
  {
    id: 'job-durations',
    titleKey: 'savedJobDurations',
    stack: 'VisibilityDupStack',
    functionId: 'Worker',
    queryString: [
      'filter type = "platform.report"',
      '| stats count(*) as invocations, pct(record.metrics.durationMs, 50) as p50, pct(record.metrics.durationMs, 99) as p99',
    ].join('\n'),
  },
];
