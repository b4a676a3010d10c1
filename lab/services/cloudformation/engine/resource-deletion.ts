/**
 * How CloudFormation deletes: one resource through its provider (kept with `DeletionPolicy:
 * Retain`), its name given back to the account; a whole stack in reverse dependency order.
 */
import type { DeployedResource, DeployedStack, DeployTarget, StackEvent, StackEventEmitter } from './deployed-stack';
import { deploymentOrder } from './deployment-order';
import { dependenciesOf } from './template';
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
 * resources held go back to the account. A resource that fails to delete stays, and so does every
 * resource it depends on (it still needs them); the others go. The stack then ends in
 * `DELETE_FAILED` with CloudFormation's reason ("The following resource(s) failed to delete:
 * [Bucket]. "), keeping what is left, as CloudFormation does (a later DeleteStack tries again).
 * Returns the logical ids that failed (none: `DELETE_COMPLETE`) and the resources left.
 */
export async function deleteStack(
  stack: DeployedStack,
  providers: ProviderRegistry,
  onEvent?: (event: StackEvent) => void,
  account: { readonly names?: NameRegistry; readonly target?: DeployTarget } = {},
): Promise<{ readonly failed: readonly string[]; readonly remaining: ReadonlyMap<string, DeployedResource> }> {
  const emit = (event: Omit<StackEvent, 'timestamp' | 'stackName'>): void =>
    onEvent?.({ timestamp: new Date(), stackName: stack.stackName, ...event });
  const stackEvent = (status: string, reason?: string): void =>
    emit({
      logicalId: stack.stackName,
      resourceType: 'AWS::CloudFormation::Stack',
      status,
      physicalId: stack.stackId,
      ...(reason === undefined ? {} : { reason }),
    });
  stackEvent('DELETE_IN_PROGRESS');
  const options: ResourceDeletionContext = { stackName: stack.stackName, providers, ...account };
  const ids = new Set(Object.keys(stack.template.Resources));
  const failed: string[] = [];
  const remaining = new Map(stack.resources);
  // What a failed resource still needs: it is kept too, untouched.
  const needed = new Set<string>();
  for (const logicalId of deploymentOrder(stack.template.Resources).reverse()) {
    const resource = stack.resources.get(logicalId);
    if (resource === undefined || needed.has(logicalId)) continue;
    try {
      await deleteResource({ options, stackId: stack.stackId, logicalId, resource, emit });
      remaining.delete(logicalId);
    } catch {
      failed.push(logicalId);
      const keep = (id: string): void => {
        const declared = stack.template.Resources[id];
        if (declared === undefined) return;
        for (const dependency of dependenciesOf(declared, ids))
          if (!needed.has(dependency)) {
            needed.add(dependency);
            keep(dependency);
          }
      };
      keep(logicalId);
    }
  }
  if (failed.length === 0) stackEvent('DELETE_COMPLETE');
  else stackEvent('DELETE_FAILED', `The following resource(s) failed to delete: [${[...failed].sort().join(', ')}]. `);
  return { failed, remaining };
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
