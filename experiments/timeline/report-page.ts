/**
 * The report: one self-contained HTML page (inline CSS and SVG, no scripts, no external
 * assets, so it opens offline from disk) with the verdict table and every run's timeline,
 * and beside it the same timelines as Mermaid blocks and their inputs as JSON.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Language } from '@sqs-lab/lab';
import { renderResult, toRow, type VerdictRow } from '../report';
import { MESSAGES, type Messages } from '../locales/messages';
import type { ExperimentResult } from '../experiment-result';
import { type Timeline, type TimelineInput, type TimelineMarkKind, buildTimeline } from './timeline';
import { mermaidBlock } from './timeline-mermaid';
import { timelineInputOf } from './timeline-of-result';
import { escapeXml, renderLegendSvg, renderTimelineSvg } from './timeline-svg';

/** Where the report was written. */
export interface WrittenReport {
  /** The HTML page. */
  readonly html: string;
  /** The Mermaid blocks, one per run, for Markdown. */
  readonly markdown: string;
  /** The timelines' inputs (log lines, DLQ moves): enough to draw them again. */
  readonly json: string;
}

/** Heading facts of a report. */
export interface ReportContext {
  /** `local` or `aws`. */
  readonly target: string;
  /** Wall time of the whole command, seconds. */
  readonly seconds: number;
  readonly generatedAt?: Date;
  /** The page's language (default English): headings, table, timelines; log lines stay as logged. */
  readonly language?: Language;
}

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Hiragino Sans","Noto Sans JP",sans-serif;margin:24px auto;max-width:1010px;color:#1b1b1b;padding:0 12px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 4px}
.sub{color:#555;margin:0 0 14px}
table{border-collapse:collapse;font-size:12.5px;margin:8px 0 16px}
th,td{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f3f5f8}td.n{text-align:right;font-variant-numeric:tabular-nums}
.matched{color:#1e7a35;font-weight:600}.bad{color:#b3261e;font-weight:600}
.pred{color:#444;margin:2px 0 6px}
.run{border-top:1px solid #e2e2e2;padding-top:4px}
details{margin:4px 0}summary{cursor:pointer;color:#2b5797}
pre{background:#f6f8fa;padding:8px;overflow:auto;font-size:11.5px;line-height:1.35}
svg text{font-family:inherit}
.legend-box{border:1px solid #e2e2e2;border-radius:6px;padding:4px 6px;background:#fcfcfd}
`;

/** True when a message of `timeline` was delayed before its first receive. */
function hasDelay(timeline: Timeline): boolean {
  return timeline.lanes.some((lane) => lane.spans.some((span) => span.kind === 'delayed'));
}

/** The page for `results`, in `context.language`. */
export function renderReportPage(results: readonly ExperimentResult[], context: ReportContext): string {
  const language = context.language ?? 'en';
  const say = MESSAGES[language].report;
  const rows = results.map((result) => toRow(result, language));
  const timelines = results.map((result) => buildTimeline(timelineInputOf(result, language), language));
  const matched = results.filter((result) => result.matched).length;
  const used = new Set<TimelineMarkKind>(timelines.flatMap((t) => t.lanes.flatMap((l) => l.marks.map((m) => m.kind))));
  const generated = (context.generatedAt ?? new Date()).toISOString().replace('T', ' ').slice(0, 19);
  const body = [
    `<h1>${escapeXml(say.pageTitle)}</h1>`,
    `<p class="sub">${escapeXml(say.pageSummary(matched, results.length, context.target, context.seconds, generated))}</p>`,
    verdictTable(rows, say),
    `<p>${escapeXml(say.pageIntro)}</p>`,
    `<div class="legend-box">${renderLegendSvg([...used], language, timelines.some(hasDelay))}</div>`,
    ...results.map((result, index) => runSection(result, timelines[index], rows[index], language)),
  ].join('\n');
  return `<!doctype html>\n<html lang="${language}">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeXml(say.pageTitle)}</title>\n<style>${CSS}</style>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}

function verdictTable(rows: readonly VerdictRow[], say: Messages['report']): string {
  const head = say.pageColumns.map(escapeXml);
  const cell = (value: number | undefined): string => `<td class="n">${value === undefined ? '–' : value}</td>`;
  const body = rows.map(
    (row) =>
      `<tr><td><a href="#${escapeXml(row.experiment)}">${escapeXml(row.experiment)}</a></td>${cell(row.deliveries)}${cell(row.duplicatesCaught)}${cell(row.reprocessed)}${cell(row.effects)}${cell(row.dlq)}<td class="${row.outcome === 'matched' ? 'matched' : 'bad'}">${escapeXml(say.outcome[row.outcome])}</td><td>${escapeXml(row.predicted)}</td></tr>`,
  );
  return `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

function runSection(
  result: ExperimentResult,
  timeline: Timeline | undefined,
  row: VerdictRow | undefined,
  language: Language,
): string {
  if (timeline === undefined || row === undefined) return '';
  const say = MESSAGES[language].report;
  const outcome = `<span class="${row.outcome === 'matched' ? 'matched' : 'bad'}">${escapeXml(say.outcome[row.outcome])}</span>`;
  return [
    `<section class="run" id="${escapeXml(result.experiment.name)}">`,
    `<h2>${escapeXml(result.experiment.name)}: ${escapeXml(result.experiment.title[language])} · ${outcome}</h2>`,
    `<p class="pred">${escapeXml(say.pagePredicted(result.experiment.prediction[language], result.seconds, result.decidedEarly))}</p>`,
    renderTimelineSvg(timeline),
    `<details><summary>${escapeXml(say.pageLogLines)}</summary><pre>${escapeXml(renderResult(result, language))}</pre></details>`,
    `<details><summary>${escapeXml(say.pageMermaid)}</summary><pre>${escapeXml(mermaidBlock(timeline))}</pre></details>`,
    `</section>`,
  ].join('\n');
}

/** The Markdown file: one heading and Mermaid block per run, in `language`. */
export function renderReportMarkdown(results: readonly ExperimentResult[], language: Language = 'en'): string {
  return results
    .map(
      (result) =>
        `## ${result.experiment.name}\n\n${mermaidBlock(buildTimeline(timelineInputOf(result, language), language))}\n`,
    )
    .join('\n');
}

/** Writes `index.html`, `timelines.md` and `timelines.json` into `dir` (created if missing). */
export async function writeReport(
  dir: string,
  results: readonly ExperimentResult[],
  context: ReportContext,
): Promise<WrittenReport> {
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  const written: WrittenReport = {
    html: join(root, 'index.html'),
    markdown: join(root, 'timelines.md'),
    json: join(root, 'timelines.json'),
  };
  const inputs: Record<string, TimelineInput> = Object.fromEntries(
    results.map((result) => [result.experiment.name, timelineInputOf(result, context.language)]),
  );
  await Promise.all([
    writeFile(written.html, renderReportPage(results, context)),
    writeFile(written.markdown, renderReportMarkdown(results, context.language)),
    writeFile(written.json, `${JSON.stringify(inputs, null, 1)}\n`),
  ]);
  return written;
}
