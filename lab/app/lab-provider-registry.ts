/**
 * The lab's resource-provider registry, made from the one list of what the lab deploys
 * (LAB_PROVIDERS, lab-providers.ts): each entry must make exactly the types it declares, with the
 * declarations it declares, or the lab does not start.
 */
import { ProviderRegistry, type ResourceProvider } from '../services/cloudformation/resource-provider';
import type { LabServices } from './lab-services';
import { labSqsIntegrationBackend } from './lab-sqs-integration-backend';
import type { LabDeployContext, LabProviderSettings } from './lab-deploy-context';
import { LAB_PROVIDERS, type ProviderEntry, type ProviderInputs } from './lab-providers';

/** Raised when an entry makes a provider its coverage does not declare, or declares it otherwise. */
export class ProviderEntryMismatchError extends Error {
  override readonly name = 'ProviderEntryMismatchError';
}

/** The type a provider answers for, as the coverage names it (custom resources under their registry name). */
function coverageTypeOf(provider: ResourceProvider): string {
  return provider.type === 'Custom::*' ? 'AWS::CloudFormation::CustomResource' : provider.type;
}

/** The providers of every type the lab deploys, on `services`, made from {@link LAB_PROVIDERS}. */
export function labProviderRegistry(
  services: LabServices,
  context: LabDeployContext,
  settings: LabProviderSettings,
): ProviderRegistry {
  const inputs: ProviderInputs = {
    services,
    context,
    settings,
    sqsIntegration: labSqsIntegrationBackend({ sqs: services.sqs.client, iam: services.iam }),
  };
  return new ProviderRegistry(providersOf(LAB_PROVIDERS, inputs));
}

/**
 * The providers `entries` make on `inputs`, each entry held to its declaration: exactly the types
 * it declares, each with the declaration it declares ({@link ProviderEntryMismatchError} otherwise).
 */
export function providersOf(entries: readonly ProviderEntry[], inputs: ProviderInputs): ResourceProvider[] {
  return entries.flatMap((entry) => {
    const made = entry.make(inputs);
    const declared = Object.keys(entry.coverage);
    const mismatched =
      made.length !== declared.length ||
      made.some((provider) => entry.coverage[coverageTypeOf(provider)] !== provider.properties);
    if (mismatched)
      throw new ProviderEntryMismatchError(
        `a provider entry declares ${declared.join(', ')} but makes ${made.map(coverageTypeOf).join(', ')}, or another declaration`,
      );
    return made;
  });
}
