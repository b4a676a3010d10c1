/**
 * bin/sqs-lab.ts run the way the CDK CLI runs it: a child process that gets the context in
 * CDK_CONTEXT_JSON (cdk.json's context plus `-c name=value`, values as strings) and writes
 * the cloud assembly to CDK_OUTDIR. Offline: no lookups, no Docker, esbuild bundles locally.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSqsLabStacks } from '#lib/app';
import { InvalidBatchPartialOptionError } from '#lib/errors';
import { PROJECT_ROOT } from '#lib/project-root';
import { cdkJsonContext } from './support';

/**
 * Runs the app with `-c` overrides; returns its exit status, stderr and output directory.
 * `bundle: false` skips esbuild (the `aws:cdk:bundling-stacks` context `cdk deploy --exclusively`
 * sets), for a test that reads the templates only.
 */
function synthApp(
  overrides: Record<string, string>,
  { bundle = true }: { readonly bundle?: boolean } = {},
): { status: number | null; stderr: string; outdir: string } {
  const outdir = mkdtempSync(path.join(tmpdir(), 'sqs-lab-synth-'));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bin/sqs-lab.ts'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      CDK_OUTDIR: outdir,
      CDK_CONTEXT_JSON: JSON.stringify({
        ...cdkJsonContext(),
        ...overrides,
        ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      }),
    },
  });
  return { status: result.status, stderr: result.stderr, outdir };
}

const outdirs: string[] = [];
let switched: ReturnType<typeof synthApp>;

beforeAll(() => {
  switched = synthApp({ batchSize: '1', reportBatchItemFailures: 'false' });
  outdirs.push(switched.outdir);
}, 120_000);

afterAll(() => {
  for (const outdir of outdirs) rmSync(outdir, { recursive: true, force: true });
});

function templateOf(stackName: string, outdir = switched.outdir): Template {
  return Template.fromJSON(JSON.parse(readFileSync(path.join(outdir, `${stackName}.template.json`), 'utf8')));
}

describe('bin/sqs-lab.ts with -c batchSize=1 -c reportBatchItemFailures=false', () => {
  it('synthesises both stacks, cdk-nag included, without AWS or Docker', () => {
    expect(switched.stderr).not.toMatch(/error/i);
    expect(switched.status).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(switched.outdir, 'manifest.json'), 'utf8')) as {
      artifacts: Record<string, { type: string }>;
    };
    const stacks = Object.entries(manifest.artifacts)
      .filter(([, artifact]) => artifact.type === 'aws:cloudformation:stack')
      .map(([name]) => name)
      .sort();
    expect(stacks).toEqual(['BatchPartialStack', 'VisibilityDupStack']);
  });

  it('sets the batch worker mapping to batch size 1', () => {
    templateOf('BatchPartialStack').hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: 1 });
  });

  it('renders FunctionResponseTypes as [] on the batch worker mapping, so an update turns it off', () => {
    const mappings = templateOf('BatchPartialStack').findResources('AWS::Lambda::EventSourceMapping');
    for (const mapping of Object.values(mappings)) {
      expect(mapping.Properties.FunctionResponseTypes).toEqual([]);
    }
  });

  it('tells the batch worker that partial batch responses are off', () => {
    templateOf('BatchPartialStack').hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps', REPORT_BATCH_ITEM_FAILURES: 'false' } },
    });
  });

  it('leaves VisibilityDupStack as it is (batch size 1, partial batch responses on)', () => {
    templateOf('VisibilityDupStack').hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    templateOf('VisibilityDupStack').hasOutput('HeartbeatMode', { Value: 'per-message' });
  });
});

describe('bin/sqs-lab.ts with -c visibilityManager=true', () => {
  let manager: ReturnType<typeof synthApp>;

  beforeAll(() => {
    manager = synthApp({ visibilityManager: 'true' }, { bundle: false });
    outdirs.push(manager.outdir);
  }, 120_000);

  it("deploys VisibilityDupStack's worker with batch size 10 and the visibility manager", () => {
    expect(manager.stderr).not.toMatch(/error/i);
    expect(manager.status).toBe(0);
    const template = templateOf('VisibilityDupStack', manager.outdir);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ HEARTBEAT_MODE: 'batch-manager', MANAGER_MAX_LIFE_SECONDS: '8' }) },
    });
    template.hasOutput('HeartbeatMode', { Value: 'batch-manager' });
  });
});

describe('bin/sqs-lab.ts with a bad switch', () => {
  it('exits non-zero and names the error and the valid values on stderr', () => {
    const result = synthApp({ batchSize: '11' });
    outdirs.push(result.outdir);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('InvalidBatchPartialOptionError');
    expect(result.stderr).toContain('batchSize must be an integer from 1 to 10');
  });

  // The same check in this process: the app refuses before it builds a construct.
  it.each([
    [{ batchSize: '11' }, 'batchSize must be an integer from 1 to 10'],
    [{ batchSize: 'ten' }, 'batchSize must be an integer from 1 to 10'],
    [{ reportBatchItemFailures: 'yes' }, 'reportBatchItemFailures must be true or false, got "yes".'],
    [{ visibilityManager: 'yes' }, 'visibilityManager must be true or false, got "yes".'],
    [
      { queueSettleSeconds: '90s' },
      'queueSettleSeconds must be a number of seconds from 0 to 600 with at most one decimal',
    ],
  ])('refuses %j with a sentence naming the valid values', (overrides, message) => {
    const app = new App({ context: { ...cdkJsonContext(), ...overrides } });
    let thrown: unknown;
    try {
      addSqsLabStacks(app);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidBatchPartialOptionError);
    expect((thrown as Error).message).toContain(message);
  });
});
