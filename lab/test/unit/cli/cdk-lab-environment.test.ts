/**
 * `npm run cdk:lab` gives the real CDK CLI none of the learner's AWS settings and only the lab's
 * loopback endpoint, so a learner's profile or session can never reach AWS through it. The
 * variables the CLI's SDK reads: https://docs.aws.amazon.com/sdkref/latest/guide/settings-reference.html
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdkLabArguments, cdkLabEnvironment, NotLoopbackEndpointError } from '#lab/cli/cdk-lab-environment';
import { REPOSITORY_ROOT } from '#lab/common/lab-work-dir';

const learner = {
  PATH: '/usr/bin',
  HOME: '/home/learner',
  AWS_PROFILE: 'production',
  AWS_ACCESS_KEY_ID: 'AKIAREALKEY',
  AWS_SECRET_ACCESS_KEY: 'real-secret',
  AWS_SESSION_TOKEN: 'real-token',
  AWS_ENDPOINT_URL_S3: 'https://s3.amazonaws.com',
  AWS_REGION: 'eu-west-1',
  aws_config_file: '/home/learner/.aws/config',
  CDK_DEFAULT_ACCOUNT: '123456789012',
};

describe('the environment of npm run cdk:lab', () => {
  it('keeps none of the learner’s AWS or CDK variables and sets the lab’s identity and endpoint', () => {
    const environment = cdkLabEnvironment('http://127.0.0.1:4510', learner);
    expect(environment.PATH).toBe('/usr/bin');
    expect(environment.HOME).toBe('/home/learner');
    expect(environment.AWS_PROFILE).toBeUndefined();
    expect(environment.AWS_ENDPOINT_URL_S3).toBeUndefined();
    expect(environment.aws_config_file).toBeUndefined();
    expect(environment.CDK_DEFAULT_ACCOUNT).toBeUndefined();
    expect(environment.AWS_ACCESS_KEY_ID).toBe('lab-access-key');
    expect(environment.AWS_SESSION_TOKEN).toBe('lab-session-token');
    expect(environment.AWS_REGION).toBe('us-east-1');
    expect(environment.AWS_ENDPOINT_URL).toBe('http://127.0.0.1:4510');
    expect(environment.AWS_CONFIG_FILE).not.toBe('/home/learner/.aws/config');
    expect(environment.CDK_DISABLE_CLI_TELEMETRY).toBe('true');
    expect(environment.AWS_EC2_METADATA_DISABLED).toBe('true');
  });

  it.each([
    'https://cloudformation.us-east-1.amazonaws.com',
    'http://10.0.0.5:4566',
    'http://localhost.evil.example:4566',
    'https://127.0.0.1:4566',
    'not a url',
  ])('refuses %s, which is not the lab’s loopback endpoint', (url) => {
    expect(() => cdkLabEnvironment(url, learner)).toThrow(NotLoopbackEndpointError);
  });
});

describe('the arguments of npm run cdk:lab', () => {
  it('adds the lab’s CDK context and --no-notices to the learner’s command', () => {
    expect(cdkLabArguments(['deploy', '--all'])).toEqual([
      'deploy',
      '--all',
      '-c',
      'queueSettleSeconds=0.4',
      '--no-notices',
    ]);
  });

  it('keeps a context value and --no-notices the learner gave', () => {
    expect(cdkLabArguments(['diff', '-c', 'queueSettleSeconds=2', '--no-notices'])).toEqual([
      'diff',
      '-c',
      'queueSettleSeconds=2',
      '--no-notices',
    ]);
  });

  it('adds nothing to an empty command (the CLI then prints its help)', () => {
    expect(cdkLabArguments([])).toEqual([]);
  });
});

describe('npm run cdk:lab without a lab', () => {
  const run = (outputs: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'lab/cli/cdk-lab.ts', '--lab-outputs', outputs, 'deploy'], {
      cwd: REPOSITORY_ROOT,
      encoding: 'utf8',
      env: { ...process.env, LANG: 'en_US.UTF-8' },
      timeout: 30_000,
    });

  it('says in one sentence that no lab runs, and exits 1', () => {
    const result = run(join(tmpdir(), 'no-such-outputs.json'));
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^No running lab found .* start one with npm run lab/);
  });

  it('refuses an outputs file whose endpoint is not on loopback, and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdk-lab-'));
    try {
      const file = join(dir, 'outputs.json');
      writeFileSync(
        file,
        JSON.stringify({ LocalLab: { EndpointUrl: 'https://cloudformation.us-east-1.amazonaws.com' } }),
      );
      const result = run(file);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/is not on loopback: the wrapper points the CDK CLI only at http:\/\/127\.0\.0\.1/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
