/**
 * The lab package declares what it imports: every npm package a file of lab/ imports (or
 * resolves, as the synthesis child resolves tsx) is in lab/package.json's dependencies, or, for
 * types only, its devDependencies; what its own tests (lab/test/) import beyond those is in its
 * devDependencies; and nothing is declared there that the lab or its tests do not use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '#lab/common/lab-work-dir';
import { packagesNamedIn } from '#lab/test/helpers/package-imports';

const LAB = join(REPOSITORY_ROOT, 'lab');
const manifest = JSON.parse(readFileSync(join(LAB, 'package.json'), 'utf8')) as {
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
};

describe("lab/package.json's dependencies", () => {
  const { run, types } = packagesNamedIn(LAB, ['test']);
  const tests = packagesNamedIn(join(LAB, 'test'));
  const testPackages = new Set([...tests.run, ...tests.types]);

  it('name every package the lab imports or resolves', () => {
    const declared = new Set(Object.keys(manifest.dependencies));
    // `aws-lambda` is types only (@types/aws-lambda), a devDependency.
    expect([...run].filter((name) => !declared.has(name) && name !== 'aws-lambda').sort()).toEqual([]);
    expect(run.has('fauxqs') && run.has('chevrotain')).toBe(true);
  });

  it('name every package its tests import, the test-only ones as devDependencies', () => {
    const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);
    // `@sqs-lab/lab` is the package itself (its exports are under test); `aws-lambda` is @types/aws-lambda.
    expect(
      [...testPackages]
        .filter((name) => !declared.has(name) && name !== 'aws-lambda' && name !== '@sqs-lab/lab')
        .sort(),
    ).toEqual([]);
  });

  it('name nothing the lab or its tests do not use', () => {
    const used = new Set([...run, ...types]);
    expect(Object.keys(manifest.dependencies).filter((name) => !used.has(name))).toEqual([]);
    expect(Object.keys(manifest.devDependencies).sort()).toEqual(
      [
        '@types/aws-lambda',
        ...[...testPackages].filter((name) => !used.has(name) && name !== 'aws-lambda' && name !== '@sqs-lab/lab'),
      ].sort(),
    );
  });
});
