/**
 * `AWS::SSM::Parameter` as the lab's CloudFormation drives it: a generated name when the template
 * gives none, an update in place (a new version), a new name replacing the parameter, and
 * AllowedPattern checked.
 */
import { describe, expect, it } from 'vitest';
import { LAB_ACCOUNT_ID, LAB_REGION } from '#lab/common/local-aws';
import { CloudFormationService } from '#lab/services/cloudformation/cloudformation-service';
import { StackOperationFailedError } from '#lab/services/cloudformation/errors';
import { ProviderRegistry } from '#lab/services/cloudformation/resource-provider';
import type { Template } from '#lab/services/cloudformation/engine/template';
import { ssmParameterProvider } from '#lab/services/ssm/resource-providers/ssm-parameter-provider';
import { SsmState } from '#lab/services/ssm/ssm-state';

const TARGET = { accountId: LAB_ACCOUNT_ID, region: LAB_REGION };

function lab() {
  const ssm = new SsmState(TARGET);
  const cloudFormation = new CloudFormationService({
    providers: new ProviderRegistry([ssmParameterProvider(ssm)]),
    target: TARGET,
  });
  return { ssm, cloudFormation };
}

const parameter = (properties: Record<string, unknown>): Template => ({
  Resources: { Setting: { Type: 'AWS::SSM::Parameter', Properties: { Type: 'String', ...properties } } },
  Outputs: {
    Name: { Value: { Ref: 'Setting' } },
    Value: { Value: { 'Fn::GetAtt': ['Setting', 'Value'] } },
    Type: { Value: { 'Fn::GetAtt': ['Setting', 'Type'] } },
  },
});

describe('AWS::SSM::Parameter', () => {
  it('generates CFN-<logical id>-<random> without a Name, and updates the value in place', async () => {
    const { ssm, cloudFormation } = lab();
    const [created] = await cloudFormation.deploy([{ stackName: 'S', template: parameter({ Value: 'one' }) }]);
    const name = created?.outputs.Name ?? '';
    expect(name).toMatch(/^CFN-Setting-[A-Z0-9]+$/);
    expect(created?.outputs).toMatchObject({ Value: 'one', Type: 'String' });
    const [updated] = await cloudFormation.deploy([{ stackName: 'S', template: parameter({ Value: 'two' }) }]);
    expect(updated?.outputs.Name).toBe(name);
    expect(ssm.get(name)).toMatchObject({ value: 'two', version: 2 });
  });

  it('replaces the parameter when its Name changes, deleting the old one', async () => {
    const { ssm, cloudFormation } = lab();
    await cloudFormation.deploy([{ stackName: 'S', template: parameter({ Name: '/app/a', Value: 'v' }) }]);
    await cloudFormation.deploy([{ stackName: 'S', template: parameter({ Name: '/app/b', Value: 'v' }) }]);
    expect([ssm.valueOf('/app/a'), ssm.valueOf('/app/b')]).toEqual([undefined, 'v']);
  });

  it('fails a value outside AllowedPattern, in SSM’s words', async () => {
    const { cloudFormation } = lab();
    const failure = await cloudFormation
      .deploy([{ stackName: 'S', template: parameter({ Value: 'abc', AllowedPattern: '^[0-9]+$' }) }])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StackOperationFailedError);
    expect((failure as StackOperationFailedError).message).toContain(
      'Parameter value, abc, failed to satisfy constraint specified in AllowedPattern.',
    );
  });
});
