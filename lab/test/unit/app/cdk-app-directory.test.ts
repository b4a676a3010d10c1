import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory, NotACdkAppError } from '#lab/app/cdk-app-directory';

const work = mkdtempSync(join(tmpdir(), 'sqs-lab-cdk-app-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A directory holding `files`. */
function appDir(name: string, files: Record<string, string>): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
  return dir;
}

describe('cdkAppDirectory', () => {
  it("runs cdk.json's app command, and reads everything but dependencies and outputs as its inputs", () => {
    const dir = appDir('good', {
      'cdk.json': JSON.stringify({ app: 'npx tsx bin/app.ts', output: 'out' }),
      'package.json': '{}',
    });
    for (const skipped of ['node_modules', 'cdk.out', 'out', '.git', 'bin']) mkdirSync(join(dir, skipped));
    const synthesis = cdkAppDirectory(dir).synthesis({ stage: 'dev' });
    expect(synthesis).toMatchObject({ root: dir, command: 'npx tsx bin/app.ts', context: { stage: 'dev' } });
    expect([...synthesis.inputs].sort()).toEqual(['bin', 'cdk.json', 'package.json'].map((entry) => join(dir, entry)));
  });

  it('refuses a directory without cdk.json, or whose cdk.json names no app, in one sentence', () => {
    expect(() => cdkAppDirectory(appDir('empty', {}))).toThrow(NotACdkAppError);
    expect(() => cdkAppDirectory(appDir('empty', {}))).toThrow(/has no cdk\.json: give the directory of a CDK app$/);
    expect(() => cdkAppDirectory(appDir('no-app', { 'cdk.json': '{"context":{}}' }))).toThrow(
      /names no "app" command for the lab to run$/,
    );
    expect(() => cdkAppDirectory(appDir('bad-json', { 'cdk.json': '{app' }))).toThrow(/cdk\.json is not JSON: /);
  });
});
