/**
 * The resource types of a template, checked when a change set is created, before anything is
 * deployed: a type CloudFormation does not know is refused in its words ("Template format error:
 * Unrecognized resource types: [AWS::SQS::Queu]"); a type AWS knows but the lab does not serve yet
 * is refused then too, naming it, instead of failing halfway through the deploy.
 */
import { ApiValidationError } from '../errors';
import type { ProviderRegistry } from '../resource-provider';
import { evaluateConditions } from '../engine/intrinsic-resolver';
import type { Template, TemplateResource } from '../engine/template';
import { registrySchemas } from '../validation/registry-schemas';

/**
 * Throws {@link ApiValidationError} for a type CloudFormation does not know, anywhere in the
 * template, or for one the lab does not serve among the resources whose condition holds with
 * `parameters` (resolved); the types of resources a false condition leaves out are not deployed.
 */
export function checkResourceTypes(
  template: Template,
  providers: ProviderRegistry,
  parameters: Readonly<Record<string, unknown>>,
): void {
  const typesOf = (resources: readonly TemplateResource[]) =>
    [...new Set(resources.map((resource) => resource.Type))].sort().filter((type) => !servedBy(providers, type));
  const unknown = typesOf(Object.values(template.Resources)).filter(
    (type) => registrySchemas().resource(type) === undefined,
  );
  if (unknown.length > 0)
    throw new ApiValidationError(`Template format error: Unrecognized resource types: [${unknown.join(', ')}]`);
  const unserved = typesOf(deployedResources(template, parameters));
  if (unserved.length > 0)
    throw new ApiValidationError(
      `The lab does not deploy ${unserved.join(', ')} yet: lab.resourceTypes() and lab/docs/fidelity.md list the ${providers.supportedTypes().length} resource types it serves.`,
    );
}

/** The resources whose condition holds (all of them when the conditions cannot be evaluated here). */
function deployedResources(template: Template, parameters: Readonly<Record<string, unknown>>): TemplateResource[] {
  let conditions: Record<string, boolean>;
  try {
    conditions = evaluateConditions(template, parameters);
  } catch {
    return Object.values(template.Resources);
  }
  return Object.values(template.Resources).filter(
    (resource) => resource.Condition === undefined || conditions[resource.Condition] === true,
  );
}

function servedBy(providers: ProviderRegistry, type: string): boolean {
  try {
    providers.providerFor(type);
    return true;
  } catch {
    return false;
  }
}
