/**
 * The coverage table (lab/app/deployed-type-coverage.ts, which lab/docs/fidelity.md and the coverage
 * tests read) and the providers a running lab registers are read from one list (LAB_PROVIDERS,
 * lab/app/lab-providers.ts); this holds a running lab to it: the same types, each with the very
 * declaration its provider uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYED_TYPE_COVERAGE } from '#lab/app/deployed-type-coverage';
import { type Lab, startLab } from '#lab/lab';

describe("the coverage table and a lab's providers", () => {
  let lab: Lab;

  beforeAll(async () => {
    // No app: the lab the CDK CLI deploys to, every provider registered.
    lab = await startLab({});
  });

  afterAll(async () => {
    await lab?.stop();
  });

  it('name the same resource types, custom resources under their registry name in the table', () => {
    const registered = [...lab.resourceTypes().keys()].map((type) =>
      type === 'Custom::*' ? 'AWS::CloudFormation::CustomResource' : type,
    );
    expect(registered.sort()).toEqual(Object.keys(DEPLOYED_TYPE_COVERAGE).sort());
    expect(registered).toContain('AWS::SQS::Queue');
  });

  it('give each type the declaration its provider uses, not a copy', () => {
    for (const [type, coverage] of lab.resourceTypes()) {
      const name = type === 'Custom::*' ? 'AWS::CloudFormation::CustomResource' : type;
      expect(DEPLOYED_TYPE_COVERAGE[name], name).toBe(coverage);
    }
  });
});
