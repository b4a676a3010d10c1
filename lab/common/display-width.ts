/**
 * Terminal column widths, so a table with Japanese cells still lines up: wide and full-width
 * characters (CJK, kana, full-width forms) take two columns, everything else one.
 */

/** True for a code point a terminal draws two columns wide. */
function isWide(codePoint: number): boolean {
  return (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0x303e) ||
    (codePoint >= 0x3041 && codePoint <= 0x33ff) ||
    (codePoint >= 0x3400 && codePoint <= 0x4dbf) ||
    (codePoint >= 0x4e00 && codePoint <= 0x9fff) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6)
  );
}

/** The columns `text` takes on a terminal. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += isWide(character.codePointAt(0) ?? 0) ? 2 : 1;
  return width;
}

/** `text` padded with spaces to `width` terminal columns. */
export function padDisplay(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/** The longest start of `text` that fits in `width` terminal columns. */
export function truncateDisplay(text: string, width: number): string {
  let used = 0;
  let end = 0;
  for (const character of text) {
    const next = used + displayWidth(character);
    if (next > width) break;
    used = next;
    end += character.length;
  }
  return text.slice(0, end);
}
