/** `AWS::Logs::LogGroup`: a group in the lab's log store (its name is what `Ref` returns). */
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';
import { generatedName } from '../../cloudformation/engine/generated-name';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';
import { logGroupArn } from '../logs-service';

/** What the log group provider does with each property of `AWS::Logs::LogGroup`. */
export const LOG_GROUP_PROPERTIES: PropertyCoverage = {
  emulated: ['LogGroupName'],
  noted: {
    RetentionInDays: 'logGroupRetentionInDays',
    FieldIndexPolicies: 'logGroupFieldIndexPolicies',
    LogGroupClass: 'logGroupLogGroupClass',
    Tags: 'tags',
  },
  refused: [
    'BearerTokenAuthenticationEnabled',
    'DataProtectionPolicy',
    'DeletionProtectionEnabled',
    'KmsKeyId',
    'ResourcePolicyDocument',
  ],
};

/** Where the lab keeps its log groups. */
export interface LogGroupStore {
  createLogGroup(name: string): void;
  deleteLogGroup(name: string): void;
}

/** The log group provider. */
export function logGroupProvider(store: LogGroupStore): ResourceProvider {
  const describe = (name: string) => ({
    physicalId: name,
    attributes: { Arn: `${logGroupArn(name)}:*` },
  });
  return {
    type: 'AWS::Logs::LogGroup',
    properties: LOG_GROUP_PROPERTIES,
    async create({ stackName, logicalId, properties }) {
      if (properties.LogGroupClass !== undefined && properties.LogGroupClass !== 'STANDARD')
        throw new Error(
          `${logicalId}: the lab keeps STANDARD log groups only, not LogGroupClass ${String(properties.LogGroupClass)}`,
        );
      const name =
        typeof properties.LogGroupName === 'string' ? properties.LogGroupName : generatedName({ stackName, logicalId });
      store.createLogGroup(name);
      return describe(name);
    },
    // Retention changes nothing the lab keeps (it holds a run's lines, not 7 days of them).
    update: async ({ previous }) => describe(previous.physicalId),
    delete: async ({ resource }) => store.deleteLogGroup(resource.physicalId),
    requiresReplacement: (previous, next) => changedAny(['LogGroupName'], previous, next),
  };
}
