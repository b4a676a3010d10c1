/**
 * How CloudFormation deletes: one resource through its provider (kept with `DeletionPolicy:
 * Retain`), its name given back to the account; a whole stack in reverse dependency order.
 */
import type { DeployedResource, DeployedStack, DeployTarget, StackEvent, StackEventEmitter } from './deployed-stack';
import { deploymentOrder } from './deployment-order';
import { type NameOwner, NameRegistry } from './name-registry';
import type { ProviderRegistry } from '../resource-provider';

/** The stack a deletion runs in, and (for giving names back) the account's names and the stack's target. */
export interface ResourceDeletionContext {
  readonly stackName: string;
  readonly providers: ProviderRegistry;
  readonly names?: NameRegistry;
  readonly target?: DeployTarget;
}

/**
 * Deletes every resource of a stack, in reverse dependency order; with `account`, the names its
 * resources held go back to the account.
 */
export async function deleteStack(
  stack: DeployedStack,
  providers: ProviderRegistry,
  onEvent?: (event: StackEvent) => void,
  account: { readonly names?: NameRegistry; readonly target?: DeployTarget } = {},
): Promise<void> {
  const emit = (event: Omit<StackEvent, 'timestamp' | 'stackName'>): void =>
    onEvent?.({ timestamp: new Date(), stackName: stack.stackName, ...event });
  const stackEvent = (status: string): void =>
    emit({ logicalId: stack.stackName, resourceType: 'AWS::CloudFormation::Stack', status, physicalId: stack.stackId });
  stackEvent('DELETE_IN_PROGRESS');
  const options: ResourceDeletionContext = { stackName: stack.stackName, providers, ...account };
  for (const logicalId of deploymentOrder(stack.template.Resources).reverse()) {
    const resource = stack.resources.get(logicalId);
    if (resource !== undefined)
      await deleteResource({ options, stackId: stack.stackId, logicalId, resource, emit }).catch(() => undefined);
  }
  stackEvent('DELETE_COMPLETE');
}

/** Who holds a resource's name: the stack's account and region, the stack, the logical id. */
export function nameOwner(options: { readonly target: DeployTarget }, stackId: string, logicalId: string): NameOwner {
  return { accountId: options.target.accountId, region: options.target.region, stackId, logicalId };
}

/** Deletes one resource through its provider (or skips it, with `DeletionPolicy: Retain`), giving its name back. */
export async function deleteResource(run: {
  options: ResourceDeletionContext;
  stackId: string;
  logicalId: string;
  resource: DeployedResource;
  emit: StackEventEmitter;
}): Promise<void> {
  const { options, logicalId, resource, emit } = run;
  if (resource.deletionPolicy === 'Retain') {
    // The resource lives on outside the stack, and so does its name.
    emit({ logicalId, resourceType: resource.type, status: 'DELETE_SKIPPED', physicalId: resource.physicalId });
    return;
  }
  const name = NameRegistry.nameOf(resource.type, resource.properties);
  if (options.names !== undefined && options.target !== undefined && name !== undefined)
    options.names.release(resource.type, name, nameOwner({ target: options.target }, run.stackId, logicalId));
  emit({ logicalId, resourceType: resource.type, status: 'DELETE_IN_PROGRESS', physicalId: resource.physicalId });
  try {
    await options.providers.providerFor(resource.type).delete({
      stackName: options.stackName,
      logicalId,
      resourceType: resource.type,
      properties: resource.properties,
      resource,
    });
    emit({ logicalId, resourceType: resource.type, status: 'DELETE_COMPLETE', physicalId: resource.physicalId });
  } catch (error) {
    emit({ logicalId, resourceType: resource.type, status: 'DELETE_FAILED', reason: String(error) });
    throw error;
  }
}
