import { describe, expect, it } from 'vitest';
import { terminalSafe } from '#lab/common/terminal-safe';

describe('terminalSafe', () => {
  it('shows an escape sequence that would retitle the terminal, instead of sending it', () => {
    expect(terminalSafe('unknown field "\u001b]0;pwned\u0007"')).toBe('unknown field "\\x1B]0;pwned\\x07"');
  });

  it('shows a newline or carriage return, so no request can forge a line of its own', () => {
    expect(terminalSafe('a\nfake line\rb')).toBe('a\\nfake line\\rb');
  });

  it('shows C1 controls, DEL and bidirectional overrides', () => {
    expect(terminalSafe('\u009b31m\u007f\u202eabc\u2066')).toBe('\\x9B31m\\x7F\\u202Eabc\\u2066');
  });

  it('leaves tabs, Japanese text and emoji as they are', () => {
    expect(terminalSafe('id\tジョブ 🙂')).toBe('id\tジョブ 🙂');
  });
});
