/**
 * `npm run fidelity`: runs the conformance suite and writes lab/docs/fidelity.md and
 * lab/docs/fidelity.ja.md from its results and the catalog of behaviours.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root';
import { CONFORMANCE_CATALOG } from '../lab/test/conformance/catalog';
import { type Outcome, renderFidelity } from './fidelity-doc';

interface VitestJson {
  readonly testResults: readonly {
    readonly assertionResults: readonly { readonly title: string; readonly status: string }[];
  }[];
}

const resultsFile = join(PROJECT_ROOT, '.lab', 'conformance-results.json');
mkdirSync(join(PROJECT_ROOT, '.lab'), { recursive: true });
const run = spawnSync(
  process.execPath,
  [
    join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    // The lab's own conformance tests, and those that deploy through the tutorial's stacks.
    'lab/test/conformance',
    'test/conformance',
    '--reporter=json',
    `--outputFile=${resultsFile}`,
  ],
  { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
);
const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as VitestJson;
const outcomes = new Map<string, Outcome>();
for (const file of results.testResults) {
  for (const test of file.assertionResults) {
    const id = test.title.split(':')[0] ?? '';
    outcomes.set(id, test.status === 'passed' ? 'passed' : test.status === 'failed' ? 'failed' : 'not run');
  }
}
writeFileSync(join(PROJECT_ROOT, 'lab', 'docs', 'fidelity.md'), renderFidelity(CONFORMANCE_CATALOG, outcomes, 'en'));
writeFileSync(join(PROJECT_ROOT, 'lab', 'docs', 'fidelity.ja.md'), renderFidelity(CONFORMANCE_CATALOG, outcomes, 'ja'));
const failed = [...outcomes.values()].filter((outcome) => outcome === 'failed').length;
process.stdout.write(
  `lab/docs/fidelity.md and lab/docs/fidelity.ja.md written: ${CONFORMANCE_CATALOG.length} behaviours, ${failed} failing.\n`,
);
process.exitCode = run.status === 0 && failed === 0 ? 0 : 1;
