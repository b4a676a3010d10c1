/**
 * What a change set would do, resource by resource, as DescribeChangeSet lists it: `Add` for a
 * logical id the deployed template lacks, `Remove` for one the new template drops, `Modify`
 * where the definition differs or a parameter it refers to changes value, with `Replacement`
 * `True` (a new type, or the provider says the change needs a new resource), `False`, or
 * `Conditional` when the new properties cannot be resolved before the deploy. Shapes:
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_ResourceChange.html
 */
import type { DeployedStack, DeployTarget } from '../engine/deployed-stack';
import { evaluateConditions, type ResolutionContext, resolveValue } from '../engine/intrinsic-resolver';
import type { ProviderRegistry } from '../resource-provider';
import type { ResourceChangeRecord } from './stack-records';
import { templateParameters } from '../engine/template-parameters';
import type { Template, TemplateResource } from '../engine/template';

/** The two sides of a change set. */
export interface ChangeSetSides {
  readonly stackName: string;
  readonly stackId: string;
  readonly target: DeployTarget;
  /** The stack as deployed (absent for a create). */
  readonly deployed?: DeployedStack;
  readonly previousParameters: Readonly<Record<string, string>>;
  readonly template: Template;
  /** The parameter values the new template deploys with (the service's own included). */
  readonly parameters: Readonly<Record<string, string>>;
  readonly providers: ProviderRegistry;
}

/** The resource changes from the deployed stack to the new template. */
export function resourceChanges(sides: ChangeSetSides): ResourceChangeRecord[] {
  // What is deployed (a resource whose condition was false is not), against what would be.
  const deployedTemplate = sides.deployed?.template.Resources ?? {};
  const before = Object.fromEntries(
    Object.entries(deployedTemplate).filter(([logicalId]) => sides.deployed?.resources.has(logicalId) === true),
  );
  const after = includedResources(sides);
  const changedParameters = new Set(
    Object.keys(sides.template.Parameters ?? {}).filter(
      (name) => sides.deployed !== undefined && sides.previousParameters[name] !== sides.parameters[name],
    ),
  );
  const changes: ResourceChangeRecord[] = [];
  for (const [logicalId, resource] of Object.entries(after)) {
    const previous = before[logicalId];
    if (previous === undefined) {
      changes.push({ action: 'Add', logicalId, resourceType: resource.Type, details: [] });
      continue;
    }
    const changedNames = changedProperties(previous, resource, changedParameters);
    const otherwiseChanged =
      JSON.stringify(withoutProperties(previous)) !== JSON.stringify(withoutProperties(resource));
    if (changedNames.length === 0 && !otherwiseChanged) continue;
    const physicalId = sides.deployed?.resources.get(logicalId)?.physicalId;
    const replacement = previous.Type !== resource.Type ? 'True' : replacementOf(sides, logicalId, resource);
    const recreation = replacement === 'True' ? 'Always' : replacement === 'False' ? 'Never' : 'Conditionally';
    changes.push({
      action: 'Modify',
      logicalId,
      resourceType: resource.Type,
      replacement,
      ...(physicalId === undefined ? {} : { physicalId }),
      details: changedNames.map((name) => ({ name, requiresRecreation: recreation })),
    });
  }
  for (const [logicalId, resource] of Object.entries(before)) {
    if (logicalId in after) continue;
    const physicalId = sides.deployed?.resources.get(logicalId)?.physicalId;
    changes.push({
      action: 'Remove',
      logicalId,
      resourceType: resource.Type,
      ...(physicalId === undefined ? {} : { physicalId }),
      details: [],
    });
  }
  return changes;
}

/** The new template's resources whose condition holds (all of them when the conditions cannot be evaluated yet). */
function includedResources(sides: ChangeSetSides): Record<string, TemplateResource> {
  let conditions: Record<string, boolean>;
  try {
    conditions = evaluateConditions(sides.template, parametersOf(sides));
  } catch {
    return sides.template.Resources;
  }
  return Object.fromEntries(
    Object.entries(sides.template.Resources).filter(
      ([, resource]) => resource.Condition === undefined || conditions[resource.Condition] === true,
    ),
  );
}

function parametersOf(sides: ChangeSetSides): Record<string, unknown> {
  return templateParameters(
    { stackName: sides.stackName, template: sides.template, target: sides.target, parameters: sides.parameters },
    sides.stackId,
  );
}

/** Top-level property names whose definition differs, or that refer to a changed parameter. */
function changedProperties(
  before: TemplateResource,
  after: TemplateResource,
  changedParameters: ReadonlySet<string>,
): string[] {
  const names = new Set([...Object.keys(before.Properties ?? {}), ...Object.keys(after.Properties ?? {})]);
  return [...names].filter((name) => {
    const next = after.Properties?.[name];
    if (JSON.stringify(before.Properties?.[name]) !== JSON.stringify(next)) return true;
    return [...changedParameters].some((parameter) => refersTo(next, parameter));
  });
}

function withoutProperties(resource: TemplateResource): Omit<TemplateResource, 'Properties'> {
  const { Properties: _properties, ...rest } = resource;
  return rest;
}

/** Whether `value` refers to parameter `name` (Ref, or `${name}` in a Sub). */
function refersTo(value: unknown, name: string): boolean {
  if (Array.isArray(value)) return value.some((item) => refersTo(item, name));
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => {
    if (key === 'Ref') return inner === name;
    if (key === 'Fn::Sub') {
      const text: unknown = Array.isArray(inner) ? inner[0] : inner;
      if (typeof text === 'string' && text.includes(`\${${name}}`)) return true;
    }
    return refersTo(inner, name);
  });
}

/** Whether the provider replaces the resource for this change; `Conditional` when the change cannot be resolved yet. */
function replacementOf(
  sides: ChangeSetSides,
  logicalId: string,
  resource: TemplateResource,
): 'True' | 'False' | 'Conditional' {
  const deployed = sides.deployed?.resources.get(logicalId);
  if (deployed === undefined) return 'Conditional';
  try {
    const provider = sides.providers.providerFor(resource.Type);
    if (provider.requiresReplacement === undefined) return 'False';
    const parameters = parametersOf(sides);
    const conditions = evaluateConditions(sides.template, parameters);
    const context: ResolutionContext = {
      template: sides.template,
      parameters,
      condition: (name) => conditions[name] === true,
      resource: (id) => {
        const found = sides.deployed?.resources.get(id);
        return found === undefined ? undefined : { ref: found.physicalId, attributes: found.attributes };
      },
    };
    const properties = (resolveValue(resource.Properties ?? {}, context) ?? {}) as Record<string, unknown>;
    return provider.requiresReplacement(deployed.properties, properties) ? 'True' : 'False';
  } catch {
    return 'Conditional';
  }
}
