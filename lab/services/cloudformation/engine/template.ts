/** The parts of a CloudFormation template the stand-in reads. */

/** One resource of a template. */
export interface TemplateResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly DependsOn?: string | readonly string[];
  readonly Condition?: string;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
  readonly Metadata?: Record<string, unknown>;
}

/** A template parameter. */
export interface TemplateParameter {
  readonly Type: string;
  readonly Default?: unknown;
  readonly Description?: string;
  readonly NoEcho?: boolean | string;
}

/** A rule (CDK renders `CheckBootstrapVersion`). */
export interface TemplateRule {
  readonly RuleCondition?: unknown;
  readonly Assertions: readonly { readonly Assert: unknown; readonly AssertDescription?: string }[];
}

/** A CloudFormation template. */
export interface Template {
  readonly Description?: string;
  readonly Transform?: unknown;
  readonly Parameters?: Record<string, TemplateParameter>;
  readonly Conditions?: Record<string, unknown>;
  readonly Rules?: Record<string, TemplateRule>;
  readonly Mappings?: Record<string, Record<string, Record<string, unknown>>>;
  readonly Resources: Record<string, TemplateResource>;
  readonly Outputs?: Record<
    string,
    {
      readonly Value: unknown;
      readonly Condition?: string;
      readonly Description?: string;
      readonly Export?: { readonly Name: unknown };
    }
  >;
}

/** The logical ids a resource depends on: `DependsOn` plus every Ref / GetAtt / Sub reference. */
export function dependenciesOf(resource: TemplateResource, resourceIds: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const dependsOn = resource.DependsOn === undefined ? [] : [resource.DependsOn].flat();
  for (const id of dependsOn) found.add(id);
  collectReferences(resource.Properties, resourceIds, found);
  return found;
}

/** Adds every resource the value references to `found`. */
export function collectReferences(value: unknown, resourceIds: ReadonlySet<string>, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, resourceIds, found);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'Ref' && typeof inner === 'string' && resourceIds.has(inner)) found.add(inner);
    else if (key === 'Fn::GetAtt') {
      const target = Array.isArray(inner) ? inner[0] : typeof inner === 'string' ? inner.split('.')[0] : undefined;
      if (typeof target === 'string' && resourceIds.has(target)) found.add(target);
    } else if (key === 'Fn::Sub') {
      const text = Array.isArray(inner) ? inner[0] : inner;
      if (typeof text === 'string') {
        for (const match of text.matchAll(/\$\{([^!}][^}]*)\}/g)) {
          const target = (match[1] ?? '').split('.')[0] ?? '';
          if (resourceIds.has(target)) found.add(target);
        }
      }
      if (Array.isArray(inner)) collectReferences(inner[1], resourceIds, found);
    } else collectReferences(inner, resourceIds, found);
  }
}
