/**
 * `npm run deploy [-- <cdk deploy options>]`: `cdk deploy --all` with the outputs written per
 * region (scripts/deploy-outputs.ts): `cdk-outputs.<region>.json`, then copied to
 * `cdk-outputs.json`, the file the tutorial's commands read. Exits with the CLI's code.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolveLanguage } from '@sqs-lab/lab';
import { PROJECT_ROOT } from '../lib/project-root';
import { deployRegion, LAST_OUTPUTS_FILE, regionalOutputsFile, type RegionSource } from './deploy-outputs';

const say = {
  en: {
    region: (region: string, source: RegionSource) =>
      `Deploying to ${region} (${{ AWS_REGION: 'AWS_REGION', AWS_DEFAULT_REGION: 'AWS_DEFAULT_REGION', config: 'your AWS profile', fallback: 'no region set: the CDK CLI uses us-east-1' }[source]}); outputs go to ${regionalOutputsFile(region)}.\n`,
    copied: (region: string) =>
      `Outputs: ${regionalOutputsFile(region)}, copied to ${LAST_OUTPUTS_FILE} (the last deploy's, which the tutorial's commands read).\n`,
  },
  ja: {
    region: (region: string, source: RegionSource) =>
      `${region} にデプロイします（${{ AWS_REGION: 'AWS_REGION', AWS_DEFAULT_REGION: 'AWS_DEFAULT_REGION', config: 'AWS のプロファイル', fallback: 'リージョンの指定がないため CDK CLI は us-east-1 を使います' }[source]}）。出力は ${regionalOutputsFile(region)} に書きます。\n`,
    copied: (region: string) =>
      `出力: ${regionalOutputsFile(region)}。${LAST_OUTPUTS_FILE}（最後のデプロイのもの。チュートリアルのコマンドが読みます）にもコピーしました。\n`,
  },
}[resolveLanguage(undefined)];

const args = process.argv.slice(2);
const { region, source } = deployRegion(process.env, args);
process.stdout.write(say.region(region, source));
const outputs = regionalOutputsFile(region);
const cdk = spawnSync(
  process.execPath,
  [join(PROJECT_ROOT, 'node_modules', 'aws-cdk', 'bin', 'cdk'), 'deploy', '--all', '--outputs-file', outputs, ...args],
  { cwd: PROJECT_ROOT, stdio: 'inherit' },
);
if (cdk.status === 0 && existsSync(join(PROJECT_ROOT, outputs))) {
  copyFileSync(join(PROJECT_ROOT, outputs), join(PROJECT_ROOT, LAST_OUTPUTS_FILE));
  process.stdout.write(say.copied(region));
}
process.exitCode = cdk.status ?? 1;
