/**
 * `AWS::SSM::Parameter` on the lab's SSM state: the parameter (its name given, or
 * `CFN-<logical id>-<random>` as CloudFormation generates one), Ref its name, attributes Type
 * and Value (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-ssm-parameter.html#aws-resource-ssm-parameter-return-values).
 */
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';
import { randomSuffix } from '../../cloudformation/engine/generated-name';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';
import { SsmValidationError } from '../errors';
import type { SsmState } from '../ssm-state';

/** What the parameter provider does with each property of `AWS::SSM::Parameter`. */
export const SSM_PARAMETER_PROPERTIES: PropertyCoverage = {
  emulated: ['AllowedPattern', 'DataType', 'Description', 'Name', 'Type', 'Value'],
  noted: {
    Tier: 'ssmParameterTier',
    Tags: 'tags',
  },
  // Advanced-tier policies (expiration, notifications) would change the parameter over time; the lab does not emulate them.
  refused: ['Policies'],
};

/** The parameter provider. */
export function ssmParameterProvider(state: SsmState): ResourceProvider {
  const put = (name: string, properties: Readonly<Record<string, unknown>>, overwrite: boolean) => {
    const value = String(properties.Value);
    const pattern = properties.AllowedPattern;
    if (typeof pattern === 'string' && !new RegExp(pattern).test(value))
      throw new SsmValidationError(
        `Parameter value, ${value}, failed to satisfy constraint specified in AllowedPattern.`,
      );
    const parameter = state.put({
      name,
      value,
      type: String(properties.Type),
      overwrite,
      ...(typeof properties.Description === 'string' ? { description: properties.Description } : {}),
      ...(typeof properties.DataType === 'string' ? { dataType: properties.DataType } : {}),
    });
    return { physicalId: parameter.name, attributes: { Type: parameter.type, Value: parameter.value } };
  };
  return {
    type: 'AWS::SSM::Parameter',
    properties: SSM_PARAMETER_PROPERTIES,
    create: async ({ logicalId, properties }) =>
      put(
        typeof properties.Name === 'string' ? properties.Name : `CFN-${logicalId}-${randomSuffix(12)}`,
        properties,
        false,
      ),
    update: async ({ properties, previous }) => put(previous.physicalId, properties, true),
    async delete({ resource }) {
      if (state.valueOf(resource.physicalId) !== undefined) state.delete(resource.physicalId);
    },
    requiresReplacement: (previous, next) => changedAny(['Name'], previous, next),
  };
}
