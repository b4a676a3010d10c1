/**
 * The lab package declares what it imports: every npm package a file of lab/ imports (or
 * resolves, as the synthesis child resolves tsx) is in lab/package.json's dependencies, or, for
 * types only, its devDependencies; and nothing is declared there that the lab does not use.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '#lab/common/lab-work-dir';

const LAB = join(REPOSITORY_ROOT, 'lab');
const manifest = JSON.parse(readFileSync(join(LAB, 'package.json'), 'utf8')) as {
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
};

/** The package a specifier names: `@scope/name` or `name`. */
const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The npm packages lab/'s TypeScript names, split into those it runs and those it reads types from. */
function labImports(): { readonly run: Set<string>; readonly types: Set<string> } {
  const run = new Set<string>();
  const types = new Set<string>();
  const files = readdirSync(LAB, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  for (const file of files) {
    const source = readFileSync(join(LAB, file), 'utf8');
    const named =
      /(?:^import\s+(type\s+)?[^;]*?from\s+|\bimport\(\s*|\.resolve\(\s*|createRequire\([^)]*\)\(\s*)'([^'.#][^']*)'/gms;
    for (const match of source.matchAll(named)) {
      const specifier = match[2] ?? '';
      if (specifier.startsWith('node:')) continue;
      (match[1] === undefined ? run : types).add(packageOf(specifier));
    }
  }
  for (const name of run) types.delete(name);
  return { run, types };
}

describe("lab/package.json's dependencies", () => {
  const { run, types } = labImports();

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
