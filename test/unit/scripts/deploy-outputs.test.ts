/**
 * `npm run deploy` writes each region's outputs to a file of its own (issue #29: with one
 * `cdk-outputs.json`, a second region's deploy overwrote the first's), the region found as the
 * CDK CLI finds it: AWS_REGION, AWS_DEFAULT_REGION, the profile's region in the AWS config file,
 * else us-east-1 (https://docs.aws.amazon.com/cdk/v2/guide/configure-env.html).
 */
import { describe, expect, it } from 'vitest';
import { deployRegion, profileRegion, regionalOutputsFile } from '#scripts/deploy-outputs';

const CONFIG = `[default]
region = us-west-2
output = json

[profile tokyo]
region=ap-northeast-1
`;

describe('the deploy outputs file', () => {
  it('names its region', () => {
    expect(regionalOutputsFile('ap-northeast-1')).toBe('cdk-outputs.ap-northeast-1.json');
  });

  it('takes the region from the environment first, then the profile, then us-east-1', () => {
    const config = () => CONFIG;
    expect(deployRegion({ AWS_REGION: 'eu-west-1', AWS_DEFAULT_REGION: 'eu-central-1' }, [], config)).toEqual({
      region: 'eu-west-1',
      source: 'AWS_REGION',
    });
    expect(deployRegion({ AWS_DEFAULT_REGION: 'eu-central-1' }, [], config)).toEqual({
      region: 'eu-central-1',
      source: 'AWS_DEFAULT_REGION',
    });
    expect(deployRegion({}, [], config)).toEqual({ region: 'us-west-2', source: 'config' });
    expect(deployRegion({ AWS_PROFILE: 'tokyo' }, [], config).region).toBe('ap-northeast-1');
    expect(deployRegion({}, ['--require-approval', 'never', '--profile', 'tokyo'], config).region).toBe(
      'ap-northeast-1',
    );
    expect(deployRegion({}, [], () => undefined)).toEqual({ region: 'us-east-1', source: 'fallback' });
    expect(deployRegion({ AWS_PROFILE: 'missing' }, [], config).source).toBe('fallback');
  });

  it('reads a profile section only, with or without spaces around =', () => {
    expect(profileRegion(CONFIG, 'default')).toBe('us-west-2');
    expect(profileRegion(CONFIG, 'tokyo')).toBe('ap-northeast-1');
    expect(profileRegion('[profile default]\nregion = sa-east-1\n', 'default')).toBe('sa-east-1');
    expect(profileRegion('[sso-session x]\nregion = us-east-2\n', 'default')).toBeUndefined();
  });
});
