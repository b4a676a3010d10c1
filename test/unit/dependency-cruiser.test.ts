/**
 * The import boundaries and cycles of .dependency-cruiser.cjs, run by dependency-cruiser itself on
 * a small tree made for each rule (so each rule is shown to catch what it names), and on the
 * project, which breaks none.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
const work = mkdtempSync(join(tmpdir(), 'sqs-lab-depcruise-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The lab as a workspace package in a made tree, as in the project: lab/package.json names it
 * and its exports, node_modules/@sqs-lab/lab links to it.
 */
function writeLabPackage(root: string): void {
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'tree', workspaces: ['lab'] }));
  mkdirSync(join(root, 'lab'), { recursive: true });
  writeFileSync(
    join(root, 'lab', 'package.json'),
    JSON.stringify({
      name: '@sqs-lab/lab',
      exports: { '.': './index.ts', './bundle': './services/lambda/runtime/bundle.ts', './b': './services/sqs/b.ts' },
    }),
  );
  mkdirSync(join(root, 'node_modules', '@sqs-lab'), { recursive: true });
  symlinkSync(join('..', '..', 'lab'), join(root, 'node_modules', '@sqs-lab', 'lab'));
}

/** Writes `files` (path → imports) as a tree of TypeScript files, and cruises it with the project's rules. */
async function violations(files: Readonly<Record<string, readonly string[]>>): Promise<string[]> {
  const root = mkdtempSync(join(work, 'tree-'));
  if (Object.keys(files).some((path) => path.startsWith('lab/'))) writeLabPackage(root);
  for (const [path, imports] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(
      join(root, path),
      `${imports.map((target, index) => `import { x${index} } from '${target}';`).join('\n')}\nexport const x = 1;\n`,
    );
  }
  const tops = [...new Set(Object.keys(files).map((path) => path.split('/')[0] ?? '.'))];
  const result = await cruise(
    tops,
    {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
      parser: 'swc',
      tsPreCompilationDeps: false,
      doNotFollow: { path: 'node_modules' },
      enhancedResolveOptions: config.options?.enhancedResolveOptions,
    },
    { extensions: ['.ts', '.js'] },
  );
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((violation) => `${violation.rule.name} ${violation.from} → ${violation.to}`);
}

describe('the import rules', () => {
  it('keep the app out of the lab package, every folder of it', async () => {
    const found = await violations({
      'lab/services/sqs/a.ts': ['../../../lib/settings'],
      'lab/common/b.ts': ['../../lambda/commons/log-event'],
      'lab/lab.ts': ['../bin/app'],
      'lab/console/c.ts': ['../../lib/settings'],
      'lab/cli/e.ts': ['../../lib/settings'],
      'lab/app/d.ts': ['../../experiments/tutorial-app'],
      'lib/settings.ts': [],
      'lambda/commons/log-event.ts': [],
      'bin/app.ts': [],
      'experiments/tutorial-app.ts': [],
    });
    expect(found.filter((violation) => !violation.startsWith('no-folder-cycles')).sort()).toEqual([
      'lab-core-knows-no-app lab/app/d.ts → experiments/tutorial-app.ts',
      'lab-core-knows-no-app lab/cli/e.ts → lib/settings.ts',
      'lab-core-knows-no-app lab/common/b.ts → lambda/commons/log-event.ts',
      'lab-core-knows-no-app lab/console/c.ts → lib/settings.ts',
      'lab-core-knows-no-app lab/lab.ts → bin/app.ts',
      'lab-core-knows-no-app lab/services/sqs/a.ts → lib/settings.ts',
    ]);
  });

  it('let bench/ reach the lab by its package name, through its API and the internals it measures only', async () => {
    const found = await violations({
      'bench/a.ts': ['@sqs-lab/lab', '@sqs-lab/lab/bundle', '@sqs-lab/lab/b'],
      'bench/c.ts': ['../lab/index'],
      'lab/index.ts': [],
      'lab/services/lambda/runtime/bundle.ts': [],
      'lab/services/sqs/b.ts': [],
    });
    expect(found.sort()).toEqual([
      'bench-reaches-the-lab-through-its-api bench/a.ts → lab/services/sqs/b.ts',
      'the-lab-is-reached-by-its-package-name bench/c.ts → lab/index.ts',
    ]);
  });

  it('make a test import the module it tests, not lab/index.ts, and keep tests out of running code', async () => {
    const found = await violations({
      'test/a.test.ts': ['../lab/index'],
      'lab/index.ts': ['../test/helper'],
      'test/helper.ts': [],
    });
    // (lab/ and test/ importing each other is also a folder cycle; that rule has its own test.)
    expect(found.filter((violation) => !violation.startsWith('no-folder-cycles')).sort()).toEqual([
      'code-imports-no-tests lab/index.ts → test/helper.ts',
      'tests-import-the-module-they-test test/a.test.ts → lab/index.ts',
    ]);
  });

  it("keep the lab package's tests to the lab and their own helpers, and running lab code off them", async () => {
    const found = await violations({
      'lab/test/unit/a.test.ts': ['../../services/sqs/c', '../helpers/h', '../../../test/helper', 'node:net'],
      'lab/test/helpers/h.ts': [],
      'lab/services/sqs/c.ts': ['../../test/helpers/h'],
      'test/helper.ts': [],
    });
    expect(found.filter((violation) => !violation.startsWith('no-folder-cycles')).sort()).toEqual([
      'code-imports-no-tests lab/services/sqs/c.ts → lab/test/helpers/h.ts',
      'lab-tests-stay-in-the-lab lab/test/unit/a.test.ts → test/helper.ts',
      'unit-tests-open-no-socket lab/test/unit/a.test.ts → net',
    ]);
  });

  it('keep servers out of test/unit/: no lab, gateway, emulator or socket', async () => {
    const found = await violations({
      'test/unit/a.test.ts': [
        '../../lab/gateway/lab-gateway',
        '../../lab/emulators/emulators',
        'node:http',
        'dynalite',
      ],
      'test/unit/b.test.ts': ['../../lab/services/sqs/c'],
      'test/lab/d.test.ts': ['../../lab/gateway/lab-gateway', 'node:net'],
      'lab/gateway/lab-gateway.ts': [],
      'lab/emulators/emulators.ts': [],
      'lab/services/sqs/c.ts': [],
    });
    expect(found.filter((violation) => !violation.startsWith('no-folder-cycles')).sort()).toEqual([
      'unit-tests-open-no-socket test/unit/a.test.ts → dynalite',
      'unit-tests-open-no-socket test/unit/a.test.ts → http',
      'unit-tests-open-no-socket test/unit/a.test.ts → lab/emulators/emulators.ts',
      'unit-tests-open-no-socket test/unit/a.test.ts → lab/gateway/lab-gateway.ts',
    ]);
  });

  it('keep what is deployed (lib/, lambda/) free of the lab', async () => {
    expect(await violations({ 'lambda/h.ts': ['@sqs-lab/lab'], 'lab/index.ts': [] })).toEqual([
      'deployed-code-knows-no-lab lambda/h.ts → lab/index.ts',
    ]);
  });

  it('refuse file cycles and folder cycles', async () => {
    const files = await violations({ 'lab/a.ts': ['./b'], 'lab/b.ts': ['./a'] });
    expect(files.filter((found) => found.startsWith('no-file-cycles')).length).toBeGreaterThan(0);
    const folders = await violations({ 'lab/p/a.ts': ['../q/b'], 'lab/q/b.ts': ['../p/c'], 'lab/p/c.ts': [] });
    expect(folders.filter((found) => found.startsWith('no-folder-cycles')).length).toBeGreaterThan(0);
  });

  it("keep the console page's browser modules to themselves", async () => {
    const found = await violations({
      'lab/console/browser/main.ts': ['./dom', '../console-server'],
      'lab/console/browser/dom.ts': [],
      'lab/console/console-server.ts': [],
    });
    expect(found).toEqual([
      'browser-code-stays-in-the-browser lab/console/browser/main.ts → lab/console/console-server.ts',
    ]);
  });
});
