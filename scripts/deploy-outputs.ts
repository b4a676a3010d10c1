/**
 * Where `npm run deploy` writes the stacks' outputs: `cdk-outputs.<region>.json`, one file per
 * region, so a deploy to a second region no longer overwrites the first one's outputs (with one
 * `cdk-outputs.json`, it did); then a copy as `cdk-outputs.json`, the file the tutorial's
 * commands read, which is the last deploy's. The region is the one the CDK CLI deploys to, found
 * as it finds it: `AWS_REGION`, `AWS_DEFAULT_REGION`, the profile's `region` in the AWS config
 * file, else us-east-1 (the CLI's fallback).
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The file every deploy copies its outputs to (what the tutorial's `jq` commands read). */
export const LAST_OUTPUTS_FILE = 'cdk-outputs.json';

/** The CDK CLI's region when nothing names one. */
export const FALLBACK_REGION = 'us-east-1';

/** The outputs file of one region: `cdk-outputs.ap-northeast-1.json`. */
export function regionalOutputsFile(region: string): string {
  return `cdk-outputs.${region}.json`;
}

/** Where the region came from, for the line the deploy prints. */
export type RegionSource = 'AWS_REGION' | 'AWS_DEFAULT_REGION' | 'config' | 'fallback';

/**
 * The region a `cdk deploy` with this environment and these arguments deploys to: the
 * `--profile` argument (else `AWS_PROFILE`) picks the config file's profile.
 */
export function deployRegion(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  readConfig: (path: string) => string | undefined = readIfPresent,
): { readonly region: string; readonly source: RegionSource } {
  if (env.AWS_REGION) return { region: env.AWS_REGION, source: 'AWS_REGION' };
  if (env.AWS_DEFAULT_REGION) return { region: env.AWS_DEFAULT_REGION, source: 'AWS_DEFAULT_REGION' };
  const profileIndex = args.indexOf('--profile');
  const profile = (profileIndex >= 0 ? args[profileIndex + 1] : undefined) ?? env.AWS_PROFILE ?? 'default';
  const text = readConfig(env.AWS_CONFIG_FILE ?? join(homedir(), '.aws', 'config'));
  const region = text === undefined ? undefined : profileRegion(text, profile);
  return region === undefined ? { region: FALLBACK_REGION, source: 'fallback' } : { region, source: 'config' };
}

/** The `region` of `profile` in an AWS config file (`[default]`, `[profile name]`). */
export function profileRegion(config: string, profile: string): string | undefined {
  const wanted = profile === 'default' ? ['default', 'profile default'] : [`profile ${profile}`];
  let inProfile = false;
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.trim();
    const section = /^\[\s*(.+?)\s*\]$/.exec(line);
    if (section !== null) {
      inProfile = wanted.includes(section[1] ?? '');
      continue;
    }
    const setting = /^region\s*=\s*(\S+)/.exec(line);
    if (inProfile && setting !== null) return setting[1];
  }
  return undefined;
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
