/**
 * The npm packages a folder's TypeScript names, read from its source: what it imports (static or
 * `import()`), resolves (`require.resolve`, `createRequire(…).resolve`) or requires
 * (`createRequire(…)(…)`), split into what it runs and what it reads types from only. The
 * package-dependency tests of the app (test/infra/) and of the lab package (lab/test/unit/) both
 * read their manifests against it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The package a specifier names: `@scope/name` or `name`. */
function packageOf(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

const NAMED =
  /(?:^import\s+(type\s+)?[^;]*?from\s+|\bimport\(\s*|(?:\brequire|\))\.resolve\(\s*|createRequire\([^)]*\)\(\s*)'([^'.#][^']*)'/gms;

/**
 * The packages `folder`'s `.ts` files run (`run`) and those they only read types from (`types`);
 * `node:` left out, and the files under `skip` (sub-folders of `folder`) too.
 */
export function packagesNamedIn(
  folder: string,
  skip: readonly string[] = [],
): { readonly run: Set<string>; readonly types: Set<string> } {
  const run = new Set<string>();
  const types = new Set<string>();
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !skip.some((sub) => file.startsWith(`${sub}/`)),
  );
  for (const file of files) {
    for (const match of readFileSync(join(folder, file), 'utf8').matchAll(NAMED)) {
      const specifier = match[2] ?? '';
      if (specifier.startsWith('node:')) continue;
      (match[1] === undefined ? run : types).add(packageOf(specifier));
    }
  }
  for (const name of run) types.delete(name);
  return { run, types };
}
