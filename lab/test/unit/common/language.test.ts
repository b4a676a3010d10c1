import { describe, expect, it } from 'vitest';
import { LANGUAGE_OPTION, readCommandLine } from '#lab/cli/command-line';
import { localizedFrom, resolveLanguage, UnknownLanguageError } from '#lab/common/language';

describe('the language a command speaks', () => {
  it('follows --lang, else a Japanese locale, else English', () => {
    expect(resolveLanguage('ja', {})).toBe('ja');
    expect(resolveLanguage(undefined, { LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(resolveLanguage(undefined, { LC_ALL: 'ja_JP.UTF-8', LANG: 'en_US.UTF-8' })).toBe('ja');
    expect(resolveLanguage(undefined, { LANG: 'en_US.UTF-8' })).toBe('en');
    expect(resolveLanguage('en', { LANG: 'ja_JP.UTF-8' })).toBe('en');
  });

  it('reads --lang from the command line, in both spellings', () => {
    const options = {
      ...LANGUAGE_OPTION,
      watch: { type: 'boolean' },
      context: { type: 'string', short: 'c' },
    } as const;
    const spaced = readCommandLine(['--lang', 'ja', '--watch'], options, 'en');
    expect(spaced.language).toBe('ja');
    expect(spaced.check().values).toEqual({ lang: 'ja', watch: true });
    const inline = readCommandLine(
      ['-c', 'batchSize=1', '--lang=en'],
      options,
      resolveLanguage(undefined, { LANG: 'ja_JP' }),
    );
    expect(inline.language).toBe('en');
    expect(inline.check().values).toEqual({ lang: 'en', context: 'batchSize=1' });
  });

  it('speaks --lang even when it follows an option that lacks its value', () => {
    const options = { ...LANGUAGE_OPTION, target: { type: 'string' } } as const;
    const line = readCommandLine(['--target', '--lang', 'ja'], options, 'en');
    expect(line.language).toBe('ja');
    expect(() => line.check()).toThrow('--target には値が必要です');
  });

  it('refuses a language it does not speak, in one sentence', () => {
    expect(() => resolveLanguage('fr', {})).toThrow(UnknownLanguageError);
    expect(() => resolveLanguage('fr', {})).toThrow('--lang takes en or ja, got "fr"');
    expect(() => readCommandLine(['--lang', 'fr'], LANGUAGE_OPTION, 'en').check()).toThrow(UnknownLanguageError);
  });
});

describe('localizedFrom', () => {
  it("picks one text from each language's table, telling the pick which language it reads", () => {
    const tables = { en: { hello: 'hello' }, ja: { hello: 'こんにちは' } };
    expect(localizedFrom(tables, (table) => table.hello)).toEqual({ en: 'hello', ja: 'こんにちは' });
    expect(localizedFrom(tables, (table, language) => `${language}: ${table.hello}`)).toEqual({
      en: 'en: hello',
      ja: 'ja: こんにちは',
    });
  });
});
