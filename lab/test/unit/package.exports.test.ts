/**
 * The lab is a workspace package, @sqs-lab/lab, whose `exports` (lab/package.json) are its API:
 * code outside it that names a file the exports do not list fails at type-check (tsc) and at run
 * time (Node's ERR_PACKAGE_PATH_NOT_EXPORTED), while the exported entries resolve. Both checks
 * run on a probe file in the lab's git-ignored work folder, so they resolve as the app's code does.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAB_WORK_DIR, REPOSITORY_ROOT } from '#lab/common/lab-work-dir';
import { labReadmeExample } from '#lab/test/helpers/lab-readme';

const probeDir = join(LAB_WORK_DIR, `package-exports-${process.pid}`);
mkdirSync(probeDir, { recursive: true });
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

const manifest = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'lab', 'package.json'), 'utf8')) as {
  readonly name: string;
  readonly exports: Readonly<Record<string, string>>;
};

/**
 * Type-checks `source` as a file of the app: the project's compiler options (tsconfig.json),
 * with the probe as the only file given, so the lab is reached through its package only.
 */
function typeCheck(source: string): { readonly status: number | null; readonly output: string } {
  const name = `probe-${Math.random().toString(36).slice(2)}`;
  const file = join(probeDir, `${name}.ts`);
  writeFileSync(file, source);
  const config = join(probeDir, `${name}.tsconfig.json`);
  writeFileSync(
    config,
    JSON.stringify({ extends: join(REPOSITORY_ROOT, 'tsconfig.json'), include: [], files: [file] }),
  );
  const result = spawnSync(
    process.execPath,
    [join(REPOSITORY_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config],
    { cwd: REPOSITORY_ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  return { status: result.status, output: result.stdout + result.stderr };
}

/** Imports `specifier` in a Node process as the app's code runs (tsx), and reports what came of it. */
function runImport(specifier: string): { readonly loaded: boolean; readonly code?: string; readonly keys?: string[] } {
  const script = join(probeDir, `import-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(
    script,
    `try { const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify({ loaded: true, keys: Object.keys(m) })); }\n` +
      `catch (error) { console.log(JSON.stringify({ loaded: false, code: error.code })); }\n`,
  );
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as ReturnType<typeof runImport>;
}

describe('the lab package, @sqs-lab/lab', () => {
  it('is named in lab/package.json with its API as exports', () => {
    expect(manifest.name).toBe('@sqs-lab/lab');
    expect(manifest.exports['.']).toBe('./index.ts');
  });

  it("is described entry by entry in the lab's README, in English and Japanese", () => {
    for (const readme of ['README.md', 'README.ja.md']) {
      const text = readFileSync(join(REPOSITORY_ROOT, 'lab', readme), 'utf8');
      for (const entry of Object.keys(manifest.exports))
        expect(text, `${readme} names ${entry}`).toContain(`\`${join(manifest.name, entry)}\``);
    }
  });

  it("type-checks the README's example against the package, in both languages", () => {
    for (const readme of ['README.md', 'README.ja.md'] as const) {
      const example = labReadmeExample(readme);
      expect(example, `${readme} has a TypeScript example`).toContain("from '@sqs-lab/lab'");
      const checked = typeCheck(`${example}\nexport {};\n`);
      expect(checked.output, readme).toBe('');
      expect(checked.status).toBe(0);
    }
  });

  it('refuses a file its exports do not name, at type-check', () => {
    const refused = typeCheck(
      "import { SqsError } from '@sqs-lab/lab/services/sqs/errors';\nexport const x = SqsError;\n",
    );
    expect(refused.status).not.toBe(0);
    expect(refused.output).toContain("Cannot find module '@sqs-lab/lab/services/sqs/errors'");
    const allowed = typeCheck(
      "import { LAB_REGION } from '@sqs-lab/lab/local-aws';\nexport const x: string = LAB_REGION;\n",
    );
    expect(allowed.output).toBe('');
    expect(allowed.status).toBe(0);
  });

  it('refuses a file its exports do not name, at run time, and loads what they name', () => {
    expect(runImport('@sqs-lab/lab/services/sqs/errors')).toEqual({
      loaded: false,
      code: 'ERR_PACKAGE_PATH_NOT_EXPORTED',
    });
    const local = runImport('@sqs-lab/lab/local-aws');
    expect(local.loaded).toBe(true);
    expect(local.keys).toContain('LAB_REGION');
  });
});
