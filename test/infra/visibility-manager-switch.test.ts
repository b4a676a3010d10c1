/**
 * `-c visibilityManager=true`: VisibilityDupStack's worker takes batches of 10 under one
 * visibility manager each (the `visibility-manager` experiment on AWS); without it nothing changes.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { QUEUE_VISIBILITY_TIMEOUT_TYPE } from '#lib/constructs/mapping-visibility-window';
import { VISIBILITY_DUP, VISIBILITY_MANAGER } from '#lib/settings';
import { type StackTopology, visibilityDupTopology } from '#lib/topology';
import { TopologyStack } from '#lib/topology-stack';
import { validateTopology } from '#lib/validate-topology';
import { VisibilityDupStack } from '#lib/visibility-dup-stack';
import { labApp, must, logicalId, resourcesOfType } from './support';

function templateOf(visibilityManager: boolean | undefined): { stack: VisibilityDupStack; template: Template } {
  const options = visibilityManager === undefined ? {} : { options: { visibilityManager } };
  const stack = new VisibilityDupStack(labApp({ bundle: false }), 'VisibilityDupStack', options);
  return { stack, template: Template.fromStack(stack) };
}

function workerVariables(stack: VisibilityDupStack, template: Template): Record<string, unknown> {
  const worker = template.toJSON().Resources[logicalId(must(stack.functions, 'Worker'))];
  return worker.Properties.Environment.Variables as Record<string, unknown>;
}

function mappingOf(template: Template): Record<string, unknown> {
  const mappings = Object.values(resourcesOfType(template, 'AWS::Lambda::EventSourceMapping'));
  expect(mappings).toHaveLength(1);
  return mappings[0]!.Properties as Record<string, unknown>;
}

/** The Raise and Lower steps' properties: when one changes, CloudFormation runs that step again. */
function windowSteps(template: Template): { raise: Record<string, unknown>; lower: Record<string, unknown> } {
  const found = Object.entries(resourcesOfType(template, QUEUE_VISIBILITY_TIMEOUT_TYPE));
  const step = (name: string): Record<string, unknown> => {
    const entry = found.find(([logical]) => logical.startsWith(`ShortVTQueueVisibilityTimeout${name}`));
    if (entry === undefined) throw new Error(`no ${name} step`);
    return entry[1].Properties ?? {};
  };
  return { raise: step('Raise'), lower: step('Lower') };
}

describe('VisibilityDupStack with visibilityManager', () => {
  const off = templateOf(undefined);
  const on = templateOf(true);

  it('maps the worker with batch size 10 and no batching window (SQS needs one only above 10)', () => {
    const mapping = mappingOf(on.template);
    expect(mapping.BatchSize).toBe(VISIBILITY_MANAGER.batchSize);
    expect(mapping.BatchSize).toBe(10);
    expect(mapping.MaximumBatchingWindowInSeconds).toBeUndefined();
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
  });

  it("gives the worker the manager's environment from lib/settings.ts", () => {
    expect(workerVariables(on.stack, on.template)).toMatchObject({
      HEARTBEAT_MODE: 'batch-manager',
      MANAGER_TIMER_INTERVAL_MS: String(VISIBILITY_MANAGER.timerIntervalMs),
      MANAGER_MINIMAL_LIFE_MS: String(VISIBILITY_MANAGER.minimalLifeMs),
      MANAGER_MAX_LIFE_SECONDS: String(VISIBILITY_MANAGER.maxLifeSeconds),
      VISIBILITY_TIMEOUT_SECONDS: String(VISIBILITY_DUP.queueVisibilityTimeoutSeconds),
    });
    on.template.hasOutput('HeartbeatMode', { Value: 'batch-manager' });
  });

  it('changes nothing without the switch (or with false) but the HeartbeatMode output', () => {
    expect(mappingOf(off.template).BatchSize).toBe(VISIBILITY_DUP.workerBatchSize);
    const variables = workerVariables(off.stack, off.template);
    expect(Object.keys(variables).filter((name) => /^(HEARTBEAT_MODE|MANAGER_)/.test(name))).toEqual([]);
    off.template.hasOutput('HeartbeatMode', { Value: 'per-message' });
    expect(templateOf(false).template.toJSON()).toEqual(off.template.toJSON());
    const plain = Template.fromStack(
      new TopologyStack(labApp({ bundle: false }), 'VisibilityDupStack', { topology: visibilityDupTopology() }),
    ).toJSON();
    expect(plain.Resources).toEqual(off.template.toJSON().Resources);
  });

  it('passes the topology rules (batch size within Lambda limit, queue window)', () => {
    const topology: StackTopology = visibilityDupTopology({ visibilityManager: true });
    expect(() => validateTopology(topology)).not.toThrow();
  });

  it('raises the queue before the mapping changes and lowers it after, when the switch flips', () => {
    const offSteps = windowSteps(off.template);
    const onSteps = windowSteps(on.template);
    expect(onSteps.raise.VisibilityTimeout).toBe(30);
    expect(onSteps.lower.VisibilityTimeout).toBe(5);
    expect(onSteps.raise.MappingsFingerprint).not.toBe(offSteps.raise.MappingsFingerprint);
    expect(onSteps.lower.MappingsFingerprint).not.toBe(offSteps.lower.MappingsFingerprint);
  });
});
