/**
 * Deploy rule: changes reach other services late.
 * - SetQueueAttributes "can take up to 60 seconds for most of the attributes to propagate
 *   throughout the Amazon SQS system" (SQS API reference, SetQueueAttributes), and Lambda checks
 *   the queue's visibility timeout when a mapping is created or updated
 *   (https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-configure.html). A Raise that
 *   returns at once (the stacks' old shape) fails the update of a Step 7-like mapping with
 *   Lambda's message; so does one that only waits until the queue reads the new value (one
 *   reader seeing it proves nothing about Lambda's); one that then waits a settle time of at
 *   least the lab's longest delay succeeds.
 * - IAM "is eventually consistent [...] the change must be replicated across IAM, which can
 *   take some time" (IAM user guide). A grant in a separate AWS::IAM::Policy created right before
 *   a custom resource calls with it (the old Raise grant) is refused; a grant in the role's
 *   default policy, which the function depends on, is in force once the function is Active.
 * The lab draws the delays from a seed, between half the maximum and the maximum.
 */
import { GetQueueAttributesCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { CustomResource } from 'aws-cdk-lib';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { EventSourceMapping } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePropagation, settleSecondsOf } from '#lab/common/propagation';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { StackOperationFailedError } from '#lab/services/cloudformation/errors';
import { FunctionWithLogGroup } from '#lib/constructs/function-with-log-group';
import type { TopologyStack } from '#lib/topology-stack';
import { type RenderedTemplate, editTemplate, logicalIdOf, synthesize } from '#test/helpers/fixture-assembly';
import { fixtureTopology } from '#test/helpers/fixture-topology';
import { conform } from '#lab/test/conformance/behaviour';
import { deployBehaviour } from '#lab/test/conformance/deploy/deploy-behaviours';

/** Step 7-like: a 30 s worker on a queue CloudFormation creates at 30 s and the Lower step sets to 5 s. */
const topology = fixtureTopology({ visibilityTimeoutSeconds: 30, workerTimeoutSeconds: 30 });
// Delays of 1–2 s: long enough that a call made right after its grant meets the delay even on a
// loaded machine (a grant's delay is the margin of deploy.iam.separate-policy-late).
const propagation = resolvePropagation({ seed: 7, maxDelayMs: 2000, iamGrants: true });

/** A function running the queue-setter fixture, its grants in its role's default policy unless `grants` is false. */
function setterFunction(stack: TopologyStack, id: string, grants: boolean): FunctionWithLogGroup {
  const fn = new FunctionWithLogGroup(stack, id, {
    spec: { id, entry: 'test/lab/fixtures/queue-setter.ts', timeoutSeconds: 60, memoryMb: 128, environment: {} },
    environment: {},
  });
  if (grants)
    for (const queue of stack.queues.values()) queue.grant(fn, 'sqs:SetQueueAttributes', 'sqs:GetQueueAttributes');
  return fn;
}

/**
 * The fixture shapes around the stack's mapping: Raise (queue to 30 s) → mapping → Lower (to
 * 5 s), as lib/constructs/mapping-visibility-window.ts orders them; `IamOld*`: a function whose
 * grant is a separate AWS::IAM::Policy its custom resource depends on; `IamFixed*`: a function
 * with the grant in its role's default policy.
 */
function addFixtureShapes(stack: TopologyStack): void {
  const queue = stack.queues.get('Queue');
  const dlq = stack.queues.get('Dlq');
  const mapping = stack.functions.get('Worker')?.node.findChild('QueueMapping') as EventSourceMapping | undefined;
  if (queue === undefined || dlq === undefined || mapping === undefined) throw new Error('not the fixture topology');
  const setter = setterFunction(stack, 'Setter', true);
  const raise = new CustomResource(stack, 'Raise', {
    serviceToken: setter.functionArn,
    properties: { QueueUrl: queue.queueUrl, VisibilityTimeout: '30', Trigger: '10' },
  });
  mapping.node.addDependency(raise);
  const lower = new CustomResource(stack, 'Lower', {
    serviceToken: setter.functionArn,
    properties: { QueueUrl: queue.queueUrl, VisibilityTimeout: '5', Trigger: '10' },
  });
  lower.node.addDependency(mapping);

  const oldFn = setterFunction(stack, 'IamOldFn', false);
  const grant = new Policy(stack, 'IamOldGrant', {
    statements: [new PolicyStatement({ actions: ['sqs:SetQueueAttributes'], resources: [dlq.queueArn] })],
    roles: oldFn.role === undefined ? [] : [oldFn.role],
  });
  const oldSet = new CustomResource(stack, 'IamOldSet', {
    serviceToken: oldFn.functionArn,
    properties: { QueueUrl: dlq.queueUrl, VisibilityTimeout: '30' },
  });
  oldSet.node.addDependency(grant);

  const fixedFn = setterFunction(stack, 'IamFixedFn', true);
  new CustomResource(stack, 'IamFixedSet', {
    serviceToken: fixedFn.functionArn,
    properties: { QueueUrl: dlq.queueUrl, VisibilityTimeout: '30' },
  });
}

describe('eventual consistency on the lab: queue attributes and IAM grants propagate late', () => {
  let lab: Lab;
  let assemblyDir: string;
  let full: RenderedTemplate;

  /** Writes the template the next deploy reads: the mapping's batch size, the Raise's shape, the IAM shapes wanted. */
  const shape = (change: {
    readonly batchSize: number;
    readonly waitUntilRead?: boolean;
    readonly settleSeconds?: number;
    readonly include?: readonly ('IamOldGrant' | 'IamOldSet' | 'IamFixed')[];
  }): void => {
    editTemplate(assemblyDir, topology.stackName, (template) => {
      template.Resources = structuredClone(full.Resources);
      const optional = ['IamOldGrant', 'IamOldSet', 'IamFixed'] as const;
      for (const prefix of optional.filter((name) => !(change.include ?? []).includes(name))) {
        for (const id of Object.keys(template.Resources)) if (id.startsWith(prefix)) delete template.Resources[id];
      }
      const mapping = template.Resources[logicalIdOf(template, 'AWS::Lambda::EventSourceMapping')];
      if (mapping?.Properties !== undefined) mapping.Properties.BatchSize = change.batchSize;
      const raise = template.Resources[logicalIdOf(template, 'AWS::CloudFormation::CustomResource', 'Raise')];
      const lower = template.Resources[logicalIdOf(template, 'AWS::CloudFormation::CustomResource', 'Lower')];
      Object.assign(raise?.Properties ?? {}, {
        Trigger: String(change.batchSize),
        WaitUntilRead: String(change.waitUntilRead ?? false),
        SettleSeconds: String(change.settleSeconds ?? 0),
      });
      Object.assign(lower?.Properties ?? {}, { Trigger: String(change.batchSize) });
    });
  };

  const visibilityTimeout = async (): Promise<string | undefined> => {
    const { Attributes } = await lab.clients.sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: lab.stack(topology.stackName).queueUrl,
        AttributeNames: ['VisibilityTimeout'],
      }),
    );
    return Attributes?.VisibilityTimeout;
  };

  /** The queue back at 5 s, and long enough ago that Lambda sees 5 s too. */
  const runningAtFiveSeconds = async (): Promise<void> => {
    await lab.clients.sqs.send(
      new SetQueueAttributesCommand({
        QueueUrl: lab.stack(topology.stackName).queueUrl,
        Attributes: { VisibilityTimeout: '5' },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, propagation.maxDelayMs));
  };

  beforeAll(async () => {
    assemblyDir = synthesize(topology, addFixtureShapes);
    editTemplate(assemblyDir, topology.stackName, (template) => {
      full = structuredClone(template);
    });
    shape({ batchSize: 10 });
    lab = await startTutorialLab({ stacks: [topology], assemblyDir, propagation });
  });

  afterAll(async () => {
    await lab?.stop();
  });

  it('creates the stack (Raise, mapping, Lower): the queue runs at 5 s', async () => {
    expect(lab.deployed.get(topology.stackName)?.status).toBe('CREATE_COMPLETE');
    expect(await visibilityTimeout()).toBe('5');
  });

  conform(deployBehaviour('deploy.propagation.queue-attributes-to-lambda'), async () => {
    await runningAtFiveSeconds();
    shape({ batchSize: 2 });
    const failure = await lab.deploy({ assemblyDir }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(StackOperationFailedError);
    expect(failure).toMatchObject({
      status: 'UPDATE_ROLLBACK_COMPLETE',
      logicalId: expect.stringMatching(/^WorkerQueueMapping/),
      reason: 'Queue visibility timeout: 5 seconds is less than Function timeout: 30 seconds',
    });
    // The rollback leaves the queue raised: Lower never ran (deploy review 2, row 4).
    expect(await visibilityTimeout()).toBe('30');
  });

  conform(deployBehaviour('deploy.propagation.read-is-not-lambda'), async () => {
    await runningAtFiveSeconds();
    shape({ batchSize: 3, waitUntilRead: true });
    await expect(lab.deploy({ assemblyDir })).rejects.toMatchObject({
      reason: 'Queue visibility timeout: 5 seconds is less than Function timeout: 30 seconds',
    });
  });

  conform(deployBehaviour('deploy.propagation.settle'), async () => {
    await runningAtFiveSeconds();
    shape({ batchSize: 4, waitUntilRead: true, settleSeconds: settleSecondsOf(propagation) });
    const [stack] = await lab.deploy({ assemblyDir });

    expect(stack?.status).toBe('UPDATE_COMPLETE');
    expect(lab.stack(topology.stackName).mappings[0]?.properties.BatchSize).toBe(4);
    expect(await visibilityTimeout()).toBe('5');
  });

  conform(deployBehaviour('deploy.iam.separate-policy-late'), async () => {
    shape({ batchSize: 4, waitUntilRead: true, settleSeconds: 1, include: ['IamOldGrant', 'IamOldSet'] });
    const failure = await lab.deploy({ assemblyDir }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(StackOperationFailedError);
    expect(failure).toMatchObject({
      status: 'UPDATE_ROLLBACK_COMPLETE',
      logicalId: expect.stringMatching(/^IamOldSet/),
    });
    expect((failure as StackOperationFailedError).reason).toMatch(
      /^Received response status \[FAILED\] from custom resource\. Message returned: User: arn:aws:sts::000000000000:assumed-role\/.+ is not authorized to perform: sqs:setqueueattributes on resource: arn:aws:sqs:us-east-1:000000000000:.+ because no identity-based policy allows the sqs:setqueueattributes action$/,
    );
  });

  conform(deployBehaviour('deploy.iam.default-policy-before-function'), async () => {
    shape({ batchSize: 4, waitUntilRead: true, settleSeconds: 1, include: ['IamFixed'] });
    const [stack] = await lab.deploy({ assemblyDir });

    expect(stack?.status).toBe('UPDATE_COMPLETE');
    expect([...(stack?.resources.keys() ?? [])]).toContainEqual(expect.stringMatching(/^IamFixedSet/));
  });
});
