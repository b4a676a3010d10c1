/**
 * A timeline as inline SVG: one lane per message, the time axis in seconds from the first
 * send, a hover title on every bar and mark. No scripts, fonts or external references, so the
 * page it sits in works offline.
 */
import type { Language } from '@sqs-lab/lab';
import type { Timeline, TimelineMark, TimelineMarkKind, TimelineSpan } from './timeline';
import { MESSAGES, type Messages } from '../locales/messages';

/** How each mark is drawn: a shape and its colour (the legend's words: lab/locales/). */
export const MARK_STYLES: Readonly<Record<TimelineMarkKind, { readonly shape: MarkShape; readonly color: string }>> = {
  sent: { shape: 'up', color: '#1e8a3c' },
  receive: { shape: 'down', color: '#1f4e9c' },
  heartbeat: { shape: 'tick', color: '#2a7fd4' },
  'heartbeat-failed': { shape: 'cross', color: '#d9822b' },
  'visible-again': { shape: 'diamond', color: '#d9822b' },
  claimed: { shape: 'dot', color: '#5b5b5b' },
  'in-progress': { shape: 'square', color: '#e0b000' },
  skipped: { shape: 'ring', color: '#6a6a6a' },
  completed: { shape: 'check', color: '#1e8a3c' },
  ok: { shape: 'check', color: '#1e8a3c' },
  failed: { shape: 'cross', color: '#c62828' },
  'batch-failed': { shape: 'cross', color: '#8e24aa' },
  'claim-lost': { shape: 'cross', color: '#6a6a6a' },
  deleted: { shape: 'bar', color: '#222222' },
  'stale-delete': { shape: 'hollowbar', color: '#222222' },
  dlq: { shape: 'up', color: '#8e24aa' },
  redrive: { shape: 'down', color: '#8e24aa' },
  released: { shape: 'tick', color: '#c62828' },
  crashed: { shape: 'cross', color: '#000000' },
  alarm: { shape: 'square', color: '#c62828' },
  'alarm-ok': { shape: 'square', color: '#1e8a3c' },
};

export type MarkShape =
  'down' | 'up' | 'tick' | 'cross' | 'diamond' | 'dot' | 'square' | 'ring' | 'check' | 'bar' | 'hollowbar';

const LABEL_WIDTH = 180;
/** One row per receive. */
const ROW_HEIGHT = 40;
const LANE_PAD = 6;
const AXIS_HEIGHT = 28;
const RIGHT_PAD = 24;
/** Deletes follow the line that caused them by a few ms: drawn a few px right so both show. */
const NUDGE: Readonly<Partial<Record<TimelineMarkKind, number>>> & Record<string, number | undefined> = {
  deleted: 8,
  'stale-delete': 8,
};
const INVISIBLE_COLOR = '#b9d3f2';
const DELAYED_COLOR = '#e4e4e4';
const WORK_COLOR = '#7d8a99';

/** Escapes text for SVG/HTML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The run as an `<svg>` element, `width` pixels wide. */
export function renderTimelineSvg(timeline: Timeline, width = 980): string {
  const say = MESSAGES[timeline.language ?? 'en'].timeline;
  const seconds = Math.max(1, Math.ceil(timeline.seconds));
  const plotWidth = width - LABEL_WIDTH - RIGHT_PAD;
  const x = (t: number): number => round(LABEL_WIDTH + (Math.max(0, t) / seconds) * plotWidth);
  const laneHeight = (rows: number): number => rows * ROW_HEIGHT + LANE_PAD;
  const height = AXIS_HEIGHT + timeline.lanes.reduce((sum, lane) => sum + laneHeight(lane.rows), 0) + 8;
  const parts: string[] = [];
  parts.push(
    `<svg class="timeline" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(timeline.title)}">`,
  );
  parts.push(`<title>${escapeXml(timeline.title)}</title>`);
  const step = tickStep(seconds);
  for (let t = 0; t <= seconds; t += step) {
    parts.push(
      `<line x1="${x(t)}" y1="${AXIS_HEIGHT - 6}" x2="${x(t)}" y2="${height - 4}" stroke="#e3e3e3" stroke-width="1"/>`,
      `<text x="${x(t)}" y="${AXIS_HEIGHT - 10}" font-size="11" text-anchor="middle" fill="#555">${t} s</text>`,
    );
  }
  let laneTop = AXIS_HEIGHT;
  timeline.lanes.forEach((lane, index) => {
    const top = laneTop;
    laneTop += laneHeight(lane.rows);
    if (index % 2 === 1)
      parts.push(`<rect x="0" y="${top}" width="${width}" height="${laneHeight(lane.rows)}" fill="#f5f7fb"/>`);
    parts.push(
      `<g class="lane" data-lane="${escapeXml(lane.id)}" data-rows="${lane.rows}">`,
      `<text x="8" y="${top + 22}" font-size="12" font-weight="600" fill="#222"><title>${escapeXml(lane.id)}</title>${escapeXml(truncate(lane.label, 18))}</text>`,
    );
    const rowTop = (row: number): number => top + LANE_PAD / 2 + row * ROW_HEIGHT;
    // A lane without receives (the DLQ alarm's) has no receive rows to name.
    for (let row = 0; row < lane.rows && lane.spans.length > 0; row += 1) {
      // The receive the row holds (two messages of one job each start at receive 1).
      const receive = lane.spans.find((span) => span.row === row && span.kind !== 'delayed')?.receive ?? row + 1;
      parts.push(
        `<text x="${LABEL_WIDTH - 8}" y="${rowTop(row) + 18}" font-size="10.5" text-anchor="end" fill="#667">${escapeXml(say.rowLabel(receive))}</text>`,
      );
    }
    for (const span of lane.spans) parts.push(spanSvg(span, rowTop(span.row), x, say));
    // Words go to the marks that matter most first; one too close to a placed word on the same
    // row is left to the hover title.
    const placed: { x: number; row: number }[] = [];
    const worded = new Set<TimelineMark>();
    for (const mark of [...lane.marks].filter(hasWord).sort((a, b) => wordRank(a) - wordRank(b))) {
      const mx = x(mark.at);
      if (placed.some((p) => p.row === mark.row && Math.abs(p.x - mx) < 62)) continue;
      placed.push({ x: mx, row: mark.row });
      worded.add(mark);
    }
    for (const mark of lane.marks) parts.push(markSvg(mark, x(mark.at), rowTop(mark.row), worded.has(mark)));
    parts.push('</g>');
  });
  parts.push('</svg>');
  return parts.join('\n');
}

function spanSvg(span: TimelineSpan, top: number, x: (t: number) => number, say: Messages['timeline']): string {
  const x1 = x(span.start);
  const w = Math.max(1.5, round(x(span.end) - x1));
  const title = `<title>${escapeXml(span.title)}</title>`;
  if (span.kind === 'delayed') {
    return `<rect class="span-delayed" x="${x1}" y="${top + 8}" width="${w}" height="11" rx="2" fill="${DELAYED_COLOR}" stroke="#9a9a9a" stroke-width="0.8" stroke-dasharray="3 2" data-end="${span.end}">${title}</rect>`;
  }
  if (span.kind === 'work') {
    const dash = span.open === true ? ' stroke-dasharray="3 2" stroke="#44505c"' : '';
    return `<rect class="span-work" x="${x1}" y="${top + 21}" width="${w}" height="4" rx="1" fill="${WORK_COLOR}"${dash} data-end="${span.end}">${title}</rect>`;
  }
  const moved = (span.supersededDeadlines ?? [])
    .filter((deadline) => deadline <= span.end)
    .map(
      (deadline) =>
        `<line class="superseded-deadline" x1="${x(deadline)}" y1="${top + 7}" x2="${x(deadline)}" y2="${top + 19}" stroke="#2a7fd4" stroke-width="1" stroke-dasharray="2 2"><title>${escapeXml(say.supersededTitle(deadline))}</title></line>`,
    )
    .join('');
  return `<rect class="span-invisible" x="${x1}" y="${top + 8}" width="${w}" height="11" rx="2" fill="${INVISIBLE_COLOR}" stroke="#7ea9dc" stroke-width="0.8" data-end="${span.end}">${title}</rect>${moved}`;
}

function markSvg(mark: TimelineMark, mx: number, top: number, withWord: boolean): string {
  const style = MARK_STYLES[mark.kind];
  const word =
    withWord && hasWord(mark)
      ? `<text x="${round(mx + 2)}" y="${top + 35}" font-size="9.5" fill="${style.color}">${escapeXml(shortLabel(mark))}</text>`
      : '';
  return `<g class="mark mark-${mark.kind}" data-at="${mark.at}" data-row="${mark.row}"><title>${escapeXml(mark.title)}</title>${shapeSvg(style.shape, mx + (NUDGE[mark.kind] ?? 0), top + 13.5, style.color)}${word}</g>`;
}

/** Receives, heartbeats and claims say enough by shape and row; the others carry a word. */
function hasWord(mark: TimelineMark): boolean {
  return mark.kind !== 'receive' && mark.kind !== 'heartbeat' && mark.kind !== 'claimed';
}

/** One symbol centred on (cx, cy); also used by the legend. */
export function shapeSvg(shape: MarkShape, cx: number, cy: number, color: string): string {
  const p = (dx: number, dy: number): string => `${round(cx + dx)},${round(cy + dy)}`;
  switch (shape) {
    case 'down':
      return `<polygon points="${p(-5, -9)} ${p(5, -9)} ${p(0, -2)}" fill="${color}"/>`;
    case 'up':
      return `<polygon points="${p(-5, 8)} ${p(5, 8)} ${p(0, 1)}" fill="${color}"/>`;
    case 'tick':
      return `<line x1="${cx}" y1="${cy - 8}" x2="${cx}" y2="${cy + 8}" stroke="${color}" stroke-width="2"/><polygon points="${p(1, -8)} ${p(6, -5)} ${p(1, -2)}" fill="${color}"/>`;
    case 'cross':
      return `<path d="M${p(-4, -4)} L${p(4, 4)} M${p(-4, 4)} L${p(4, -4)}" stroke="${color}" stroke-width="2.2"/>`;
    case 'diamond':
      return `<polygon points="${p(0, -6)} ${p(6, 0)} ${p(0, 6)} ${p(-6, 0)}" fill="${color}"/>`;
    case 'dot':
      return `<circle cx="${cx}" cy="${cy}" r="3" fill="${color}"/>`;
    case 'square':
      return `<rect x="${round(cx - 4.5)}" y="${round(cy - 4.5)}" width="9" height="9" fill="${color}"/>`;
    case 'ring':
      return `<circle cx="${cx}" cy="${cy}" r="4.5" fill="#fff" stroke="${color}" stroke-width="2"/>`;
    case 'check':
      return `<circle cx="${cx}" cy="${cy}" r="6" fill="${color}"/><path d="M${p(-3, 0)} L${p(-1, 2.5)} L${p(3, -2.5)}" stroke="#fff" stroke-width="1.6" fill="none"/>`;
    case 'bar':
      return `<rect x="${round(cx - 1.5)}" y="${round(cy - 9)}" width="3" height="18" fill="${color}"/>`;
    case 'hollowbar':
      return `<rect x="${round(cx - 2)}" y="${round(cy - 9)}" width="4" height="18" fill="#fff" stroke="${color}" stroke-width="1"/>`;
  }
}

/** The legend: every mark kind that occurs, plus the bars (the delay bar unless `delayed` is false). */
export function renderLegendSvg(
  kinds: readonly TimelineMarkKind[] = Object.keys(MARK_STYLES) as TimelineMarkKind[],
  language: Language = 'en',
  delayed = true,
): string {
  const say = MESSAGES[language].timeline;
  const items: string[] = [
    `<rect x="0" y="-5" width="26" height="10" rx="2" fill="${INVISIBLE_COLOR}" stroke="#7ea9dc" stroke-width="0.8"/><text x="32" y="4" font-size="11.5">${escapeXml(say.legendInvisible)}</text>`,
    `<rect x="0" y="-2.5" width="26" height="5" fill="${WORK_COLOR}"/><text x="32" y="4" font-size="11.5">${escapeXml(say.legendWork)}</text>`,
    `<line x1="13" y1="-6" x2="13" y2="6" stroke="#2a7fd4" stroke-dasharray="2 2"/><text x="32" y="4" font-size="11.5">${escapeXml(say.legendSuperseded)}</text>`,
    ...(delayed
      ? [
          `<rect x="0" y="-5" width="26" height="10" rx="2" fill="${DELAYED_COLOR}" stroke="#9a9a9a" stroke-width="0.8" stroke-dasharray="3 2"/><text x="32" y="4" font-size="11.5">${escapeXml(say.legendDelayed)}</text>`,
        ]
      : []),
    ...kinds.map((kind) => {
      const style = MARK_STYLES[kind];
      return `${shapeSvg(style.shape, 13, 0, style.color)}<text x="32" y="4" font-size="11.5">${escapeXml(say.legend[kind])}</text>`;
    }),
  ];
  const columns = 3;
  const colWidth = 320;
  const rows = Math.ceil(items.length / columns);
  const cells = items.map(
    (item, i) =>
      `<g transform="translate(${(i % columns) * colWidth + 8} ${Math.floor(i / columns) * 22 + 16})">${item}</g>`,
  );
  return `<svg class="legend" width="${columns * colWidth}" height="${rows * 22 + 8}" role="img" aria-label="${escapeXml(say.legendLabel)}">${cells.join('')}</svg>`;
}

/** Lower first: which marks keep their word when words would overlap. */
function wordRank(mark: TimelineMark): number {
  const order: readonly TimelineMarkKind[] = ['dlq', 'redrive', 'in-progress', 'skipped', 'completed', 'failed'];
  const rank = order.indexOf(mark.kind);
  return rank === -1 ? order.length + (mark.kind === 'visible-again' ? 1 : 0) : rank;
}

/** The word beside a mark: its short word if it has one, else its label. */
function shortLabel(mark: TimelineMark): string {
  return mark.word ?? mark.label;
}

function tickStep(seconds: number): number {
  if (seconds <= 12) return 1;
  if (seconds <= 30) return 2;
  if (seconds <= 70) return 5;
  return 10;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
