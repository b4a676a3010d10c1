import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAPPING_MAX_CONCURRENCY } from '../../lib/settings';
import { batchPartialTopology, type StackTopology } from '../../lib/topology';
import { TopologyStack } from '../../lib/topology-stack';
import { dependsOn, labApp, logicalId, must, renderIntrinsic, resourcesOfType } from './support';

/**
 * The window is driven by the topology, not by VisibilityDupStack: give BatchQueue a
 * creation timeout and it gets the same treatment.
 */
function withWindow(topology: StackTopology = batchPartialTopology()): StackTopology {
  return {
    ...topology,
    queues: topology.queues.map((queue) =>
      queue.id === 'BatchQueue' ? { ...queue, visibilityTimeoutSeconds: 2, createVisibilityTimeoutSeconds: 20 } : queue,
    ),
  };
}

interface Call {
  parameters: { QueueUrl: string; Attributes: Record<string, string> };
  physicalResourceId: { id: string };
}

function stepsOf(template: Template): { raise: [string, Call]; lower: [string, Call] } {
  const found = Object.entries(resourcesOfType(template, 'Custom::AWS'));
  const step = (name: string): [string, Call] => {
    const entry = found.find(([id]) => id.startsWith(`BatchQueueVisibilityTimeout${name}`));
    if (entry === undefined) throw new Error(`no ${name} step`);
    return [entry[0], JSON.parse(renderIntrinsic(entry[1].Properties?.Create)) as Call];
  };
  return { raise: step('Raise'), lower: step('Lower') };
}

/** The physical ids of both steps for a topology: a change means CloudFormation sends them an Update. */
function physicalIds(topology: StackTopology): { raise: string; lower: string } {
  const { raise, lower } = stepsOf(Template.fromStack(new TopologyStack(labApp({ bundle: false }), 'S', { topology })));
  return { raise: raise[1].physicalResourceId.id, lower: lower[1].physicalResourceId.id };
}

function mapQueue(topology: StackTopology, id: string, change: object): StackTopology {
  return { ...topology, queues: topology.queues.map((queue) => (queue.id === id ? { ...queue, ...change } : queue)) };
}

let stack: TopologyStack;
let template: Template;

beforeAll(() => {
  stack = new TopologyStack(labApp({ bundle: false }), 'WindowedBatchStack', { topology: withWindow() });
  template = Template.fromStack(stack);
});

describe('MappingVisibilityWindow, applied from the topology', () => {
  it('creates any queue with createVisibilityTimeoutSeconds at that value', () => {
    expect(template.toJSON().Resources[logicalId(must(stack.queues, 'BatchQueue'))].Properties.VisibilityTimeout).toBe(
      20,
    );
  });

  it('raises to the creation value before the mapping and lowers after it', () => {
    const { raise, lower } = stepsOf(template);
    const [mappingId] = Object.keys(resourcesOfType(template, 'AWS::Lambda::EventSourceMapping'));
    expect(raise[1].parameters.Attributes).toEqual({ VisibilityTimeout: '20' });
    expect(lower[1].parameters.Attributes).toEqual({ VisibilityTimeout: '2' });
    expect(dependsOn(template.toJSON().Resources[mappingId!])).toContain(raise[0]);
    expect(dependsOn(resourcesOfType(template, 'Custom::AWS')[lower[0]]!)).toContain(mappingId);
  });

  it('leaves queues without createVisibilityTimeoutSeconds alone', () => {
    expect(template.toJSON().Resources[logicalId(must(stack.queues, 'BatchDlq'))].Properties.VisibilityTimeout).toBe(
      10,
    );
    expect(Object.keys(resourcesOfType(template, 'Custom::AWS'))).toHaveLength(2);
  });

  it('raises and lowers again when anything CloudFormation renders for the mapping changes', () => {
    const base = physicalIds(withWindow());
    const changed = physicalIds(withWindow(batchPartialTopology({ batchSize: 3, reportBatchItemFailures: true })));
    expect(changed.raise).not.toBe(base.raise);
    expect(changed.lower).not.toBe(base.lower);
    const moreConcurrency = withWindow();
    const scaled = physicalIds({
      ...moreConcurrency,
      mappings: moreConcurrency.mappings.map((m) => ({ ...m, maximumConcurrency: MAPPING_MAX_CONCURRENCY + 1 })),
    });
    expect(scaled.raise).not.toBe(base.raise);
  });

  it('lowers again when CloudFormation updates the queue itself, and only then', () => {
    const base = physicalIds(withWindow());
    const queueChanged = physicalIds(mapQueue(withWindow(), 'BatchQueue', { retentionSeconds: 1_000_000 }));
    expect(queueChanged.lower).not.toBe(base.lower);
    expect(queueChanged.raise).toBe(base.raise);
    const dlqChanged = physicalIds(mapQueue(withWindow(), 'BatchDlq', { retentionSeconds: 1_000_000 }));
    expect(dlqChanged.lower).toBe(base.lower);
    expect(physicalIds(withWindow())).toEqual(base);
  });
});

describe('Event source mappings of every stack', () => {
  it(`cap concurrency at ${MAPPING_MAX_CONCURRENCY} (ScalingConfig.MaximumConcurrency)`, () => {
    for (const mapping of Object.values(resourcesOfType(template, 'AWS::Lambda::EventSourceMapping'))) {
      expect(mapping.Properties?.ScalingConfig).toEqual({ MaximumConcurrency: MAPPING_MAX_CONCURRENCY });
    }
  });
});
