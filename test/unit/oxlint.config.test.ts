/**
 * The lint rules of oxlint.config.ts, run by oxlint itself on small files made for each rule (so each
 * rule is shown to catch what it names, and to leave alone what it allows), and the conflict-marker
 * check of `npm run lint` (git diff --check) on a repository made for it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#lib/project-root';

/** What this test reads of package.json. */
interface PackageJson {
  readonly scripts: Readonly<Record<string, string>>;
}

const OXLINT = join(PROJECT_ROOT, 'node_modules', 'oxlint', 'bin', 'oxlint');
const work = mkdtempSync(join(tmpdir(), 'sqs-lab-oxlint-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Each climb is written split, so this file does not break the rule it tests. */
const up = '..' + '/';

/** A module of `count` lines. */
const lines = (count: number): string =>
  Array.from({ length: count }, (_, index) => `export const x${index} = ${index};\n`).join('');

/** Every file of the made tree: its path, and what it holds. */
const FILES: Readonly<Record<string, string>> = {
  'lab/a.ts': 'export const x: any = 1;\nexport const y = JSON.parse("1") as any;\n',
  'lab/b.ts':
    '// oxlint-disable-next-line typescript/no-explicit-any -- the SDK types this loosely\nexport const x: any = 1;\n',
  'lab/c.ts': '/** Default seed: any run can be replayed. */\nexport const seed = 1;\n',
  'test/unit/focused.test.ts':
    "import { describe, it } from 'vitest';\nit.only('x', () => {});\ndescribe.only('y', () => {});\n",
  'test/unit/skipped.test.ts': [
    "import { describe, it } from 'vitest';",
    "it.skip('x', () => {});",
    "describe.skipIf(true)('y', () => {});",
    "it.runIf(false)('z', () => {});",
    "it.todo('w');",
    '',
  ].join('\n'),
  'test/unit/prose.test.ts': "import { it } from 'vitest';\nit('fails any batch, as only one: skip it', () => {});\n",
  'lambda/core/a.ts': "console.log('x');\n",
  'lab/d.ts': "console.log('x');\n",
  'lab/services/x/x-server.ts': [
    "import { createServer } from 'node:http';",
    'export const server = createServer(() => {});',
    "server.listen(0, '0.0.0.0');",
    '',
  ].join('\n'),
  'bench/sections/a.ts': "import * as http2 from 'node:http2';\nexport const s = http2.createSecureServer({});\n",
  'lab/common/serve-on-loopback.ts':
    "import { createServer } from 'node:http';\ncreateServer(() => {}).listen(0, '127.0.0.1');\n",
  'lab/test/lab/server.test.ts':
    "import { createServer } from 'node:http';\nexport const s = createServer();\ns.listen(0);\n",
  'lab/test/lab/skipped.test.ts': "import { it } from 'vitest';\nit.skipIf(true)('x', () => {});\n",
  'lab/test/helpers/server-helper.ts': "import { createServer } from 'node:http';\nexport const s = createServer();\n",
  'test/lab/server.test.ts': "import { createServer } from 'node:http';\nexport const s = createServer();\n",
  'test/unit/mock.test.ts': "import { mockClient } from 'aws-sdk-client-mock';\nexport const m = mockClient;\n",
  'test/unit/mock-type.test.ts':
    "import type { AwsStub } from 'aws-sdk-client-mock';\nexport type S = AwsStub<never, never, never>;\n",
  'lab/test/unit/mock.test.ts': "import { mockClient } from 'aws-sdk-client-mock';\nexport const m = mockClient;\n",
  'lab/test/helpers/mock-aws-client.ts':
    "import { mockClient } from 'aws-sdk-client-mock';\nexport const m = mockClient;\n",
  'test/unit/climb.test.ts': `import { x } from '${up}${up}lab/y';\nexport const m = await import('${up}lab/y');\nexport { x };\n`,
  'test/unit/alias.test.ts': "import { x } from '#lab/y';\nimport { z } from './sibling';\nexport { x, z };\n",
  'lab/climb.ts': `import { x } from '${up}lib/y';\nexport { x };\n`,
  'lab/services/s3/short.ts': lines(350),
  'lab/services/s3/long.ts': lines(351),
  'lab/app/long.ts': lines(400),
};

/** The rules oxlint reports, per file of the made tree, each as `<line> <rule>`. */
let reported: Map<string, string[]>;

beforeAll(() => {
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(work, dirname(path)), { recursive: true });
    writeFileSync(join(work, path), text);
  }
  copyFileSync(join(PROJECT_ROOT, 'oxlint.config.ts'), join(work, 'oxlint.config.ts'));
  // The configuration imports oxlint's defineConfig; oxlint leaves node_modules unread.
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(work, 'node_modules'));
  const run = spawnSync(
    process.execPath,
    [
      OXLINT,
      '--format',
      'unix',
      '--report-unused-disable-directives-severity=error',
      // The made tree's folders, as npm run lint names the project's (not the linked node_modules).
      ...new Set(Object.keys(FILES).map((path) => path.split('/')[0] ?? '.')),
    ],
    { cwd: work, encoding: 'utf8', timeout: 60_000 },
  );
  reported = new Map();
  for (const line of run.stdout.split('\n')) {
    const match = /^\.?\/?([^:]+):(\d+):\d+: .*\[\w+\/[\w-]+\(([\w-]+)\)\]$/.exec(line);
    if (match === null) continue;
    const [, file, at, rule] = match as unknown as [string, string, string, string];
    reported.set(file, [...(reported.get(file) ?? []), `${at} ${rule}`]);
  }
}, 60_000);

const rulesOf = (file: string): string[] => reported.get(file) ?? [];

describe('oxlint.config.ts', () => {
  it('refuses an any, unless a disable comment names the rule (and says why)', () => {
    expect(rulesOf('lab/a.ts')).toEqual(['1 no-explicit-any', '2 no-explicit-any']);
    expect(rulesOf('lab/b.ts')).toEqual([]);
    expect(rulesOf('lab/c.ts')).toEqual([]);
  });

  it('refuses focused, skipped, conditional and to-do tests, not prose that names them', () => {
    expect(rulesOf('test/unit/focused.test.ts')).toEqual(['2 no-focused-tests', '3 no-focused-tests']);
    expect(rulesOf('test/unit/skipped.test.ts')).toEqual([
      '2 no-disabled-tests',
      '3 no-restricted-properties',
      '4 no-restricted-properties',
      '5 no-restricted-properties',
    ]);
    expect(rulesOf('test/unit/prose.test.ts')).toEqual([]);
  });

  it('refuses console in Lambda code only', () => {
    expect(rulesOf('lambda/core/a.ts')).toEqual(['1 no-console']);
    expect(rulesOf('lab/d.ts')).toEqual([]);
  });

  it('lets the lab, the bench and the experiments open a server only through serveOnLoopback', () => {
    expect(rulesOf('lab/services/x/x-server.ts')).toEqual(['1 no-restricted-imports', '3 no-restricted-properties']);
    expect(rulesOf('bench/sections/a.ts')).toEqual(['1 no-restricted-imports', '2 no-restricted-properties']);
    expect(rulesOf('lab/common/serve-on-loopback.ts')).toEqual([]);
    // The lab package's tests are the lab's code too; the app's tests start servers of their own.
    expect(rulesOf('lab/test/lab/server.test.ts')).toEqual(['1 no-restricted-imports', '3 no-restricted-properties']);
    expect(rulesOf('lab/test/lab/skipped.test.ts')).toEqual(['2 no-restricted-properties']);
    expect(rulesOf('test/lab/server.test.ts')).toEqual([]);
  });

  it('lets test files mock AWS clients only through the helper that restores them', () => {
    expect(rulesOf('test/unit/mock.test.ts')).toEqual(['1 no-restricted-imports']);
    expect(rulesOf('lab/test/unit/mock.test.ts')).toEqual(['1 no-restricted-imports']);
    expect(rulesOf('test/unit/mock-type.test.ts')).toEqual([]);
    expect(rulesOf('lab/test/helpers/mock-aws-client.ts')).toEqual([]);
    expect(rulesOf('lab/test/helpers/server-helper.ts')).toEqual(['1 no-restricted-imports']);
  });

  it('makes tests import the project by alias, never climbing with ../', () => {
    expect(rulesOf('test/unit/climb.test.ts')).toEqual([
      '1 no-relative-parent-imports',
      '2 no-relative-parent-imports',
    ]);
    expect(rulesOf('test/unit/alias.test.ts')).toEqual([]);
    expect(rulesOf('lab/climb.ts')).toEqual([]);
  });

  it("keeps each file of the lab's services within 350 lines, and only those", () => {
    expect(rulesOf('lab/services/s3/short.ts')).toEqual([]);
    expect(rulesOf('lab/services/s3/long.ts').map((entry) => entry.split(' ')[1])).toEqual(['max-lines']);
    expect(rulesOf('lab/app/long.ts')).toEqual([]);
  });
});

describe("npm run lint's conflict-marker check", () => {
  it('finds a merge left unresolved in code and in Markdown, and nothing in a Markdown heading rule', () => {
    const repo = mkdtempSync(join(work, 'repo-'));
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.email=lab@example.com', '-c', 'user.name=lab', ...args], {
        cwd: repo,
        encoding: 'utf8',
      });
    git('init', '-q');
    const conflict = ['<<<<<<< HEAD', 'ours', '=======', 'theirs', '>>>>>>> main', ''].join('\n');
    writeFileSync(join(repo, 'README.md'), `Title\n=========\n\n${conflict}`);
    writeFileSync(join(repo, 'a.ts'), conflict);
    writeFileSync(join(repo, 'b.md'), 'Heading\n=========\n\ntrailing space is not a conflict  \n');
    git('add', '.');
    // The command package.json runs as lint:conflicts, run in the made repository.
    const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as PackageJson).scripts;
    const check = spawnSync('sh', ['-c', scripts['lint:conflicts'] ?? 'false'], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 30_000,
    });
    const found = check.stdout.split('\n').filter((line) => line.includes('leftover conflict marker'));
    expect(found).toEqual([
      'README.md:4: leftover conflict marker',
      'README.md:6: leftover conflict marker',
      'README.md:8: leftover conflict marker',
      'a.ts:1: leftover conflict marker',
      'a.ts:3: leftover conflict marker',
      'a.ts:5: leftover conflict marker',
    ]);
    expect(check.status).not.toBe(0);
  });
});
