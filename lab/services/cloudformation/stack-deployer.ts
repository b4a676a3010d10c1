/**
 * Deploys one stack's template through the resource providers, as CloudFormation does: creates
 * in dependency order; on an update, adds and changes resources in that order, replaces where a
 * provider says a change needs a new resource, then deletes replaced and removed resources at
 * cleanup; on a failure, rolls back (deletes what it created, restores what it changed) and
 * reports the failed resource with the provider's reason. Every step is a {@link StackEvent}.
 */
import { randomUUID } from 'node:crypto';
import { CloudFormationError, PropertiesValidationError, StackOperationFailedError, TemplateError } from './errors';
import { evaluateConditions, type ResolutionContext, resolveValue } from './intrinsic-resolver';
import { NameRegistry, type NameOwner } from './name-registry';
import { type DeployNote, mergeNotes, notesFor } from './property-coverage';
import { propertyFailures } from './property-validator';
import type { ProviderRegistry, ProvisionedResource } from './resource-provider';
import { dependenciesOf, type Template } from './template';

/** One line of a stack's event log. */
export interface StackEvent {
  readonly timestamp: Date;
  readonly stackName: string;
  readonly logicalId: string;
  readonly resourceType: string;
  readonly status: string;
  readonly physicalId?: string;
  readonly reason?: string;
}

/** A resource as deployed. */
export interface DeployedResource extends ProvisionedResource {
  readonly type: string;
  /** Its properties with every intrinsic resolved, as last applied. */
  readonly properties: Readonly<Record<string, unknown>>;
  readonly deletionPolicy?: string;
}

/** A stack as deployed: what the next update starts from. */
export interface DeployedStack {
  readonly stackName: string;
  readonly stackId: string;
  readonly template: Template;
  readonly resources: ReadonlyMap<string, DeployedResource>;
  /** Resolved outputs, by key. */
  readonly outputs: Readonly<Record<string, string>>;
  readonly status: string;
  /** The lab notes of the properties this deploy accepted without emulating them, each note once. */
  readonly notes: readonly DeployNote[];
}

/** The account and region the stack deploys to. */
export interface DeployTarget {
  readonly accountId: string;
  readonly region: string;
}

export interface DeployStackOptions {
  readonly stackName: string;
  readonly template: Template;
  readonly providers: ProviderRegistry;
  readonly target: DeployTarget;
  /** The stack as it is now; absent for a create. */
  readonly previous?: DeployedStack;
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
}

type Action = { kind: 'created' | 'replaced'; logicalId: string } | { kind: 'updated'; logicalId: string };

/** Creates or updates a stack. Throws {@link StackOperationFailedError} after rolling back. */
export async function deployStack(options: DeployStackOptions): Promise<DeployedStack> {
  const { stackName, template, providers, previous } = options;
  const stackId =
    previous?.stackId ??
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
  };
  const included = Object.entries(template.Resources).filter(
    ([, resource]) => resource.Condition === undefined || conditions[resource.Condition] === true,
  );
  const order = deploymentOrder(Object.fromEntries(included));
  const actions: Action[] = [];
  const retired: { logicalId: string; resource: DeployedResource }[] = [];
  stackEvent(`${verb}_IN_PROGRESS`, previous === undefined ? 'User Initiated' : undefined);
  let failed: { logicalId: string; reason: string; cause: unknown } | undefined;
  const notes: DeployNote[] = [];
  /** CloudFormation's schema check, then the lab's own: what it refuses, and what it only notes. */
  const admit = (logicalId: string, type: string, properties: Readonly<Record<string, unknown>>): void => {
    if (options.validateProperties !== false) {
      const failures = propertyFailures(type, properties);
      if (failures.length > 0) throw new PropertiesValidationError(logicalId, failures);
    }
    notes.push(...notesFor(type, providers.providerFor(type).properties, properties));
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
        admit(logicalId, type, properties);
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
        });
        continue;
      }
      if (JSON.stringify(before.properties) === JSON.stringify(properties)) {
        notes.push(...notesFor(type, provider.properties, properties));
        continue;
      }
      admit(logicalId, type, properties);
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
        emit({ logicalId, resourceType: type, status: 'UPDATE_COMPLETE', physicalId: created.physicalId });
        continue;
      }
      const updated = await provider.update({ ...request, previous: before });
      current.set(logicalId, { ...updated, type, properties, deletionPolicy: definition.DeletionPolicy });
      // A new physical id from an update (a custom resource may answer one) retires the old one.
      if (updated.physicalId !== before.physicalId) retired.push({ logicalId, resource: before });
      actions.push({ kind: 'updated', logicalId });
      emit({ logicalId, resourceType: type, status: 'UPDATE_COMPLETE', physicalId: updated.physicalId });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      failed = { logicalId, reason, cause: error };
      emit({ logicalId, resourceType: type, status: `${verb}_FAILED`, reason });
      break;
    }
  }

  if (failed !== undefined) {
    const status = await rollBack({ options, stackId, previous, current, actions, retired, emit, stackEvent });
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
  const outputs = resolveOutputs(template, context, conditions);
  stackEvent(`${verb}_COMPLETE`);
  return {
    stackName,
    stackId,
    template,
    resources: current,
    outputs,
    status: `${verb}_COMPLETE`,
    notes: mergeNotes(notes),
  };

  async function deleteQuietly(logicalId: string, resource: DeployedResource): Promise<void> {
    await deleteResource({ options, stackId, logicalId, resource, emit }).catch(() => undefined);
  }
}

/** Deletes every resource of a stack, in reverse dependency order. */
export async function deleteStack(
  stack: DeployedStack,
  providers: ProviderRegistry,
  onEvent?: (event: StackEvent) => void,
): Promise<void> {
  const emit = (event: Omit<StackEvent, 'timestamp' | 'stackName'>): void =>
    onEvent?.({ timestamp: new Date(), stackName: stack.stackName, ...event });
  emit({ logicalId: stack.stackName, resourceType: 'AWS::CloudFormation::Stack', status: 'DELETE_IN_PROGRESS' });
  const options = { stackName: stack.stackName, providers };
  for (const logicalId of deploymentOrder(stack.template.Resources).reverse()) {
    const resource = stack.resources.get(logicalId);
    if (resource !== undefined)
      await deleteResource({ options, stackId: stack.stackId, logicalId, resource, emit }).catch(() => undefined);
  }
  emit({ logicalId: stack.stackName, resourceType: 'AWS::CloudFormation::Stack', status: 'DELETE_COMPLETE' });
}

/** Logical ids in an order where every resource comes after what it references or DependsOn. */
export function deploymentOrder(resources: Template['Resources']): string[] {
  const ids = new Set(Object.keys(resources));
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string, path: readonly string[]): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting')
      throw new TemplateError(`circular dependency between resources: ${[...path, id].join(' → ')}`);
    state.set(id, 'visiting');
    const resource = resources[id];
    if (resource !== undefined) {
      for (const dependency of [...dependenciesOf(resource, ids)].sort()) {
        if (!ids.has(dependency))
          throw new TemplateError(`${id} depends on ${dependency}, which is not a resource of the template`);
        visit(dependency, [...path, id]);
      }
    }
    state.set(id, 'done');
    ordered.push(id);
  };
  for (const id of Object.keys(resources)) visit(id, []);
  return ordered;
}

async function rollBack(run: {
  options: DeployStackOptions;
  stackId: string;
  previous: DeployedStack | undefined;
  current: Map<string, DeployedResource>;
  actions: readonly Action[];
  retired: readonly { logicalId: string; resource: DeployedResource }[];
  emit: (event: Omit<StackEvent, 'timestamp' | 'stackName'>) => void;
  stackEvent: (status: string, reason?: string) => void;
}): Promise<string> {
  const { options, previous, current, emit, stackEvent } = run;
  const prefix = previous === undefined ? 'ROLLBACK' : 'UPDATE_ROLLBACK';
  stackEvent(`${prefix}_IN_PROGRESS`, 'The following resource(s) failed. Rollback requested by user.');
  for (const action of [...run.actions].reverse()) {
    const now = current.get(action.logicalId);
    if (now === undefined) continue;
    if (action.kind === 'updated') {
      const before = previous?.resources.get(action.logicalId);
      if (before === undefined) continue;
      emit({ logicalId: action.logicalId, resourceType: now.type, status: 'UPDATE_IN_PROGRESS' });
      try {
        const provider = options.providers.providerFor(now.type);
        const restored = await provider.update({
          stackName: options.stackName,
          logicalId: action.logicalId,
          resourceType: now.type,
          properties: before.properties,
          previous: now,
        });
        current.set(action.logicalId, { ...before, ...restored, properties: before.properties });
        emit({ logicalId: action.logicalId, resourceType: now.type, status: 'UPDATE_COMPLETE' });
      } catch (error) {
        emit({ logicalId: action.logicalId, resourceType: now.type, status: 'UPDATE_FAILED', reason: String(error) });
      }
    } else {
      await deleteResource({ options, stackId: run.stackId, logicalId: action.logicalId, resource: now, emit }).catch(
        () => undefined,
      );
    }
  }
  stackEvent(`${prefix}_COMPLETE`);
  return `${prefix}_COMPLETE`;
}

/** Who holds a resource's name: the stack's account and region, the stack, the logical id. */
function nameOwner(options: Pick<DeployStackOptions, 'target'>, stackId: string, logicalId: string): NameOwner {
  return { accountId: options.target.accountId, region: options.target.region, stackId, logicalId };
}

async function deleteResource(run: {
  options: Pick<DeployStackOptions, 'stackName' | 'providers'> & Partial<Pick<DeployStackOptions, 'names' | 'target'>>;
  stackId: string;
  logicalId: string;
  resource: DeployedResource;
  emit: (event: Omit<StackEvent, 'timestamp' | 'stackName'>) => void;
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

function templateParameters(options: DeployStackOptions, stackId: string): Record<string, unknown> {
  const { target } = options;
  const values: Record<string, unknown> = {
    'AWS::AccountId': target.accountId,
    'AWS::Region': target.region,
    'AWS::Partition': 'aws',
    'AWS::URLSuffix': 'amazonaws.com',
    'AWS::StackName': options.stackName,
    'AWS::StackId': stackId,
    'AWS::NotificationARNs': [],
  };
  for (const [name, parameter] of Object.entries(options.template.Parameters ?? {})) {
    const given = options.parameters?.[name];
    if (given !== undefined) values[name] = given;
    else if (parameter.Type.startsWith('AWS::SSM::Parameter::Value<') && typeof parameter.Default === 'string') {
      const stored = options.parameters?.[parameter.Default];
      if (stored === undefined)
        throw new TemplateError(
          `parameter ${name} reads SSM parameter ${parameter.Default}, which the lab does not have`,
        );
      values[name] = stored;
    } else if (parameter.Default !== undefined) values[name] = parameter.Default;
    else throw new TemplateError(`parameter ${name} has no value and no default`);
  }
  return values;
}

function checkRules(
  template: Template,
  parameters: Record<string, unknown>,
  conditions: Record<string, boolean>,
): void {
  const context: ResolutionContext = {
    template,
    parameters,
    resource: () => undefined,
    condition: (name) => conditions[name] === true,
  };
  for (const [name, rule] of Object.entries(template.Rules ?? {})) {
    if (rule.RuleCondition !== undefined && resolveValue(rule.RuleCondition, context) !== true) continue;
    for (const assertion of rule.Assertions) {
      if (resolveValue(assertion.Assert, context) !== true)
        throw new CloudFormationError(`rule ${name} failed: ${assertion.AssertDescription ?? 'assertion is false'}`);
    }
  }
}

function resolveOutputs(
  template: Template,
  context: ResolutionContext,
  conditions: Record<string, boolean>,
): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const [key, output] of Object.entries(template.Outputs ?? {})) {
    if (output.Condition !== undefined && conditions[output.Condition] !== true) continue;
    const value = resolveValue(output.Value, context);
    outputs[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return outputs;
}
