/**
 * What a service offers the CloudFormation stand-in for each resource type it emulates: create,
 * update and delete, the way CloudFormation's own resource handlers do. Providers live beside
 * their service (`lab/services/sqs/resource-providers/…`); {@link ProviderRegistry} finds them.
 */
import { UnsupportedResourceTypeError } from './errors';
import type { PropertyCoverage } from './validation/property-coverage';

/** A resource as a provider created it. */
export interface ProvisionedResource {
  /** What `Ref` returns (the queue URL, the function name, …). */
  readonly physicalId: string;
  /** What `Fn::GetAtt` returns. */
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** What every provider call receives. */
export interface ProviderRequest {
  readonly stackName: string;
  readonly logicalId: string;
  readonly resourceType: string;
  /** Properties with every intrinsic resolved. */
  readonly properties: Readonly<Record<string, unknown>>;
}

/** An update: the new properties, and what the resource had. */
export interface ProviderUpdateRequest extends ProviderRequest {
  readonly previous: ProvisionedResource & { readonly properties: Readonly<Record<string, unknown>> };
}

/** A delete of what a provider created. */
export interface ProviderDeleteRequest extends ProviderRequest {
  readonly resource: ProvisionedResource;
}

/** Create, update and delete for one resource type (or a family, such as `Custom::*`). */
export interface ResourceProvider {
  /** `AWS::SQS::Queue`; or a prefix ending in `*` (`Custom::*`). */
  readonly type: string;
  /** Which properties of the type the provider emulates, accepts with a note, or refuses. */
  readonly properties: PropertyCoverage;
  create(request: ProviderRequest): Promise<ProvisionedResource>;
  /** Applies a change in place; returns the resource as it now is (a new physical id replaces it). */
  update(request: ProviderUpdateRequest): Promise<ProvisionedResource>;
  delete(request: ProviderDeleteRequest): Promise<void>;
  /**
   * Whether the change needs a new resource (CloudFormation's "Replacement: True"): the engine
   * then creates the new one, points references at it and deletes the old one at cleanup.
   */
  requiresReplacement?(previous: Readonly<Record<string, unknown>>, next: Readonly<Record<string, unknown>>): boolean;
}

/** The providers of a lab, by type. */
export class ProviderRegistry {
  private readonly providers = new Map<string, ResourceProvider>();

  constructor(providers: readonly ResourceProvider[] = []) {
    for (const provider of providers) this.register(provider);
  }

  register(provider: ResourceProvider): void {
    this.providers.set(provider.type, provider);
  }

  /** The provider of `type`, or an error naming it and the supported types. */
  providerFor(type: string): ResourceProvider {
    const exact = this.providers.get(type);
    if (exact !== undefined) return exact;
    for (const [pattern, provider] of this.providers) {
      if (pattern.endsWith('*') && type.startsWith(pattern.slice(0, -1))) return provider;
    }
    if (type === 'AWS::CloudFormation::CustomResource') {
      const custom = this.providers.get('Custom::*');
      if (custom !== undefined) return custom;
    }
    throw new UnsupportedResourceTypeError(
      `The lab cannot deploy ${type}; it supports ${this.supportedTypes().join(', ')}.`,
    );
  }

  /** Every supported type, sorted. */
  supportedTypes(): string[] {
    return [...this.providers.keys()].sort();
  }

  /** Every supported type, sorted, with what its provider emulates, notes or refuses. */
  coverage(): ReadonlyMap<string, PropertyCoverage> {
    return new Map(this.supportedTypes().map((type) => [type, this.providerFor(type).properties]));
  }
}

/** Whether any of `names` differs between two property sets. */
export function changedAny(
  names: readonly string[],
  previous: Readonly<Record<string, unknown>>,
  next: Readonly<Record<string, unknown>>,
): boolean {
  return names.some((name) => JSON.stringify(previous[name]) !== JSON.stringify(next[name]));
}
