/** `AWS::Lambda::Permission`: recorded (API Gateway may invoke the function); the lab's API checks it exists. */
import { randomUUID } from 'node:crypto';
import type { ResourceProvider } from '../../cloudformation/resource-provider';

/** Who may invoke which function, by the permission's id. */
export type PermissionStore = Map<string, { readonly functionName: string; readonly principal: string }>;

/** The permission provider. */
export function lambdaPermissionProvider(store: PermissionStore): ResourceProvider {
  const put = (id: string, properties: Readonly<Record<string, unknown>>) => {
    store.set(id, { functionName: String(properties.FunctionName), principal: String(properties.Principal) });
    return { physicalId: id, attributes: {} };
  };
  return {
    type: 'AWS::Lambda::Permission',
    create: async ({ properties }) => put(randomUUID(), properties),
    update: async ({ properties, previous }) => put(previous.physicalId, properties),
    delete: async ({ resource }) => {
      store.delete(resource.physicalId);
    },
  };
}
