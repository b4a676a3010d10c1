import { describe, expect, it } from 'vitest';
import { InvalidTopologyError } from '#lib/errors';
import { batchPartialTopology, type StackTopology, visibilityDupTopology } from '#lib/topology';
import { validateTopology } from '#lib/validate-topology';

/** The Step 7 topology with one part replaced, to break one rule at a time. */
function brokenVisibilityDup(change: (topology: StackTopology) => Partial<StackTopology>): StackTopology {
  const topology = visibilityDupTopology();
  return { ...topology, ...change(topology) };
}

describe('validateTopology', () => {
  it('accepts both shipped topologies, with every batch size the context allows', () => {
    expect(() => validateTopology(visibilityDupTopology())).not.toThrow();
    for (let batchSize = 1; batchSize <= 10; batchSize += 1) {
      expect(() => validateTopology(batchPartialTopology({ batchSize, reportBatchItemFailures: false }))).not.toThrow();
    }
  });

  it('refuses a queue created below its consumer timeout, since Lambda would refuse the mapping', () => {
    const topology = brokenVisibilityDup(({ queues }) => ({
      queues: queues.map(({ createVisibilityTimeoutSeconds: _dropped, ...queue }) => queue),
    }));
    expect(() => validateTopology(topology)).toThrow(InvalidTopologyError);
    expect(() => validateTopology(topology)).toThrow(
      /ShortVTQueue would be created with a 5 s visibility timeout, below the 30 s timeout of Worker/,
    );
  });

  it('refuses a DLQ that keeps messages no longer than its source queue', () => {
    const topology = brokenVisibilityDup(({ queues }) => ({
      queues: queues.map((queue) => (queue.id === 'ShortVTDlq' ? { ...queue, retentionSeconds: 60 } : queue)),
    }));
    expect(() => validateTopology(topology)).toThrow(/dead-letter queue ShortVTDlq must keep messages longer/);
  });

  it('refuses a binding to a table that does not exist', () => {
    const topology = brokenVisibilityDup(() => ({ tables: [] }));
    expect(() => validateTopology(topology)).toThrow(/Worker.TABLE_NAME names table IdemTable/);
  });

  it('refuses a batch size above 10', () => {
    expect(() => validateTopology(batchPartialTopology({ batchSize: 11, reportBatchItemFailures: true }))).toThrow(
      /batch size of Worker must be an integer from 1 to 10, got 11/,
    );
  });

  it('refuses duplicate ids', () => {
    const topology = brokenVisibilityDup(({ functions }) => ({ functions: [...functions, ...functions] }));
    expect(() => validateTopology(topology)).toThrow(/function id Producer is defined twice/);
  });
});
