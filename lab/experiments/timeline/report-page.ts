/**
 * The report: one self-contained HTML page (inline CSS and SVG, no scripts, no external
 * assets, so it opens offline from disk) with the verdict table and every run's timeline,
 * and beside it the same timelines as Mermaid blocks and their inputs as JSON.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { renderResult, toRow, type VerdictRow } from '../report';
import type { ExperimentResult } from '../runner';
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

/** The page for `results`. */
export function renderReportPage(results: readonly ExperimentResult[], context: ReportContext): string {
  const rows = results.map((result) => toRow(result));
  const timelines = results.map((result) => buildTimeline(timelineInputOf(result)));
  const matched = results.filter((result) => result.matched).length;
  const used = new Set<TimelineMarkKind>(timelines.flatMap((t) => t.lanes.flatMap((l) => l.marks.map((m) => m.kind))));
  const generated = (context.generatedAt ?? new Date()).toISOString().replace('T', ' ').slice(0, 19);
  const body = [
    `<h1>sqs-lab report</h1>`,
    `<p class="sub">${matched} of ${results.length} outcomes matched their predictions · target: ${escapeXml(context.target)} · ${context.seconds.toFixed(1)} s · ${generated} UTC</p>`,
    verdictTable(rows),
    `<p>Each run below has one lane per message. Times are seconds from the first send. The blue bar is the time the message is invisible after a receive: it ends at the deadline in force (the queue's visibility timeout from the receive, or what the last heartbeat set), or at the delete. The grey bar under it is the invocation working. Hover any bar or mark for what happened. Everything is drawn from the workers' log lines and from what the runner read from SQS, so a run on AWS draws the same way.</p>`,
    `<div class="legend-box">${renderLegendSvg([...used], { delayed: timelines.some(hasDelay) })}</div>`,
    ...results.map((result, index) => runSection(result, timelines[index], rows[index])),
  ].join('\n');
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>sqs-lab report</title>\n<style>${CSS}</style>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}

function verdictTable(rows: readonly VerdictRow[]): string {
  const head = [
    'experiment',
    'deliveries',
    'duplicates caught (Step 7)',
    'reprocessed (Step 8)',
    'effects',
    'DLQ',
    'outcome',
    'predicted',
  ];
  const cell = (value: number | undefined): string => `<td class="n">${value === undefined ? '–' : value}</td>`;
  const body = rows.map(
    (row) =>
      `<tr><td><a href="#${escapeXml(row.experiment)}">${escapeXml(row.experiment)}</a></td>${cell(row.deliveries)}${cell(row.duplicatesCaught)}${cell(row.reprocessed)}${cell(row.effects)}${cell(row.dlq)}<td class="${row.outcome === 'matched' ? 'matched' : 'bad'}">${row.outcome}</td><td>${escapeXml(row.predicted)}</td></tr>`,
  );
  return `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

function runSection(result: ExperimentResult, timeline: Timeline | undefined, row: VerdictRow | undefined): string {
  if (timeline === undefined || row === undefined) return '';
  const outcome = `<span class="${row.outcome === 'matched' ? 'matched' : 'bad'}">${row.outcome}</span>`;
  return [
    `<section class="run" id="${escapeXml(result.experiment.name)}">`,
    `<h2>${escapeXml(result.experiment.name)}: ${escapeXml(result.experiment.title.en)} · ${outcome}</h2>`,
    `<p class="pred">Predicted: ${escapeXml(result.experiment.prediction.en)} (${result.seconds.toFixed(1)} s${result.decidedEarly ? ', stopped once the verdict was certain' : ''})</p>`,
    renderTimelineSvg(timeline),
    `<details><summary>log lines and counts</summary><pre>${escapeXml(renderResult(result))}</pre></details>`,
    `<details><summary>Mermaid (for Markdown)</summary><pre>${escapeXml(mermaidBlock(timeline))}</pre></details>`,
    `</section>`,
  ].join('\n');
}

/** The Markdown file: one heading and Mermaid block per run. */
export function renderReportMarkdown(results: readonly ExperimentResult[]): string {
  return results
    .map((result) => `## ${result.experiment.name}\n\n${mermaidBlock(buildTimeline(timelineInputOf(result)))}\n`)
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
    results.map((result) => [result.experiment.name, timelineInputOf(result)]),
  );
  await Promise.all([
    writeFile(written.html, renderReportPage(results, context)),
    writeFile(written.markdown, renderReportMarkdown(results)),
    writeFile(written.json, `${JSON.stringify(inputs, null, 1)}\n`),
  ]);
  return written;
}
