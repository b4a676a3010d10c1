/**
 * The cache key of a synthesis (synthesize-cached.ts): what the app reads, each file once.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemblyKey } from '#lab/services/cloudformation/cdk-client/synthesize-cached';
import { PROJECT_ROOT } from '#lib/project-root';

const key = (...inputs: string[]) =>
  assemblyKey({
    source: 'the same source',
    inputs: inputs.map((input) => join(PROJECT_ROOT, input)),
    root: PROJECT_ROOT,
    synthesize: async () => undefined,
  });

describe('assemblyKey', () => {
  it('counts a file under two inputs once: a variant whose entry is in lambda/ reads what the app reads', () => {
    expect(key('lambda', 'lambda/visibility-dup')).toBe(key('lambda'));
  });

  it('changes with what is read', () => {
    expect(key('lambda', 'lib')).not.toBe(key('lambda'));
  });
});
