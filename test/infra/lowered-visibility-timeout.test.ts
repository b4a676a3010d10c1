import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchPartialTopology, type StackTopology } from '../../lib/topology';
import { TopologyStack } from '../../lib/topology-stack';
import { dependsOn, labApp, logicalId, must, renderIntrinsic, resourcesOfType } from './support';

/**
 * The lowering is driven by the topology, not by VisibilityDupStack: give BatchQueue a
 * creation timeout and it gets the same treatment.
 */
function batchTopologyWithLoweredQueue(): StackTopology {
  const topology = batchPartialTopology();
  return {
    ...topology,
    queues: topology.queues.map((queue) =>
      queue.id === 'BatchQueue' ? { ...queue, visibilityTimeoutSeconds: 2, createVisibilityTimeoutSeconds: 20 } : queue,
    ),
  };
}

let stack: TopologyStack;
let template: Template;

beforeAll(() => {
  stack = new TopologyStack(labApp({ bundle: false }), 'LoweredBatchStack', {
    topology: batchTopologyWithLoweredQueue(),
  });
  template = Template.fromStack(stack);
});

describe('LoweredVisibilityTimeout, applied from the topology', () => {
  it('creates any queue with createVisibilityTimeoutSeconds at that value', () => {
    expect(template.toJSON().Resources[logicalId(must(stack.queues, 'BatchQueue'))].Properties.VisibilityTimeout).toBe(
      20,
    );
  });

  it('lowers it to visibilityTimeoutSeconds after that queue’s mapping', () => {
    const lowerings = Object.values(resourcesOfType(template, 'Custom::AWS'));
    expect(lowerings).toHaveLength(1);
    const [mappingId] = Object.keys(resourcesOfType(template, 'AWS::Lambda::EventSourceMapping'));
    expect(dependsOn(lowerings[0]!)).toContain(mappingId);
    const call = JSON.parse(renderIntrinsic(lowerings[0]!.Properties?.Create)) as {
      parameters: { QueueUrl: string; Attributes: Record<string, string> };
    };
    expect(call.parameters).toEqual({
      QueueUrl: `\${Ref:${logicalId(must(stack.queues, 'BatchQueue'))}}`,
      Attributes: { VisibilityTimeout: '2' },
    });
  });

  it('leaves queues without createVisibilityTimeoutSeconds alone', () => {
    expect(template.toJSON().Resources[logicalId(must(stack.queues, 'BatchDlq'))].Properties.VisibilityTimeout).toBe(
      10,
    );
  });

  it('runs again when a queue setting in the topology changes (the settings fingerprint is in its physical id)', () => {
    const physicalId = (topology: StackTopology) => {
      const other = new TopologyStack(labApp({ bundle: false }), 'Other', { topology });
      const [lowering] = Object.values(resourcesOfType(Template.fromStack(other), 'Custom::AWS'));
      return (JSON.parse(renderIntrinsic(lowering?.Properties?.Create)) as { physicalResourceId: { id: string } })
        .physicalResourceId.id;
    };
    const base = batchTopologyWithLoweredQueue();
    const longerRetention = {
      ...base,
      queues: base.queues.map((queue) => (queue.id === 'BatchDlq' ? { ...queue, retentionSeconds: 1_000_000 } : queue)),
    };
    expect(physicalId(longerRetention)).not.toBe(physicalId(base));
    expect(physicalId(batchTopologyWithLoweredQueue())).toBe(physicalId(base));
  });
});
