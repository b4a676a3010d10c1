/**
 * The bench's figures in docs/project.md and docs/project.ja.md, written from bench/results.json
 * by `npm run bench:doc` between two markers, so that no figure of a run is kept by hand: the
 * summary table, the targets and the line saying when and where they were measured. The tables
 * are in English in both pages, as the bench prints them and bench/results.json holds them.
 */
import type { Language } from '@sqs-lab/lab';
import { targetsTable } from '@sqs-lab/lab/bench';
import { BENCH_MESSAGES } from './locales/bench-messages';
import { measuredLine, summaryTable } from './report';
import type { BenchResults } from './results';

/** The block's first line: what writes it. */
export const BENCH_DOC_BEGIN =
  '<!-- bench:begin: written by `npm run bench:doc` from bench/results.json; run the bench, do not edit -->';
/** The block's last line. */
export const BENCH_DOC_END = '<!-- bench:end -->';

/** Raised when a page has not exactly one pair of markers, in order. */
export class BenchDocMarkersError extends Error {
  override readonly name = 'BenchDocMarkersError';
}

/** The block for a page in `language`, markers included. */
export function renderBenchDoc(results: BenchResults, language: Language): string {
  return [
    BENCH_DOC_BEGIN,
    BENCH_MESSAGES[language].docIntro,
    '',
    summaryTable(results),
    '',
    targetsTable(results.targets),
    '',
    measuredLine(results),
    BENCH_DOC_END,
  ].join('\n');
}

/** `page` with the text between its markers (markers included) replaced by `block`. */
export function spliceBenchDoc(page: string, block: string): string {
  const begin = page.indexOf(BENCH_DOC_BEGIN);
  const end = page.indexOf(BENCH_DOC_END);
  if (
    begin < 0 ||
    end < begin ||
    page.indexOf(BENCH_DOC_BEGIN, begin + 1) >= 0 ||
    page.indexOf(BENCH_DOC_END, end + 1) >= 0
  )
    throw new BenchDocMarkersError(`the page needs one ${BENCH_DOC_BEGIN} … ${BENCH_DOC_END} block`);
  return page.slice(0, begin) + block + page.slice(end + BENCH_DOC_END.length);
}
