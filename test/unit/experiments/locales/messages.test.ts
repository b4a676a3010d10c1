import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#lab/common/language';
import { checkLocaleTables } from '#lab/test/helpers/locale-tables';
import { EXPERIMENTS } from '#experiments/catalog';
import { en } from '#experiments/locales/en';
import { ja } from '#experiments/locales/ja';

// Everything a user reads exists in every language: experiments/locales/en.ts and ja.ts (the
// tutorial's commands', which experiments/locales/messages.ts puts over the lab's own) have the
// same keys, section by section (one section per command, report or page), and no text, and no
// message built from any arguments, is empty. The lab's own tables are checked in its package.
checkLocaleTables({ en, ja });

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
