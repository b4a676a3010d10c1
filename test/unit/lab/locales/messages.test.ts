import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#lab/common/language';
import { EXPERIMENTS } from '#experiments/catalog';
import { MESSAGES } from '#experiments/locales/messages';

// Everything a user reads exists in every language: lab/locales/en.ts and ja.ts (the lab's own
// words), and experiments/locales/en.ts and ja.ts (the tutorial's commands'), which
// experiments/locales/messages.ts puts together, have the same keys, section by section (one section per command, report or page), and no text, and no
// message built from any arguments, is empty.

const SECTIONS = Object.keys(MESSAGES.en) as (keyof typeof MESSAGES.en)[];

/**
 * An argument that stands in for any value a message takes (a count, a name, a list, the
 * facts of a ready lab): it converts to 7, joins and maps to a word, and has every property.
 */
// `any`: one stand-in for the many argument types of the tables' functions.
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
function leaves(value: unknown, path: string): [string, string][] {
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
function shape(value: unknown): unknown {
  if (typeof value === 'function') return `function/${value.length}`;
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]));
  return typeof value;
}

it('has the same sections in every language', () => {
  for (const language of LANGUAGES) expect(Object.keys(MESSAGES[language])).toEqual(SECTIONS);
});

describe.each(SECTIONS)('%s', (section) => {
  const table = Object.fromEntries(LANGUAGES.map((language) => [language, MESSAGES[language][section]])) as Record<
    (typeof LANGUAGES)[number],
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

describe('the catalog', () => {
  it.each(EXPERIMENTS.map((e) => e.name))('%s has its title and prediction in every language', (name) => {
    const experiment = EXPERIMENTS.find((e) => e.name === name);
    for (const language of LANGUAGES) {
      expect(experiment?.title[language].trim()).not.toBe('');
      expect(experiment?.prediction[language].trim()).not.toBe('');
    }
    expect(experiment?.title.ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(experiment?.prediction.ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});
