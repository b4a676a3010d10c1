import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fidelitySummary, type Outcome, renderFidelity } from '#scripts/fidelity-doc';
import { CONFORMANCE_CATALOG } from '#lab/test/conformance/catalog';

// The suite must pass as a whole (npm test), so the documents must say every behaviour passes.
const allPassed = new Map<string, Outcome>(CONFORMANCE_CATALOG.map((behaviour) => [behaviour.id, 'passed']));
const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('lab/docs/fidelity.md and .ja.md', () => {
  it.each([
    ['lab/docs/fidelity.md', 'en'],
    ['lab/docs/fidelity.ja.md', 'ja'],
  ] as const)(
    '%s is what npm run fidelity writes from the suite (run it after changing a behaviour)',
    (path, language) => {
      expect(read(path)).toBe(renderFidelity(CONFORMANCE_CATALOG, allPassed, language));
    },
  );

  it.each([
    ['docs/lab.md', 'en'],
    ['docs/lab.ja.md', 'ja'],
  ] as const)('%s summarizes the suite with its current counts', (path, language) => {
    expect(read(path)).toContain(fidelitySummary(CONFORMANCE_CATALOG, language));
  });

  it('gives every behaviour a unique id, a source, text in both languages, and a reason for every difference', () => {
    const ids = CONFORMANCE_CATALOG.map((behaviour) => behaviour.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const behaviour of CONFORMANCE_CATALOG) {
      expect(behaviour.source, behaviour.id).toMatch(/^(https:\/\/|localstack\/localstack )/);
      for (const language of ['en', 'ja'] as const) {
        expect(behaviour[language].title, behaviour.id).not.toBe('');
        expect(behaviour[language].aws, behaviour.id).not.toBe('');
        if (behaviour.verdict === 'different') {
          expect(behaviour[language].lab, behaviour.id).toBeTruthy();
          expect(behaviour[language].why, behaviour.id).toBeTruthy();
        }
      }
    }
  });
});
