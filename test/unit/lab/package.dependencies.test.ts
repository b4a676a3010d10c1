/**
 * The lab package declares what it imports: every npm package a file of lab/ imports (or
 * resolves, as the synthesis child resolves tsx) is in lab/package.json's dependencies, or, for
 * types only, its devDependencies; and nothing is declared there that the lab does not use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '#lab/common/lab-work-dir';
import { packagesNamedIn } from '#test/helpers/package-imports';

const LAB = join(REPOSITORY_ROOT, 'lab');
const manifest = JSON.parse(readFileSync(join(LAB, 'package.json'), 'utf8')) as {
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
};

describe("lab/package.json's dependencies", () => {
  const { run, types } = packagesNamedIn(LAB);

  it('name every package the lab imports or resolves', () => {
    const declared = new Set(Object.keys(manifest.dependencies));
    // `aws-lambda` is types only (@types/aws-lambda), a devDependency.
    expect([...run].filter((name) => !declared.has(name) && name !== 'aws-lambda').sort()).toEqual([]);
    expect(run.has('fauxqs') && run.has('chevrotain')).toBe(true);
  });

  it('name nothing the lab does not use', () => {
    const used = new Set([...run, ...types]);
    expect(Object.keys(manifest.dependencies).filter((name) => !used.has(name))).toEqual([]);
    expect(Object.keys(manifest.devDependencies)).toEqual(['@types/aws-lambda']);
  });
});
