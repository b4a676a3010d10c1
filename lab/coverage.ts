/**
 * What the lab's CloudFormation knows of each resource type, for a report: which properties each
 * provider emulates, notes or refuses, and the registry schemas it checks them against. The
 * package's `@sqs-lab/lab/coverage` entry; scripts/property-coverage-doc.ts writes its table.
 */
export { DEPLOYED_TYPE_COVERAGE } from './app/deployed-type-coverage';
export { labNote, mergeNotes } from './services/cloudformation/validation/property-coverage';
export type {
  DeployNote,
  LabNote,
  PropertyCoverage,
  ProviderNoteKey,
} from './services/cloudformation/validation/property-coverage';
export { registrySchemas } from './services/cloudformation/validation/registry-schemas';
export { resourceSchemas } from './services/cloudformation/validation/resource-schemas';
