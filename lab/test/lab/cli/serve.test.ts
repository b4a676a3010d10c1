/**
 * `sqs-lab`, the lab package's own command (lab/cli/serve.ts), as a learner runs it: with
 * `--app <dir>` it deploys that CDK app (its own cdk.json command) and writes its outputs; without
 * it the lab starts empty, and the real CDK CLI, pointed at it with the environment the ready text
 * prints, bootstraps, deploys and destroys the same app; it stops cleanly on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { CDK_CLI_SCRIPT } from '#lab/cli/cdk-lab-environment';
import { REPOSITORY_ROOT } from '#lab/common/lab-work-dir';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';
import { type ServingCommand, startServing, stopServing } from '#lab/test/helpers/serving-command';

const APP_DIR = fixtureApp('cdk-app');
const dir = mkdtempSync(join(tmpdir(), 'sqs-lab-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Outputs = Record<string, Record<string, string>>;

/** Starts `sqs-lab --quiet` with `args`, resolving once it is ready. */
const serve = (args: readonly string[]): Promise<ServingCommand> =>
  startServing('lab/cli/serve.ts', ['--quiet', ...args]);
const stop = stopServing;

describe('sqs-lab --app <dir>', () => {
  it("deploys the app's stacks, prints their events, writes their outputs and the lab's, and stops", async () => {
    const outputsFile = join(dir, 'app-outputs.json');
    const { child, stdout } = await serve([
      '--app',
      APP_DIR,
      '-c',
      'queueName=orders-served',
      '--outputs',
      outputsFile,
    ]);
    try {
      expect(stdout()).toMatch(/OrdersStack \| [\d:]+ \| CREATE_COMPLETE +\| AWS::CloudFormation::Stack/);
      expect(stdout()).toContain('with OrdersStack deployed');
      const outputs = JSON.parse(readFileSync(outputsFile, 'utf8')) as Outputs;
      expect(outputs.OrdersStack?.QueueUrl).toMatch(/\/orders-served$/);
      const endpoint = outputs.LocalLab?.EndpointUrl ?? '';
      expect(stdout()).toContain(`export AWS_ENDPOINT_URL=${endpoint}`);
      // The queue answers through the lab's one endpoint, as an SDK with AWS_ENDPOINT_URL sends.
      const sqs = new SQSClient({ endpoint, region: LAB_REGION, credentials: LAB_CREDENTIALS });
      const sent = await sqs.send(
        new SendMessageCommand({ QueueUrl: outputs.OrdersStack?.QueueUrl, MessageBody: 'x' }),
      );
      expect(sent.MessageId).toBeTypeOf('string');
      sqs.destroy();
    } finally {
      expect(await stop(child)).toBe(0);
    }
    expect(stdout()).toContain('Lab stopped.');
  }, 180_000);
});

describe('sqs-lab restarted', () => {
  it("listens again on the last run's endpoint and console ports, read from its outputs file", async () => {
    const outputsFile = join(dir, 'restart-outputs.json');
    const local = (): Record<string, string> =>
      (JSON.parse(readFileSync(outputsFile, 'utf8')) as Outputs).LocalLab ?? {};
    const first = await serve(['--outputs', outputsFile]);
    // Stopped the moment it says it is ready: the signal still stops it cleanly (stop-request.ts).
    expect(await stop(first.child)).toBe(0);
    const before = local();

    const second = await serve(['--outputs', outputsFile]);
    try {
      expect(local().EndpointUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(local().EndpointUrl).toBe(before.EndpointUrl);
      expect(local().ConsoleUrl).toBe(before.ConsoleUrl);
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
  }, 180_000);
});

describe('sqs-lab, empty, with the real CDK CLI', () => {
  it('bootstraps, deploys and destroys a learner app with the environment the ready text prints', async () => {
    const outputsFile = join(dir, 'empty-outputs.json');
    const { child, stdout } = await serve(['--outputs', outputsFile]);
    try {
      expect(stdout()).toContain('with no stack deployed');
      const exported = /export (.+)\n/.exec(stdout())?.[1] ?? '';
      const environment: Record<string, string> = {};
      for (const pair of exported.split(' ')) {
        const at = pair.indexOf('=');
        environment[pair.slice(0, at)] = pair.slice(at + 1);
      }
      const cdk = (...args: string[]) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          let output = '';
          const cli = spawn(process.execPath, [CDK_CLI_SCRIPT, ...args, '--no-notices'], {
            cwd: APP_DIR,
            env: { PATH: process.env.PATH ?? '', HOME: dir, ...environment },
          });
          cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          cli.on('exit', (code) => resolve({ code, output }));
        });
      const bootstrap = await cdk('bootstrap');
      expect(bootstrap.code, bootstrap.output).toBe(0);
      const deploy = await cdk('deploy', '--all', '--require-approval', 'never', '-o', join(dir, 'cdk.out'));
      expect(deploy.code, deploy.output).toBe(0);
      expect(deploy.output).toMatch(/OrdersStack\.QueueUrl = http:\/\/[^\s]+\/orders/);
      const destroy = await cdk('destroy', '--all', '--force', '-o', join(dir, 'cdk.out'));
      expect(destroy.code, destroy.output).toBe(0);
      expect(destroy.output).toContain('OrdersStack: destroyed');
    } finally {
      expect(await stop(child)).toBe(0);
    }
  }, 240_000);
});

describe('sqs-lab refusals', () => {
  const run = (...args: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      let stderr = '';
      const child = spawn(process.execPath, ['--import', 'tsx', 'lab/cli/serve.ts', ...args], {
        cwd: REPOSITORY_ROOT,
        env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (code) => resolve({ code, stderr }));
    });

  it('refuses a directory that is no CDK app, and a bad -c pair, in one sentence with exit code 2', async () => {
    const notAnApp = await run('--app', dir);
    expect(notAnApp).toEqual({ code: 2, stderr: `sqs-lab: ${dir} has no cdk.json: give the directory of a CDK app\n` });
    const badPair = await run('-c', 'stage', '--lang', 'ja');
    expect(badPair.code).toBe(2);
    expect(badPair.stderr).toMatch(
      /^sqs-lab: -c は name=value の形で指定してください（指定: "stage"）\n\n使い方: sqs-lab/,
    );
  }, 60_000);
});
