/** Test files are named after the module they test (scripts/test-names.ts), and this tree's are. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { misnamedTests } from '#scripts/test-names';

describe('misnamedTests', () => {
  const sources = [
    'lab/services/iam/iam-evaluator.ts',
    'lab/cli/deploy.ts',
    '.dependency-cruiser.cjs',
    'oxlint.config.ts',
  ];

  it('accepts <module>.test.ts and <module>.<aspect>.test.ts, the module anywhere in the source', () => {
    expect(
      misnamedTests([
        ...sources,
        'test/unit/lab/services/iam/iam-evaluator.test.ts',
        'test/unit/lab/services/iam/iam-evaluator.grant-propagation.test.ts',
        'test/lab/cli/deploy.test.ts',
        'test/unit/dependency-cruiser.test.ts',
        // A root configuration file is named up to its first dot.
        'test/unit/oxlint.config.test.ts',
      ]),
    ).toEqual([]);
  });

  it('names a test after no module, in test/unit/ and test/lab/ only', () => {
    expect(
      misnamedTests([
        ...sources,
        'test/unit/lab/services/iam/grant-propagation.test.ts',
        'test/lab/cli/deploy-cli.test.ts',
        'test/conformance/sqs/receipt-handles.test.ts',
        'test/robustness/no-request-crashes-the-lab.test.ts',
        'test/unit/lab/helper.ts',
      ]),
    ).toEqual(['test/unit/lab/services/iam/grant-propagation.test.ts', 'test/lab/cli/deploy-cli.test.ts']);
  });

  it('finds none in this repository', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => file !== '');
    expect(files.filter((file) => file.endsWith('.test.ts')).length).toBeGreaterThan(100);
    expect(misnamedTests(files)).toEqual([]);
  });
});
