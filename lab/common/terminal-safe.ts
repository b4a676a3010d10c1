/**
 * Text the lab prints to a terminal that came from a request (a function's log line, an id, a
 * field name, a custom resource's reason) may hold control characters: ESC sequences that move
 * the cursor, recolour or retitle the window, BEL, a carriage return or newline that forges a
 * line of its own, or bidirectional overrides that reorder what is shown. Each is printed as a
 * visible escape instead (`\x1B`, `\n`, `\u202E`), so what a request sends is shown, never obeyed.
 */

/** C0 controls but tab, DEL, C1 controls, and the bidirectional embedding / override / isolate marks. */
const UNSAFE = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r' };

/** `text` with every control character shown as an escape. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (character) => {
    const named = NAMED[character];
    if (named !== undefined) return named;
    const code = character.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
      : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}
