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
import { deployRegion, LAST_OUTPUTS_FILE, regionalOutputsFile } from './deploy-outputs';
import { SCRIPT_MESSAGES } from './locales/messages';

const say = SCRIPT_MESSAGES[resolveLanguage(undefined)].deploy;

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
