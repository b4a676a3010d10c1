/**
 * A timeline as inline SVG: one lane per message, the time axis in seconds from its start, a
 * hover title on every bar and mark. No scripts, fonts or external references, so the page it
 * sits in works offline. How each kind of mark looks, and the words around the marks, come from
 * the drawer's {@link TimelineLook}: the console's for any app (queue-timeline.ts), the tutorial's
 * for its experiments.
 */
import type { Timeline, TimelineMark, TimelineSpan } from './timeline-model';

/** A mark's symbol. */
export type MarkShape =
  'down' | 'up' | 'tick' | 'cross' | 'diamond' | 'dot' | 'square' | 'ring' | 'check' | 'bar' | 'hollowbar';

/** How one kind of mark is drawn. */
export interface MarkStyle {
  readonly shape: MarkShape;
  readonly color: string;
}

/** The words the renderer writes around the marks, in the timeline's language. */
export interface TimelineWords {
  /** A row's name: `receive 2`. */
  rowLabel(receive: number): string;
  /** The hover text of a deadline a visibility change replaced. */
  supersededTitle(deadline: number): string;
  readonly legendLabel: string;
  readonly legendInvisible: string;
  readonly legendWork: string;
  readonly legendSuperseded: string;
  readonly legendDelayed: string;
}

/** How a drawer's marks look. */
export interface TimelineLook<Kind extends string> {
  readonly styles: Readonly<Record<Kind, MarkStyle>>;
  /** Each kind's line in the legend. */
  readonly legend: Readonly<Record<Kind, string>>;
  readonly words: TimelineWords;
  /** Kinds drawn without a word beside them: their shape and row say enough. */
  readonly silent: readonly Kind[];
  /** Lower first: which marks keep their word when words would overlap. */
  rank(kind: Kind): number;
  /** Kinds drawn a few px right, so that both they and the mark that caused them show. */
  readonly nudge?: Readonly<Partial<Record<Kind, number>>>;
}

const LABEL_WIDTH = 180;
/** One row per receive. */
const ROW_HEIGHT = 40;
const LANE_PAD = 6;
const AXIS_HEIGHT = 28;
const RIGHT_PAD = 24;
const INVISIBLE_COLOR = '#b9d3f2';
const DELAYED_COLOR = '#e4e4e4';
const WORK_COLOR = '#7d8a99';

/** Escapes text for SVG/HTML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The timeline as an `<svg>` element, `width` pixels wide. */
export function renderTimelineSvg<Kind extends string>(
  timeline: Timeline<Kind>,
  look: TimelineLook<Kind>,
  width = 980,
): string {
  const say = look.words;
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
    const worded = new Set<TimelineMark<Kind>>();
    const hasWord = (mark: TimelineMark<Kind>): boolean => !look.silent.includes(mark.kind);
    for (const mark of [...lane.marks].filter(hasWord).sort((a, b) => look.rank(a.kind) - look.rank(b.kind))) {
      const mx = x(mark.at);
      if (placed.some((p) => p.row === mark.row && Math.abs(p.x - mx) < 62)) continue;
      placed.push({ x: mx, row: mark.row });
      worded.add(mark);
    }
    for (const mark of lane.marks) parts.push(markSvg(mark, look, x(mark.at), rowTop(mark.row), worded.has(mark)));
    parts.push('</g>');
  });
  parts.push('</svg>');
  return parts.join('\n');
}

function spanSvg(span: TimelineSpan, top: number, x: (t: number) => number, say: TimelineWords): string {
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

function markSvg<Kind extends string>(
  mark: TimelineMark<Kind>,
  look: TimelineLook<Kind>,
  mx: number,
  top: number,
  withWord: boolean,
): string {
  const style = look.styles[mark.kind];
  const word = withWord
    ? `<text x="${round(mx + 2)}" y="${top + 35}" font-size="9.5" fill="${style.color}">${escapeXml(shortLabel(mark))}</text>`
    : '';
  return `<g class="mark mark-${mark.kind}" data-at="${mark.at}" data-row="${mark.row}"><title>${escapeXml(mark.title)}</title>${shapeSvg(style.shape, mx + (look.nudge?.[mark.kind] ?? 0), top + 13.5, style.color)}${word}</g>`;
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

/** The legend: each of `kinds`, plus the bars (the delay bar unless `delayed` is false), in `columns` columns. */
export function renderLegendSvg<Kind extends string>(
  look: TimelineLook<Kind>,
  kinds: readonly Kind[] = Object.keys(look.styles) as Kind[],
  delayed = true,
  columns = 3,
): string {
  const say = look.words;
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
      const style = look.styles[kind];
      return `${shapeSvg(style.shape, 13, 0, style.color)}<text x="32" y="4" font-size="11.5">${escapeXml(look.legend[kind])}</text>`;
    }),
  ];
  const colWidth = 320;
  const rows = Math.ceil(items.length / columns);
  const cells = items.map(
    (item, i) =>
      `<g transform="translate(${(i % columns) * colWidth + 8} ${Math.floor(i / columns) * 22 + 16})">${item}</g>`,
  );
  return `<svg class="legend" width="${columns * colWidth}" height="${rows * 22 + 8}" role="img" aria-label="${escapeXml(say.legendLabel)}">${cells.join('')}</svg>`;
}

/** The word beside a mark: its short word if it has one, else its label. */
function shortLabel(mark: TimelineMark<string>): string {
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
