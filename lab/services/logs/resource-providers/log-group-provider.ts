/** `AWS::Logs::LogGroup`: a group in the lab's log store (its name is what `Ref` returns). */
import { LAB_ACCOUNT_ID, LAB_REGION } from '../../../common/local-aws';
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';

/** Where the lab keeps its log groups. */
export interface LogGroupStore {
  createGroup(name: string, retentionInDays: number | undefined): void;
  deleteGroup(name: string): void;
}

/** The log group provider. */
export function logGroupProvider(store: LogGroupStore): ResourceProvider {
  const describe = (name: string) => ({
    physicalId: name,
    attributes: { Arn: `arn:aws:logs:${LAB_REGION}:${LAB_ACCOUNT_ID}:log-group:${name}:*` },
  });
  const retention = (properties: Readonly<Record<string, unknown>>) =>
    properties.RetentionInDays === undefined ? undefined : Number(properties.RetentionInDays);
  return {
    type: 'AWS::Logs::LogGroup',
    async create({ stackName, logicalId, properties }) {
      const name =
        typeof properties.LogGroupName === 'string'
          ? properties.LogGroupName
          : `${stackName}-${logicalId}-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
      store.createGroup(name, retention(properties));
      return describe(name);
    },
    async update({ properties, previous }) {
      store.createGroup(previous.physicalId, retention(properties));
      return describe(previous.physicalId);
    },
    delete: async ({ resource }) => store.deleteGroup(resource.physicalId),
    requiresReplacement: (previous, next) => changedAny(['LogGroupName'], previous, next),
  };
}
