/**
 * A timeline as a Mermaid `gantt` block for Markdown (GitHub renders it): one section per
 * message, a bar for each visibility window and each invocation's work, a milestone for each
 * mark. Times are milliseconds from the first send (`dateFormat x`), so the axis reads in
 * seconds from 0. Task names carry no times: the positions do.
 */
import type { Timeline } from './timeline';
import { MESSAGES } from '../locales/messages';

/** A task of a parsed block: its name and whether it is a milestone (a moment) or a bar. */
export interface GanttTask {
  readonly name: string;
  readonly milestone: boolean;
  readonly startMs: number;
  readonly endMs: number;
}

/** A parsed block: its title and its sections in order. */
export interface GanttChart {
  readonly title: string;
  readonly sections: readonly { readonly name: string; readonly tasks: readonly GanttTask[] }[];
}

/** A block that is not a gantt this renderer could have written. */
export class GanttSyntaxError extends Error {
  override readonly name = 'GanttSyntaxError';
}

/** The timeline as a Mermaid gantt (without the Markdown fence). */
export function renderTimelineMermaid(timeline: Timeline): string {
  const say = MESSAGES[timeline.language ?? 'en'].timeline;
  const ms = (seconds: number): number => Math.round(seconds * 1000);
  const lines = [
    'gantt',
    `    title ${clean(timeline.title)}`,
    '    dateFormat x',
    '    axisFormat %S s',
    `    tickInterval ${timeline.seconds > 30 ? 5 : 2}second`,
  ];
  for (const lane of timeline.lanes) {
    lines.push(`    section ${clean(lane.label)}`);
    const tasks: { readonly at: number; readonly order: number; readonly text: string }[] = [];
    for (const span of lane.spans) {
      const tag = span.kind === 'invisible' ? 'active, ' : span.kind === 'delayed' ? 'done, ' : '';
      const name =
        span.kind === 'invisible'
          ? say.mermaidInvisible(span.receive)
          : span.kind === 'delayed'
            ? clean(span.label)
            : say.mermaidWorking(span.receive);
      tasks.push({
        at: span.start,
        order: span.kind === 'work' ? 1 : 0,
        text: `    ${name} :${tag}${ms(span.start)}, ${ms(Math.max(span.end, span.start))}`,
      });
    }
    for (const mark of lane.marks) {
      const name =
        mark.kind === 'receive' || mark.kind === 'alarm' || mark.kind === 'alarm-ok'
          ? mark.label
          : `r${mark.row + 1} ${mark.label}`;
      tasks.push({
        at: mark.at,
        order: 2,
        text: `    ${clean(name)} :milestone, ${ms(mark.at)}, ${ms(mark.at)}`,
      });
    }
    tasks.sort((a, b) => a.at - b.at || a.order - b.order);
    lines.push(...tasks.map((task) => task.text));
  }
  return lines.join('\n');
}

/** The block fenced for Markdown. */
export function mermaidBlock(timeline: Timeline): string {
  return `\`\`\`mermaid\n${renderTimelineMermaid(timeline)}\n\`\`\``;
}

const TAGS = new Set(['active', 'done', 'crit', 'milestone']);

/**
 * Parses a gantt in the subset this renderer writes (title, dateFormat x, axisFormat,
 * tickInterval, sections, tasks `name :[tags,] start, end`); throws GanttSyntaxError on
 * anything else, so a hand-edited block in the guide that Mermaid might misread fails a test.
 */
export function parseTimelineGantt(text: string): GanttChart {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('%%'));
  if (lines[0] !== 'gantt') throw new GanttSyntaxError(`a gantt block starts with "gantt", not "${lines[0] ?? ''}"`);
  let title = '';
  const sections: { name: string; tasks: GanttTask[] }[] = [];
  for (const line of lines.slice(1)) {
    const keyword = /^(title|dateFormat|axisFormat|tickInterval|section)\s+(.+)$/.exec(line);
    if (keyword) {
      const [, key, value = ''] = keyword;
      if (key === 'title') title = value;
      if (key === 'dateFormat' && value !== 'x') throw new GanttSyntaxError(`dateFormat must be x, got ${value}`);
      if (key === 'tickInterval' && !/^[1-9]\d*(?:millisecond|second|minute)$/.test(value))
        throw new GanttSyntaxError(`bad tickInterval ${value}`);
      if (key === 'section') sections.push({ name: value, tasks: [] });
      continue;
    }
    const task = /^([^:#;]+?)\s*:(.+)$/.exec(line);
    if (!task) throw new GanttSyntaxError(`not a task line: ${line}`);
    const section = sections.at(-1);
    if (section === undefined) throw new GanttSyntaxError(`task before any section: ${line}`);
    const fields = (task[2] ?? '').split(',').map((field) => field.trim());
    const tags = fields.filter((field) => TAGS.has(field));
    const times = fields.filter((field) => !TAGS.has(field));
    if (times.length !== 2 || !times.every((field) => /^\d+$/.test(field)))
      throw new GanttSyntaxError(`a task needs a start and an end in ms: ${line}`);
    const [startMs = 0, endMs = 0] = times.map(Number);
    if (endMs < startMs) throw new GanttSyntaxError(`a task ends before it starts: ${line}`);
    section.tasks.push({ name: task[1] ?? '', milestone: tags.includes('milestone'), startMs, endMs });
  }
  return { title, sections };
}

/** Text Mermaid reads literally inside a task name, title or section: no `:`, `#`, `;`. */
function clean(text: string): string {
  return text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();
}
