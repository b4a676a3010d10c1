/**
 * package.json's `dependencies` are the app's: what bin/, lib/ and lambda/ import. The lab's
 * packages (its emulators, parsers, policy evaluator) are lab/package.json's, and the test and
 * bench tools devDependencies, so a reader of `dependencies` sees what the deployed app is built from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#lib/project-root';
import { packagesNamedIn } from '#lab/test/helpers/package-imports';

const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
};

describe("package.json's dependencies", () => {
  const deployed = new Set(
    ['bin', 'lib', 'lambda'].flatMap((folder) => [...packagesNamedIn(join(PROJECT_ROOT, folder)).run]),
  );

  it('are each imported by the app (bin/, lib/, lambda/)', () => {
    const unused = Object.keys(manifest.dependencies).filter((name) => !deployed.has(name));
    expect(unused, `dependencies the app does not import: ${unused.join(', ')}`).toEqual([]);
  });

  it("leave the lab's packages to the lab's own package.json", () => {
    const lab = JSON.parse(readFileSync(join(PROJECT_ROOT, 'lab', 'package.json'), 'utf8')) as {
      readonly dependencies: Readonly<Record<string, string>>;
    };
    for (const name of ['chevrotain', '@cloud-copilot/iam-simulate', 'fauxqs', '@aws-cdk/aws-service-spec']) {
      expect(Object.keys(manifest.dependencies)).not.toContain(name);
      expect(Object.keys(manifest.devDependencies)).not.toContain(name);
      expect(Object.keys(lab.dependencies)).toContain(name);
    }
  });

  it('are read from real imports (so an empty reading cannot pass the first test)', () => {
    expect([...deployed]).toEqual(expect.arrayContaining(['aws-cdk-lib', 'constructs', '@aws-sdk/client-sqs']));
    expect(deployed.has('chevrotain')).toBe(false);
  });
});
