/**
 * The locale tables' checks, for the lab's own tables and an app's: every language has the same
 * sections and keys (each function with its arity), no text is empty whatever a message's
 * arguments, and the Japanese is written in Japanese.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '#lab/common/language';

/**
 * An argument that stands in for any value a message takes (a count, a name, a list, the
 * facts of a ready lab): it converts to 7, joins and maps to a word, and has every property.
 */
// oxlint-disable-next-line typescript/no-explicit-any -- one stand-in for the many argument types of the tables' functions
const anything: any = new Proxy(function stand() {}, {
  get(_target, property) {
    if (property === Symbol.toPrimitive) return () => 7;
    if (property === 'toFixed') return () => '7.0';
    if (property === 'join') return () => 'x, y';
    if (property === 'map' || property === 'filter') return () => ['x'];
    if (property === 'length') return 1;
    return anything;
  },
  apply: () => anything,
});

/** Every leaf of a table as [path, text]: strings as they are, functions called with stand-ins. */
export function leaves(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    const args = Array.from({ length: Math.max(1, value.length) }, () => anything);
    return [[path, String((value as (...a: unknown[]) => unknown)(...args))]];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leaves(item, `${path}.${key}`));
  return [[path, String(value)]];
}

/** The shape of a table: its keys, nested, and each function's arity. */
export function shape(value: unknown): unknown {
  if (typeof value === 'function') return `function/${value.length}`;
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]));
  return typeof value;
}

/** The checks of every section of `tables` (one table per language, keyed by section). */
export function checkLocaleTables(tables: Readonly<Record<Language, Readonly<Record<string, unknown>>>>): void {
  const sections = Object.keys(tables.en);

  it('has the same sections in every language', () => {
    for (const language of LANGUAGES) expect(Object.keys(tables[language])).toEqual(sections);
  });

  describe.each(sections)('%s', (section) => {
    const table = Object.fromEntries(LANGUAGES.map((language) => [language, tables[language][section]])) as Record<
      Language,
      unknown
    >;

    it('has the same keys in every language', () => {
      for (const language of LANGUAGES) expect(shape(table[language])).toEqual(shape(table.en));
    });

    it.each(LANGUAGES)('has no empty text in %s', (language) => {
      const texts = leaves(table[language], language);
      expect(texts.length).toBeGreaterThan(0);
      for (const [path, text] of texts) expect(text.trim(), path).not.toBe('');
    });

    it('is written in Japanese, not copied from English', () => {
      const japanese = leaves(table.ja, 'ja').filter(([, text]) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(text));
      const english = leaves(table.en, 'en').filter(([, text]) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(text));
      expect(japanese.length).toBeGreaterThan(leaves(table.ja, 'ja').length / 2);
      expect(english).toEqual([]);
    });
  });
}
