import type { PolicyViolation } from 'aws-cdk-lib';
import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BatchPartialStack } from '#lib/batch-partial-stack';
import { VisibilityDupStack } from '#lib/visibility-dup-stack';
import { labApp } from './support';

/** Both stacks as bin/sqs-lab.ts builds them; nag reads the construct tree, so no bundling. */
function bothStacks(): App {
  const app = labApp({ bundle: false });
  new VisibilityDupStack(app);
  new BatchPartialStack(app);
  return app;
}

interface Acknowledgement {
  readonly path: string;
  readonly id: string;
  readonly reason: unknown;
}

/** Every `Validations.of(x).acknowledge(...)` recorded in the tree, with where it sits. */
function acknowledgements(app: App): Acknowledgement[] {
  return app.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, unknown>).map(([qualifiedId, reason]) => ({
          path: construct.node.path,
          // aws-cdk-lib records "Annotation::<id>"; cdk-nag strips the prefix the same way.
          id: qualifiedId.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
}

let app: App;
let findings: PolicyViolation[];
let unacknowledged: PolicyViolation[];

beforeAll(() => {
  app = bothStacks();
  findings = new AwsSolutionsChecks().validateScope(app).violations;
  // The same app with every acknowledgement ignored: what the checks find on their own.
  const acknowledge = vi.spyOn(Validations.prototype, 'acknowledge').mockImplementation(() => undefined);
  unacknowledged = new AwsSolutionsChecks().validateScope(bothStacks()).violations;
  acknowledge.mockRestore();
});

describe('cdk-nag AwsSolutions checks', () => {
  it('leave no unacknowledged error or warning in either stack', () => {
    expect(findings.map((finding) => `${finding.severity} ${finding.ruleName}`)).toEqual([]);
  });

  it('leave no unacknowledged finding with -c visibilityManager=true either', () => {
    const switched = labApp({ bundle: false });
    new VisibilityDupStack(switched, 'VisibilityDupStack', { options: { visibilityManager: true } });
    const violations = new AwsSolutionsChecks().validateScope(switched).violations;
    expect(violations.map((finding) => `${finding.severity} ${finding.ruleName}`)).toEqual([]);
  });

  it('acknowledge every finding with a reason of at least one sentence', () => {
    const acks = acknowledgements(app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(typeof ack.reason, `${ack.path} ${ack.id}`).toBe('string');
      expect(String(ack.reason).trim().length, `${ack.path} ${ack.id}`).toBeGreaterThan(30);
    }
  });

  it('acknowledge only rules that fire on the acknowledged construct (no stale acknowledgement)', () => {
    for (const ack of acknowledgements(app)) {
      const fired = unacknowledged.some(
        (finding) =>
          finding.ruleName === ack.id &&
          finding.violatingResources.some((resource) => resource.constructPath?.startsWith(`${ack.path}/`) ?? false),
      );
      expect(fired, `${ack.path} ${ack.id}`).toBe(true);
    }
  });

  it('are registered by the app bin/sqs-lab.ts builds (lib/app.ts), so `cdk synth` fails on a new finding', async () => {
    const { readFile } = await import('node:fs/promises');
    const bin = await readFile(new URL('../../bin/sqs-lab.ts', import.meta.url), 'utf8');
    const app = await readFile(new URL('../../lib/app.ts', import.meta.url), 'utf8');
    expect(bin).toContain('addSqsLabStacks(app)');
    expect(app).toContain('Validations.of(app).addPlugins(new AwsSolutionsChecks(app))');
  });
});
