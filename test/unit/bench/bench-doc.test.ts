/**
 * The bench's figures in the docs are the committed run's: docs/project.md and its Japanese page
 * hold, between their markers, what `npm run bench:doc` writes from bench/results.json, so no
 * figure of a run is edited by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_DOC_BEGIN, BENCH_DOC_END, BenchDocMarkersError, renderBenchDoc, spliceBenchDoc } from '#bench/bench-doc';
import { type BenchResults, RESULTS_FILE } from '#bench/results';
import { PROJECT_ROOT } from '#lib/project-root';

const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as BenchResults;

describe('bench figures in docs/project (npm run bench:doc)', () => {
  it.each([
    ['en', 'project.md'],
    ['ja', 'project.ja.md'],
  ] as const)('the %s page holds the committed run, summary and targets', (language, file) => {
    const page = readFileSync(join(PROJECT_ROOT, 'docs', file), 'utf8');
    const block = renderBenchDoc(results, language);

    expect(page).toContain(block);
    expect(block).toContain(`Measured ${results.generatedAt.slice(0, 10)}`);
    for (const target of results.targets) expect(block).toContain(target.target);
  });

  it('replaces only what lies between the markers, and refuses a page without one pair', () => {
    const page = `before\n${BENCH_DOC_BEGIN}\nold\n${BENCH_DOC_END}\nafter\n`;

    expect(spliceBenchDoc(page, 'new')).toBe('before\nnew\nafter\n');
    expect(() => spliceBenchDoc('no markers', 'new')).toThrow(BenchDocMarkersError);
    expect(() => spliceBenchDoc(`${page}${BENCH_DOC_BEGIN}\n`, 'new')).toThrow(BenchDocMarkersError);
    expect(() => spliceBenchDoc(`${BENCH_DOC_END}\n${BENCH_DOC_BEGIN}`, 'new')).toThrow(BenchDocMarkersError);
  });
});
