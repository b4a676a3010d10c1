/**
 * Deploys one stack's template through the resource providers, as CloudFormation does: creates
 * in dependency order; on an update, adds and changes resources in that order, replaces where a
 * provider says a change needs a new resource, then deletes replaced and removed resources at
 * cleanup; on a failure, rolls back (deletes what it created, restores what it changed) and
 * reports the failed resource with the provider's reason. Every step is a {@link StackEvent}.
 */
import { randomUUID } from 'node:crypto';
import type { DeployedResource, DeployedStack, DeployTarget, StackEvent } from './deployed-stack';
import { deploymentOrder } from './deployment-order';
import { PropertiesValidationError, StackOperationFailedError, TemplateError } from '../errors';
import { evaluateConditions, type ResolutionContext, resolveValue } from './intrinsic-resolver';
import { NameRegistry } from './name-registry';
import { type DeployNote, mergeNotes, notesFor } from '../validation/property-coverage';
import { propertyFailures } from '../validation/property-validator';
import type { ProviderRegistry } from '../resource-provider';
import { deleteResource, nameOwner } from './resource-deletion';
import { type DeployAction, rollBack } from './stack-rollback';
import { checkRules, templateParameters } from './template-parameters';
import type { Template } from './template';

export interface DeployStackOptions {
  readonly stackName: string;
  readonly template: Template;
  readonly providers: ProviderRegistry;
  readonly target: DeployTarget;
  /** The stack as it is now; absent for a create. */
  readonly previous?: DeployedStack;
  /** The stack id a create takes (the API names the stack at its first change set); default a new one. */
  readonly stackId?: string;
  /** Values for template parameters, and for SSM-typed ones (`BootstrapVersion`) by their default name. */
  readonly parameters?: Readonly<Record<string, string>>;
  readonly onEvent?: (event: StackEvent) => void;
  /**
   * The account's names (name-registry.ts): every create claims the name the template gives the
   * resource, and fails as CloudFormation does when another stack's resource holds it. Absent: no check.
   */
  readonly names?: NameRegistry;
  /**
   * Check each resource's properties against its registry schema before creating or updating it,
   * as CloudFormation does (default true; off only to measure what the check costs).
   */
  readonly validateProperties?: boolean;
  /** The value another stack of the region exports under a name (`Fn::ImportValue`). */
  readonly importValue?: (name: string) => string | undefined;
  /** Called with the resources left when a rollback could not undo everything (`…ROLLBACK_FAILED`). */
  readonly onRollbackFailed?: (remaining: ReadonlyMap<string, DeployedResource>) => void;
}

/** Creates or updates a stack. Throws {@link StackOperationFailedError} after rolling back. */
export async function deployStack(options: DeployStackOptions): Promise<DeployedStack> {
  const { stackName, template, providers, previous } = options;
  const stackId =
    previous?.stackId ??
    options.stackId ??
    `arn:aws:cloudformation:${options.target.region}:${options.target.accountId}:stack/${stackName}/${randomUUID()}`;
  const emit = (event: Omit<StackEvent, 'timestamp' | 'stackName'>): void =>
    options.onEvent?.({ timestamp: new Date(), stackName, ...event });
  const stackEvent = (status: string, reason?: string): void =>
    emit({ logicalId: stackName, resourceType: 'AWS::CloudFormation::Stack', status, physicalId: stackId, reason });
  const verb = previous === undefined ? 'CREATE' : 'UPDATE';
  /** Claims the resource's name (if the template names it) for the create, and gives it back if the create fails. */
  const createNamed = async <T>(
    request: {
      readonly logicalId: string;
      readonly resourceType: string;
      readonly properties: Record<string, unknown>;
    },
    create: () => Promise<T>,
  ): Promise<T> => {
    const name = NameRegistry.nameOf(request.resourceType, request.properties);
    if (options.names === undefined || name === undefined) return create();
    const owner = nameOwner(options, stackId, request.logicalId);
    options.names.claim(request.resourceType, name, owner);
    try {
      return await create();
    } catch (error) {
      options.names.release(request.resourceType, name, owner);
      throw error;
    }
  };
  const parameters = templateParameters(options, stackId);
  const conditions = evaluateConditions(template, parameters);
  checkRules(template, parameters, conditions);

  const current = new Map<string, DeployedResource>(previous?.resources ?? []);
  const context: ResolutionContext = {
    template,
    parameters,
    condition: (name) => {
      if (!(name in conditions)) throw new TemplateError(`condition ${name} is not defined in the template`);
      return conditions[name] === true;
    },
    resource: (logicalId) => {
      const resource = current.get(logicalId);
      return resource === undefined ? undefined : { ref: resource.physicalId, attributes: resource.attributes };
    },
    ...(options.importValue === undefined ? {} : { importValue: options.importValue }),
  };
  const included = Object.entries(template.Resources).filter(
    ([, resource]) => resource.Condition === undefined || conditions[resource.Condition] === true,
  );
  const order = deploymentOrder(Object.fromEntries(included));
  const actions: DeployAction[] = [];
  const retired: { logicalId: string; resource: DeployedResource }[] = [];
  // AWS gives both the create's and the update's start this reason (LocalStack's aws.validated snapshots).
  stackEvent(`${verb}_IN_PROGRESS`, 'User Initiated');
  let failed: { logicalId: string; reason: string; cause: unknown } | undefined;
  const notes: DeployNote[] = [];
  /** CloudFormation's schema check, then the lab's own: what it refuses, and what it only notes. */
  // Each returns the resource's notes as the reason of its *_COMPLETE event, so the CDK CLI, which
  // shows an event's ResourceStatusReason, shows them too.
  const admit = (logicalId: string, type: string, properties: Readonly<Record<string, unknown>>): NoteReason => {
    if (options.validateProperties !== false) {
      const failures = propertyFailures(type, properties);
      if (failures.length > 0) throw new PropertiesValidationError(logicalId, failures);
    }
    const resourceNotes = notesFor(type, providers.providerFor(type).properties, properties);
    notes.push(...resourceNotes);
    return noteReason(resourceNotes);
  };
  for (const logicalId of order) {
    const definition = template.Resources[logicalId];
    if (definition === undefined) continue;
    const type = definition.Type;
    try {
      const provider = providers.providerFor(type);
      const properties = (resolveValue(definition.Properties ?? {}, context) ?? {}) as Record<string, unknown>;
      const before = current.get(logicalId);
      const request = { stackName, logicalId, resourceType: type, properties };
      if (before === undefined || before.type !== type) {
        const noted = admit(logicalId, type, properties);
        emit({
          logicalId,
          resourceType: type,
          status: before === undefined ? 'CREATE_IN_PROGRESS' : 'UPDATE_IN_PROGRESS',
        });
        const created = await createNamed(request, () => provider.create(request));
        current.set(logicalId, { ...created, type, properties, deletionPolicy: definition.DeletionPolicy });
        if (before !== undefined) retired.push({ logicalId, resource: before });
        actions.push({ kind: before === undefined ? 'created' : 'replaced', logicalId });
        emit({
          logicalId,
          resourceType: type,
          status: before === undefined ? 'CREATE_COMPLETE' : 'UPDATE_COMPLETE',
          physicalId: created.physicalId,
          ...noted,
        });
        continue;
      }
      if (JSON.stringify(before.properties) === JSON.stringify(properties)) {
        notes.push(...notesFor(type, provider.properties, properties));
        continue;
      }
      const noted = admit(logicalId, type, properties);
      emit({ logicalId, resourceType: type, status: 'UPDATE_IN_PROGRESS', physicalId: before.physicalId });
      if (provider.requiresReplacement?.(before.properties, properties) === true) {
        emit({
          logicalId,
          resourceType: type,
          status: 'UPDATE_IN_PROGRESS',
          reason: 'Requested update requires the creation of a new physical resource; hence creating one.',
        });
        const created = await createNamed(request, () => provider.create(request));
        current.set(logicalId, { ...created, type, properties, deletionPolicy: definition.DeletionPolicy });
        retired.push({ logicalId, resource: before });
        actions.push({ kind: 'replaced', logicalId });
        emit({ logicalId, resourceType: type, status: 'UPDATE_COMPLETE', physicalId: created.physicalId, ...noted });
        continue;
      }
      const updated = await provider.update({ ...request, previous: before });
      current.set(logicalId, { ...updated, type, properties, deletionPolicy: definition.DeletionPolicy });
      // A new physical id from an update (a custom resource may answer one) retires the old one.
      if (updated.physicalId !== before.physicalId) retired.push({ logicalId, resource: before });
      actions.push({ kind: 'updated', logicalId });
      emit({ logicalId, resourceType: type, status: 'UPDATE_COMPLETE', physicalId: updated.physicalId, ...noted });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      failed = { logicalId, reason, cause: error };
      emit({ logicalId, resourceType: type, status: `${verb}_FAILED`, reason });
      break;
    }
  }

  if (failed !== undefined) {
    const status: string = await rollBack({
      options,
      stackId,
      previous,
      current,
      actions,
      retired,
      emit,
      stackEvent,
      failedLogicalId: failed.logicalId,
    });
    // A rollback that could not undo everything leaves the stack holding what is left.
    if (status.endsWith('_FAILED')) options.onRollbackFailed?.(current);
    throw new StackOperationFailedError(
      `${stackName} ${status}: ${failed.logicalId} failed: ${failed.reason}`,
      status,
      failed.logicalId,
      failed.reason,
      { cause: failed.cause },
    );
  }

  if (previous !== undefined) {
    stackEvent('UPDATE_COMPLETE_CLEANUP_IN_PROGRESS');
    const kept = new Set(order);
    const removed = deploymentOrder(previous.template.Resources)
      .reverse()
      .filter((logicalId) => !kept.has(logicalId) && previous.resources.has(logicalId));
    for (const { logicalId, resource } of retired.reverse()) await deleteQuietly(logicalId, resource);
    for (const logicalId of removed) {
      const resource = current.get(logicalId);
      if (resource === undefined) continue;
      await deleteQuietly(logicalId, resource);
      current.delete(logicalId);
    }
  }
  const { outputs, exports } = resolveOutputs(template, context, conditions);
  stackEvent(`${verb}_COMPLETE`);
  return {
    stackName,
    stackId,
    template,
    resources: current,
    outputs,
    exports,
    status: `${verb}_COMPLETE`,
    notes: mergeNotes(notes),
  };

  async function deleteQuietly(logicalId: string, resource: DeployedResource): Promise<void> {
    await deleteResource({ options, stackId, logicalId, resource, emit }).catch(() => undefined);
  }
}

/** A resource's notes as its event's reason (`{ reason }`), or nothing when it has none. */
type NoteReason = { readonly reason: string } | Record<string, never>;

function noteReason(notes: readonly DeployNote[]): NoteReason {
  if (notes.length === 0) return {};
  return {
    reason: mergeNotes(notes)
      .map(({ properties, note }) => `lab note: ${properties.join(', ')}: ${note.en}`)
      .join('; '),
  };
}

function resolveOutputs(
  template: Template,
  context: ResolutionContext,
  conditions: Record<string, boolean>,
): { outputs: Record<string, string>; exports: Record<string, string> } {
  const outputs: Record<string, string> = {};
  const exports: Record<string, string> = {};
  for (const [key, output] of Object.entries(template.Outputs ?? {})) {
    if (output.Condition !== undefined && conditions[output.Condition] !== true) continue;
    const value = resolveValue(output.Value, context);
    outputs[key] = typeof value === 'string' ? value : JSON.stringify(value);
    if (output.Export !== undefined) exports[key] = String(resolveValue(output.Export.Name, context));
  }
  return { outputs, exports };
}
