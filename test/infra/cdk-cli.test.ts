/**
 * The README's `npx cdk synth --all` through the real CDK CLI, offline: both templates come
 * out. It runs as a learner runs it after writing `alarmEmail` to cdk.context.json, the CLI's
 * project context file, which it passes to the app on every synth and deploy (so a later deploy
 * without `-c alarmEmail` keeps the subscription). To leave the project's own files alone, the
 * CLI runs in a copy of cdk.json whose `app` points back at bin/sqs-lab.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/project-root';

const project = mkdtempSync(path.join(tmpdir(), 'sqs-lab-cli-'));
const outdir = path.join(project, 'cdk.out');
let result: ReturnType<typeof spawnSync>;

beforeAll(() => {
  const cdkJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as { app: string };
  const bin = (name: string) => path.join(PROJECT_ROOT, 'node_modules', '.bin', name);
  writeFileSync(
    path.join(project, 'cdk.json'),
    JSON.stringify({ ...cdkJson, app: `${bin('tsx')} ${path.join(PROJECT_ROOT, 'bin', 'sqs-lab.ts')}` }),
  );
  writeFileSync(path.join(project, 'cdk.context.json'), JSON.stringify({ alarmEmail: 'learner@example.com' }));
  result = spawnSync(bin('cdk'), ['synth', '--all', '-q', '--no-notices', '-o', outdir], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
  });
}, 120_000);

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

function template(stack: string): {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
} {
  return JSON.parse(readFileSync(path.join(outdir, `${stack}.template.json`), 'utf8')) as ReturnType<typeof template>;
}

describe('npx cdk synth --all', () => {
  it('exits 0', () => {
    expect(result.status, String(result.stderr)).toBe(0);
  });

  it.each(['VisibilityDupStack', 'BatchPartialStack'])('writes the %s template', (stack) => {
    expect(existsSync(path.join(outdir, `${stack}.template.json`))).toBe(true);
    const types = Object.values(template(stack).Resources).map((resource) => resource.Type);
    expect(types).toContain('AWS::Lambda::EventSourceMapping');
    expect(types).toContain('AWS::ApiGateway::RestApi');
  });

  it.each(['VisibilityDupStack', 'BatchPartialStack'])(
    'subscribes the alarmEmail of cdk.context.json in %s, with no -c on the command line',
    (stack) => {
      const subscriptions = Object.values(template(stack).Resources).filter(
        (resource) => resource.Type === 'AWS::SNS::Subscription',
      );
      expect(subscriptions.map((resource) => resource.Properties)).toEqual([
        expect.objectContaining({ Protocol: 'email', Endpoint: 'learner@example.com' }),
      ]);
    },
  );
});
