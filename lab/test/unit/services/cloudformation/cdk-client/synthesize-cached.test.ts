/**
 * The cache key of a synthesis (synthesize-cached.ts): what the app reads, each file once.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assemblyKey } from '#lab/services/cloudformation/cdk-client/synthesize-cached';

/** A small CDK app's tree: its functions under lambda/, its stacks under lib/. */
const app = mkdtempSync(join(tmpdir(), 'sqs-lab-assembly-key-'));
for (const [file, text] of Object.entries({
  'lambda/worker/handler.ts': 'export const handler = async () => 1;',
  'lambda/shared.ts': 'export const shared = 2;',
  'lib/stack.ts': 'export class AppStack {}',
})) {
  mkdirSync(join(app, file, '..'), { recursive: true });
  writeFileSync(join(app, file), text);
}
afterAll(() => rmSync(app, { recursive: true, force: true }));

const key = (...inputs: string[]) =>
  assemblyKey({
    source: 'the same source',
    inputs: inputs.map((input) => join(app, input)),
    root: app,
    synthesize: async () => undefined,
  });

describe('assemblyKey', () => {
  it('counts a file under two inputs once: a variant whose entry is in lambda/ reads what the app reads', () => {
    expect(key('lambda', 'lambda/worker')).toBe(key('lambda'));
  });

  it('changes with what is read', () => {
    expect(key('lambda', 'lib')).not.toBe(key('lambda'));
  });
});
