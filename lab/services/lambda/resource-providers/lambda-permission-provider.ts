/** `AWS::Lambda::Permission`: recorded (API Gateway may invoke the function); the lab's API checks it exists. */
import { randomUUID } from 'node:crypto';
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { PropertyCoverage, ProviderNoteKey } from '../../cloudformation/validation/property-coverage';
import type { PermissionStore } from '../lambda-state';

/** The lab keeps who may invoke, not from where. */
const SOURCE_NOT_MATCHED: ProviderNoteKey = 'lambdaPermissionSourceNotMatched';

/** What the permission provider does with each property of `AWS::Lambda::Permission`. */
export const LAMBDA_PERMISSION_PROPERTIES: PropertyCoverage = {
  emulated: ['Action', 'FunctionName', 'Principal'],
  noted: {
    SourceArn: SOURCE_NOT_MATCHED,
    SourceAccount: SOURCE_NOT_MATCHED,
  },
  refused: ['EventSourceToken', 'FunctionUrlAuthType', 'InvokedViaFunctionUrl', 'PrincipalOrgID'],
};

/** The permission provider. */
export function lambdaPermissionProvider(store: PermissionStore): ResourceProvider {
  const put = (id: string, properties: Readonly<Record<string, unknown>>) => {
    store.set(id, { functionName: String(properties.FunctionName), principal: String(properties.Principal) });
    return { physicalId: id, attributes: {} };
  };
  return {
    type: 'AWS::Lambda::Permission',
    properties: LAMBDA_PERMISSION_PROPERTIES,
    create: async ({ properties }) => put(randomUUID(), properties),
    update: async ({ properties, previous }) => put(previous.physicalId, properties),
    delete: async ({ resource }) => {
      store.delete(resource.physicalId);
    },
  };
}
