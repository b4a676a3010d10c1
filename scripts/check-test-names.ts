/**
 * `npm run lint` (after prettier, oxlint and the conflict-marker check): runs scripts/test-names.ts
 * over the test files' names git knows of; prints each test named after no module, and exits 1 if
 * there is any.
 */
import { execFileSync } from 'node:child_process';
import { misnamedTests } from './test-names';

const known = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '');
const misnamed = misnamedTests(known);
for (const file of misnamed)
  process.stderr.write(
    `${file}  a test is named <module>.test.ts or <module>.<aspect>.test.ts (scripts/test-names.ts)\n`,
  );
process.stdout.write(`test names: ${misnamed.length} of ${known.length} files named after no module\n`);
process.exit(misnamed.length === 0 ? 0 : 1);
