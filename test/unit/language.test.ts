import { describe, expect, it } from 'vitest';
import { resolveLanguage, takeLanguage, UnknownLanguageError } from '../../lab';

describe('the language a command speaks', () => {
  it('follows --lang, else a Japanese locale, else English', () => {
    expect(resolveLanguage('ja', {})).toBe('ja');
    expect(resolveLanguage(undefined, { LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(resolveLanguage(undefined, { LC_ALL: 'ja_JP.UTF-8', LANG: 'en_US.UTF-8' })).toBe('ja');
    expect(resolveLanguage(undefined, { LANG: 'en_US.UTF-8' })).toBe('en');
    expect(resolveLanguage('en', { LANG: 'ja_JP.UTF-8' })).toBe('en');
  });

  it('takes --lang out of the arguments, in both spellings', () => {
    expect(takeLanguage(['--lang', 'ja', '--watch'], {})).toEqual({ language: 'ja', rest: ['--watch'] });
    expect(takeLanguage(['-c', 'batchSize=1', '--lang=en'], { LANG: 'ja_JP' })).toEqual({
      language: 'en',
      rest: ['-c', 'batchSize=1'],
    });
  });

  it('refuses a language it does not speak, in one sentence', () => {
    expect(() => resolveLanguage('fr', {})).toThrow(UnknownLanguageError);
    expect(() => resolveLanguage('fr', {})).toThrow('--lang takes en or ja, got "fr"');
  });
});
