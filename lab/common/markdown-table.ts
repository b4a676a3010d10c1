/**
 * The one Markdown table renderer: the Reliability table of `npm run chaos`, the tables of
 * `npm run bench` and the tables of lab/docs/fidelity.md are all drawn here.
 */

/**
 * A Markdown table: the header row, the `---` rule and one row per entry. A `|` in a cell is
 * escaped and a line break becomes a space, so no cell can end its row early.
 */
export function markdownTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]): string =>
    `| ${cells.map((cell) => String(cell).replaceAll('|', '\\|').replaceAll('\n', ' ')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
