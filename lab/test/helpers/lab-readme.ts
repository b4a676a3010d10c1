/** The lab package's README example (its first `ts` block), in English or Japanese: what the package's tests compile and run. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '#lab/common/lab-work-dir';

/** The first ```ts block of lab/`readme`, or '' when it has none. */
export function labReadmeExample(readme: 'README.md' | 'README.ja.md'): string {
  return /```ts\n([\s\S]*?)```/.exec(readFileSync(join(REPOSITORY_ROOT, 'lab', readme), 'utf8'))?.[1] ?? '';
}
