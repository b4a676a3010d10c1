import { describe, expect, it } from 'vitest';
import { checkSource } from '#scripts/source-rules';

const rulesBroken = (file: string, text: string): string[] => checkSource(file, text).map((v) => v.rule);

describe('checkSource', () => {
  it.each([
    ["it.only('x', () => {});"],
    ["describe.only('x', () => {});"],
    ["test . only('x', () => {});"],
    ["fit('x', () => {});"],
  ])('refuses a focused test: %s', (line) => {
    expect(rulesBroken('test/unit/a.test.ts', line)).toEqual(['no focused tests']);
  });

  it.each([
    ["it.skip('x', () => {});"],
    ["describe.skipIf(true)('x', () => {});"],
    ["it.todo('x');"],
    ["xit('x', () => {});"],
  ])('refuses a skipped test: %s', (line) => {
    expect(rulesBroken('test/unit/a.test.ts', line)).toEqual(['no skipped tests']);
  });

  it('refuses an unexplained any, and accepts one with a comment saying why', () => {
    expect(rulesBroken('lab/a.ts', 'const x: any = 1;')).toEqual(['no any without a comment saying why']);
    expect(rulesBroken('lab/a.ts', 'const y = z as any;')).toEqual(['no any without a comment saying why']);
    expect(rulesBroken('lab/a.ts', 'const x: any = 1; // the SDK types this loosely')).toEqual([]);
    expect(rulesBroken('lab/a.ts', '// the SDK types this loosely\nconst x: any[] = [];')).toEqual([]);
  });

  it('does not mistake prose in strings or doc comments for code', () => {
    expect(rulesBroken('test/unit/a.test.ts', "it('fails any batch, as only one: skip it', () => {});")).toEqual([]);
    expect(rulesBroken('lab/a.ts', ' * Default seed: any run can be replayed.')).toEqual([]);
  });

  it('refuses console in Lambda code only', () => {
    expect(rulesBroken('lambda/core/a.ts', "console.log('x');")).toEqual(['no console in Lambda code (use Logger)']);
    expect(rulesBroken('lab/a.ts', "console.log('x');")).toEqual([]);
  });

  it('lets lab/ and bench/ open a server only through serveOnLoopback', () => {
    const rule = 'lab servers open through serveOnLoopback only (loopback, behind the request guard)';
    expect(rulesBroken('lab/services/x/x-server.ts', 'const server = createServer(handler);')).toEqual([rule]);
    expect(rulesBroken('lab/services/x/x-server.ts', "server.listen(0, '0.0.0.0');")).toEqual([rule]);
    expect(rulesBroken('bench/sections/a.ts', 'http2.createSecureServer(options);')).toEqual([rule]);
    expect(rulesBroken('lab/common/serve-on-loopback.ts', "server.listen(port, '127.0.0.1');")).toEqual([]);
    expect(rulesBroken('test/lab/a.test.ts', 'const server = createServer(handler);')).toEqual([]);
  });

  it('refuses merge conflict markers in code and in Markdown, and reads only that rule in Markdown', () => {
    const rule = 'no merge conflict markers (a merge left unresolved)';
    const conflict = ['<<<<<<< HEAD', 'ours', '=======', 'theirs', '>>>>>>> main'].join('\n');
    expect(rulesBroken('README.md', conflict)).toEqual([rule, rule, rule]);
    expect(rulesBroken('lab/lab.ts', conflict)).toEqual([rule, rule, rule]);
    // A Markdown rule line and prose that mentions the other rules' patterns are not code.
    expect(rulesBroken('README.md', ['=========', 'console.log(x) and it.only( in prose'].join('\n'))).toEqual([]);
  });

  it('lets test files mock AWS clients only through the helper that restores them', () => {
    const rule =
      'test files mock AWS clients through lab/test/helpers/mock-aws-client.ts (restored when the file ends)';
    expect(rulesBroken('test/unit/a.test.ts', "import { mockClient } from 'aws-sdk-client-mock';")).toEqual([rule]);
    expect(
      rulesBroken('test/unit/a.test.ts', "import { type AwsStub, mockClient } from 'aws-sdk-client-mock';"),
    ).toEqual([rule]);
    expect(rulesBroken('test/unit/a.test.ts', "import type { AwsStub } from 'aws-sdk-client-mock';")).toEqual([]);
    expect(
      rulesBroken('lab/test/helpers/mock-aws-client.ts', "import { mockClient } from 'aws-sdk-client-mock';"),
    ).toEqual([]);
    // The lab package's own tests are tests too.
    expect(rulesBroken('lab/test/unit/a.test.ts', "import { mockClient } from 'aws-sdk-client-mock';")).toEqual([rule]);
  });

  it('makes tests import the project by alias, never climbing with ../', () => {
    const rule =
      "tests import the project's modules by alias (#lab/…, #lib/…, #test/…: package.json imports), never ../";
    // Each climb is written split, so this file does not break the rule it tests.
    const up = '..' + '/';
    expect(rulesBroken('test/unit/a.test.ts', `import { x } from '${up}${up}lab/y';`)).toEqual([rule]);
    expect(rulesBroken('test/unit/a.test.ts', `} from '${up}helpers/lab';`)).toEqual([rule]);
    expect(rulesBroken('test/unit/a.test.ts', `const m = await import('${up}lab/y');`)).toEqual([rule]);
    expect(rulesBroken('test/unit/a.test.ts', `vi.mock('${up}lab/y');`)).toEqual([rule]);
    expect(rulesBroken('test/unit/a.test.ts', "import { x } from '#lab/y';")).toEqual([]);
    expect(rulesBroken('test/unit/a.test.ts', "import { x } from './sibling';")).toEqual([]);
    expect(rulesBroken('lab/a.ts', `import { x } from '${up}lib/y';`)).toEqual([]);
  });

  it("keeps each file of the lab's services within 350 lines, and only those", () => {
    const rule = "a file of the lab's services stays within 350 lines (split it by concept)";
    const lines = (count: number): string => `${'const x = 1;\n'.repeat(count)}`;
    expect(rulesBroken('lab/services/s3/a.ts', lines(350))).toEqual([]);
    expect(rulesBroken('lab/services/s3/a.ts', lines(351))).toEqual([rule]);
    expect(rulesBroken('lab/app/a.ts', lines(400))).toEqual([]);
  });
});
