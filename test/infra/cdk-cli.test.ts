/**
 * The README's `npx cdk synth --all` through the real CDK CLI, offline: both templates come
 * out, and the worker queue's lowering runs after the event source mapping.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/project-root';

const outdir = mkdtempSync(path.join(tmpdir(), 'sqs-lab-cli-'));
let result: ReturnType<typeof spawnSync>;

beforeAll(() => {
  result = spawnSync('npx', ['cdk', 'synth', '--all', '-q', '--no-notices', '-o', outdir], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
  });
}, 120_000);

afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
});

describe('npx cdk synth --all', () => {
  it('exits 0', () => {
    expect(result.status, String(result.stderr)).toBe(0);
  });

  it.each(['VisibilityDupStack', 'BatchPartialStack'])('writes the %s template', (stack) => {
    const file = path.join(outdir, `${stack}.template.json`);
    expect(existsSync(file)).toBe(true);
    const template = JSON.parse(readFileSync(file, 'utf8')) as { Resources: Record<string, { Type: string }> };
    const types = Object.values(template.Resources).map((resource) => resource.Type);
    expect(types).toContain('AWS::Lambda::EventSourceMapping');
    expect(types).toContain('AWS::ApiGateway::RestApi');
  });
});
