/**
 * Text fitted to terminal columns, so a table or a progress line with Japanese text still lines
 * up: the `string-width` package measures (a wide character takes two columns, a combining mark
 * none, ANSI codes none).
 */
import stringWidth from 'string-width';

/** `text` padded with spaces to `width` terminal columns. */
export function padColumns(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

/** The longest start of `text` that fits in `width` terminal columns, cut between whole characters. */
export function truncateColumns(text: string, width: number): string {
  let used = 0;
  let end = 0;
  for (const { segment } of new Intl.Segmenter().segment(text)) {
    used += stringWidth(segment);
    if (used > width) break;
    end += segment.length;
  }
  return text.slice(0, end);
}
