/**
 * `npm run lint` (after prettier): runs scripts/source-rules.ts over every TypeScript and
 * Markdown file git knows of, prints each violation with its place, and exits 1 if there is any.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { checkSource } from './source-rules';

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.md'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file.endsWith('.ts') || file.endsWith('.md'));

const violations = files.flatMap((file) => checkSource(file, readFileSync(file, 'utf8')));
for (const v of violations) process.stderr.write(`${v.file}:${v.line}  ${v.rule}\n    ${v.text}\n`);
process.stdout.write(`source rules: ${files.length} files, ${violations.length} violations\n`);
process.exit(violations.length === 0 ? 0 : 1);
