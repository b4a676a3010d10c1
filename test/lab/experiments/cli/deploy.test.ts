import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { LOCAL_LAB_KEY, writeLabOutputs } from '#lab/outputs';
import { type DeployEndpoint, startDeployEndpoint } from '#lab/services/cloudformation/cdk-client/deploy-endpoint';
import { PROJECT_ROOT } from '#lib/project-root';

/** `npm run lab:deploy` as a user runs it, against a running lab; resolves with its exit code and output. */
function deployCli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'experiments/cli/deploy.ts', ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run lab:deploy', () => {
  let lab: Lab;
  let endpoint: DeployEndpoint;
  const directory = mkdtempSync(join(tmpdir(), 'sqs-lab-deploy-'));
  const outputs = join(directory, 'cdk-outputs.local.json');

  beforeAll(async () => {
    lab = await startTutorialLab({ stacks: ['BatchPartialStack'] });
    endpoint = await startDeployEndpoint((context, onEvent) => lab.deploy({ context, onEvent }));
    const written = lab.outputs();
    await writeLabOutputs(outputs, {
      ...written,
      [LOCAL_LAB_KEY]: { ...written[LOCAL_LAB_KEY], DeployEndpointUrl: endpoint.url },
    });
  });

  afterAll(async () => {
    await endpoint?.stop();
    await lab?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('applies -c batchSize=2 to the running lab, prints the stack events and exits 0 on UPDATE_COMPLETE', async () => {
    const { status, stdout } = await deployCli('--outputs', outputs, '-c', 'batchSize=2');
    expect(status).toBe(0);
    expect(stdout).toMatch(
      /BatchPartialStack \| \d\d:\d\d:\d\d \| UPDATE_COMPLETE\s+\| AWS::Lambda::EventSourceMapping/,
    );
    expect(stdout).toContain('BatchPartialStack (UPDATE_COMPLETE)');
    const queue = lab.stack('BatchPartialStack').queueUrl;
    const { Attributes } = await lab.clients.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queue, AttributeNames: ['VisibilityTimeout'] }),
    );
    expect(Attributes?.VisibilityTimeout).toBe('10');
  });

  it('says a stack had no changes when the same deploy runs again, as cdk deploy does, and exits 0', async () => {
    const { status, stdout } = await deployCli('--outputs', outputs, '-c', 'batchSize=2');
    expect(status).toBe(0);
    expect(stdout).toContain('BatchPartialStack (no changes)');
    expect(stdout).not.toMatch(/UPDATE_IN_PROGRESS/);
  });

  it('exits 1 with one sentence naming the failed resource when the update fails', async () => {
    const { status, stderr } = await deployCli('--outputs', outputs, '-c', 'batchSize=11');
    expect(status).toBe(1);
    expect(stderr.trim()).toMatch(
      /^❌ {2}Deployment failed: cdk synth failed: .*batchSize must be an integer from 1 to 10/,
    );
  });

  it('speaks Japanese with --lang ja', async () => {
    const { status, stderr } = await deployCli('--lang', 'ja', '--outputs', join(directory, 'none.json'));
    expect(status).toBe(1);
    expect(stderr).toContain('動いているラボが見つかりません');
  });

  it('refuses a bad flag or -c pair in Japanese with --lang ja, exit 2', async () => {
    const flag = await deployCli('--lang', 'ja', '--bogus');
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('エラー: 不明なオプション --bogus です');
    const pair = await deployCli('--lang', 'ja', '-c', 'batchsize=2');
    expect(pair.status).toBe(2);
    expect(pair.stderr).toContain('コンテキスト名は大文字と小文字を区別します。batchSize のことですか？');
  });

  it('says in one sentence that no lab is running, exit 1', async () => {
    const { status, stderr } = await deployCli('--outputs', join(directory, 'none.json'));
    expect(status).toBe(1);
    expect(stderr).toBe(
      `No running lab found (${join(directory, 'none.json')} names no deploy endpoint): start one with npm run lab.\n`,
    );
  });
});
