/**
 * The two stacks with their workers swapped for the Powertools versions, so the lab can run
 * them on the same queues, mapping and table as the project's workers. Powertools keys its
 * idempotency records by `id`, so Step 7's table is keyed `id` here.
 */
import { batchPartialTopology, type StackTopology, visibilityDupTopology } from '../../lib/topology';

const ENTRIES = {
  VisibilityDupStack: 'bench/powertools/visibility-dup-worker.ts',
  BatchPartialStack: 'bench/powertools/batch-partial-worker.ts',
} as const;

function withPowertoolsWorker(topology: StackTopology): StackTopology {
  return {
    ...topology,
    tables: topology.tables.map((table) => ({ ...table, partitionKey: 'id' })),
    functions: topology.functions.map((spec) =>
      spec.id === 'Worker' ? { ...spec, entry: ENTRIES[topology.stackName] } : spec,
    ),
  };
}

/** Both stacks, each with its Powertools worker. */
export function powertoolsTopologies(): StackTopology[] {
  return [withPowertoolsWorker(visibilityDupTopology()), withPowertoolsWorker(batchPartialTopology())];
}
