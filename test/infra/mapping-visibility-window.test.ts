import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_VISIBILITY_TIMEOUT_TYPE } from '#lib/constructs/mapping-visibility-window';
import { MAPPING_MAX_CONCURRENCY } from '#lib/settings';
import { batchPartialTopology, type StackTopology } from '#lib/topology';
import { TopologyStack } from '#lib/topology-stack';
import { dependsOn, labApp, logicalId, must, resourcesOfType } from './support';

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

/** A step's properties, as CloudFormation compares them to decide on an Update. */
type StepProperties = Record<string, unknown>;

function stepsOf(template: Template): { raise: [string, StepProperties]; lower: [string, StepProperties] } {
  const found = Object.entries(resourcesOfType(template, QUEUE_VISIBILITY_TIMEOUT_TYPE));
  const step = (name: string): [string, StepProperties] => {
    const entry = found.find(([id]) => id.startsWith(`BatchQueueVisibilityTimeout${name}`));
    if (entry === undefined) throw new Error(`no ${name} step`);
    return [entry[0], entry[1].Properties ?? {}];
  };
  return { raise: step('Raise'), lower: step('Lower') };
}

/** Both steps' properties for a topology, rendered: a change means CloudFormation sends that step an Update. */
function renderedSteps(topology: StackTopology): { raise: string; lower: string } {
  const { raise, lower } = stepsOf(Template.fromStack(new TopologyStack(labApp({ bundle: false }), 'S', { topology })));
  return { raise: JSON.stringify(raise[1]), lower: JSON.stringify(lower[1]) };
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
    expect(raise[1].VisibilityTimeout).toBe(20);
    expect(lower[1].VisibilityTimeout).toBe(2);
    expect(dependsOn(template.toJSON().Resources[mappingId!])).toContain(raise[0]);
    expect(dependsOn(resourcesOfType(template, QUEUE_VISIBILITY_TIMEOUT_TYPE)[lower[0]]!)).toContain(mappingId);
  });

  it('leaves queues without createVisibilityTimeoutSeconds alone', () => {
    expect(template.toJSON().Resources[logicalId(must(stack.queues, 'BatchDlq'))].Properties.VisibilityTimeout).toBe(
      10,
    );
    expect(Object.keys(resourcesOfType(template, QUEUE_VISIBILITY_TIMEOUT_TYPE))).toHaveLength(2);
  });

  it('raises and lowers again when anything CloudFormation renders for the mapping changes', () => {
    const base = renderedSteps(withWindow());
    const changed = renderedSteps(withWindow(batchPartialTopology({ batchSize: 3, reportBatchItemFailures: true })));
    expect(changed.raise).not.toBe(base.raise);
    expect(changed.lower).not.toBe(base.lower);
    const moreConcurrency = withWindow();
    const scaled = renderedSteps({
      ...moreConcurrency,
      mappings: moreConcurrency.mappings.map((m) => ({ ...m, maximumConcurrency: MAPPING_MAX_CONCURRENCY + 1 })),
    });
    expect(scaled.raise).not.toBe(base.raise);
  });

  it('lowers again whenever it raises again: a new settle time alone changes both steps (issue #29)', () => {
    const settled = (settleSeconds: number) =>
      stepsOf(
        Template.fromStack(
          new TopologyStack(labApp({ bundle: false }), 'S', {
            topology: withWindow(),
            queueSettleSeconds: settleSeconds,
          }),
        ),
      );
    const [first, second] = [settled(60.1), settled(60.4)];
    expect(second.raise[1]).not.toEqual(first.raise[1]);
    expect(second.lower[1]).not.toEqual(first.lower[1]);
    const { ServiceToken: _token, ServiceTimeout: _timeout, QueueUrl: _url, ...raised } = second.raise[1];
    expect(second.lower[1].AfterRaise).toEqual(raised);
  });

  it('lowers again when CloudFormation updates the queue itself, and only then', () => {
    const base = renderedSteps(withWindow());
    const queueChanged = renderedSteps(mapQueue(withWindow(), 'BatchQueue', { retentionSeconds: 1_000_000 }));
    expect(queueChanged.lower).not.toBe(base.lower);
    expect(queueChanged.raise).toBe(base.raise);
    const dlqChanged = renderedSteps(mapQueue(withWindow(), 'BatchDlq', { retentionSeconds: 1_000_000 }));
    expect(dlqChanged.lower).toBe(base.lower);
    expect(renderedSteps(withWindow())).toEqual(base);
  });
});

describe('Event source mappings of every stack', () => {
  it(`cap concurrency at ${MAPPING_MAX_CONCURRENCY} (ScalingConfig.MaximumConcurrency)`, () => {
    for (const mapping of Object.values(resourcesOfType(template, 'AWS::Lambda::EventSourceMapping'))) {
      expect(mapping.Properties?.ScalingConfig).toEqual({ MaximumConcurrency: MAPPING_MAX_CONCURRENCY });
    }
  });
});
