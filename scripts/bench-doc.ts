/**
 * `npm run bench:doc`: writes the figures of bench/results.json into docs/project.md and
 * docs/project.ja.md, between their bench markers (bench/bench-doc.ts). Run it after a full
 * `npm run bench` whose results you commit; a test holds the pages to the committed results.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@sqs-lab/lab';
import { renderBenchDoc, spliceBenchDoc } from '../bench/bench-doc';
import { type BenchResults, RESULTS_FILE } from '../bench/results';
import { PROJECT_ROOT } from '../lib/project-root';

const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as BenchResults;
const pages: readonly [Language, string][] = [
  ['en', join(PROJECT_ROOT, 'docs', 'project.md')],
  ['ja', join(PROJECT_ROOT, 'docs', 'project.ja.md')],
];
for (const [language, path] of pages)
  writeFileSync(path, spliceBenchDoc(readFileSync(path, 'utf8'), renderBenchDoc(results, language)));
process.stdout.write(
  `docs/project.md and docs/project.ja.md: figures of ${results.generatedAt.slice(0, 10)} written.\n`,
);
