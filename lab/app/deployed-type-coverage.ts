/**
 * The property coverage of every resource type the lab deploys, as each provider declares it
 * beside its code, read from the one list the lab's registry is made from (LAB_PROVIDERS in
 * lab-provider-registry.ts): for the coverage tests and lab/docs/fidelity.md. It lives here, above the
 * services, so that cloudformation/ imports no service's providers.
 */
import type { PropertyCoverage } from '../services/cloudformation/validation/property-coverage';
import { LAB_PROVIDERS } from './lab-providers';

/** Resource type (custom resources under their registry name) → its provider's coverage, by type name. */
export const DEPLOYED_TYPE_COVERAGE: Readonly<Record<string, PropertyCoverage>> = Object.fromEntries(
  LAB_PROVIDERS.flatMap((entry) => Object.entries(entry.coverage)).sort(([a], [b]) => a.localeCompare(b)),
);
