/**
 * `npm run lint` (after prettier): runs scripts/source-rules.ts over every TypeScript and
 * Markdown file git knows of, and scripts/test-names.ts over the test files' names; prints each
 * violation with its place, and exits 1 if there is any.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { checkSource } from './source-rules';
import { misnamedTests } from './test-names';

const known = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '');
const files = known.filter((file) => file.endsWith('.ts') || file.endsWith('.md'));

const violations = files.flatMap((file) => checkSource(file, readFileSync(file, 'utf8')));
for (const v of violations) process.stderr.write(`${v.file}:${v.line}  ${v.rule}\n    ${v.text}\n`);
const misnamed = misnamedTests(known);
for (const file of misnamed)
  process.stderr.write(
    `${file}  a test is named <module>.test.ts or <module>.<aspect>.test.ts (scripts/test-names.ts)\n`,
  );
process.stdout.write(
  `source rules: ${files.length} files, ${violations.length} violations; test names: ${misnamed.length} named after no module\n`,
);
process.exit(violations.length + misnamed.length === 0 ? 0 : 1);
