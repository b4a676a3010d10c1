import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fakeArn } from '#lab/test/helpers/fake-arn';
import { readCloudAssembly } from '#lab/services/cloudformation/cdk-client/assembly-reader';
import type { StackEvent } from '#lab/services/cloudformation/engine/deployed-stack';
import { deploymentOrder } from '#lab/services/cloudformation/engine/deployment-order';
import { StackOperationFailedError, UnsupportedResourceTypeError } from '#lab/services/cloudformation/errors';
import { ProviderRegistry, type ResourceProvider } from '#lab/services/cloudformation/resource-provider';
import { deployStack } from '#lab/services/cloudformation/engine/stack-deployer';
import type { Template } from '#lab/services/cloudformation/engine/template';
import { labNote } from '#lab/services/cloudformation/validation/property-coverage';

const SAMPLE = fileURLToPath(new URL('../../../../fixtures/cdk-out-sample', import.meta.url));
const TARGET = { accountId: '123456789012', region: 'us-east-1' };
const PARAMETERS = { '/cdk-bootstrap/hnb659fds/version': '30' };

/** A provider that keeps what it was asked in memory; every type answers the attributes templates read. */
function fakeProviders(
  options: {
    failOn?: (type: string, phase: string, properties: Record<string, unknown>) => boolean;
    replaceOn?: string;
  } = {},
) {
  const live = new Map<string, { type: string; properties: Readonly<Record<string, unknown>> }>();
  const calls: string[] = [];
  let counter = 0;
  const provider = (type: string): ResourceProvider => ({
    type,
    // These tests are about ordering and rollback: every property is handed through.
    properties: { emulated: [], noted: {}, refused: [], passesOtherKeysToHandler: true },
    async create({ logicalId, properties }) {
      calls.push(`create ${logicalId}`);
      if (options.failOn?.(type, 'create', properties) === true) throw new Error(`${logicalId} refused`);
      counter += 1;
      const physicalId = `${logicalId}-${counter}`;
      live.set(physicalId, { type, properties });
      return {
        physicalId,
        attributes: { Arn: fakeArn(type, physicalId), RootResourceId: 'root', QueueName: physicalId, RoleId: 'r' },
      };
    },
    async update({ logicalId, properties, previous }) {
      calls.push(`update ${logicalId}`);
      if (options.failOn?.(type, 'update', properties) === true) throw new Error(`${logicalId} refused the update`);
      live.set(previous.physicalId, { type, properties });
      return { physicalId: previous.physicalId, attributes: previous.attributes };
    },
    async delete({ logicalId, resource }) {
      calls.push(`delete ${logicalId}`);
      live.delete(resource.physicalId);
    },
    requiresReplacement: (before, after) =>
      options.replaceOn !== undefined &&
      JSON.stringify(before[options.replaceOn]) !== JSON.stringify(after[options.replaceOn]),
  });
  const types = [
    'AWS::SQS::Queue',
    'AWS::SQS::QueuePolicy',
    'AWS::DynamoDB::Table',
    'AWS::IAM::Role',
    'AWS::IAM::Policy',
    'AWS::Logs::LogGroup',
    'AWS::Lambda::Function',
    'AWS::Lambda::EventSourceMapping',
    'AWS::Lambda::Permission',
    'AWS::ApiGateway::RestApi',
    'AWS::ApiGateway::Resource',
    'AWS::ApiGateway::Method',
    'AWS::ApiGateway::Deployment',
    'AWS::ApiGateway::Stage',
    'AWS::CDK::Metadata',
    'Custom::*',
  ];
  return { registry: new ProviderRegistry(types.map(provider)), live, calls };
}

function sampleTemplate(stackName: string): Template {
  const stack = readCloudAssembly(SAMPLE).stacks.find((candidate) => candidate.stackName === stackName);
  if (stack === undefined) throw new Error(`no ${stackName} in the sample`);
  return stack.template;
}

function withoutIntrinsics(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(withoutIntrinsics);
  if (value === null || typeof value !== 'object') return true;
  return Object.entries(value).every(
    ([key, inner]) => key !== 'Ref' && !key.startsWith('Fn::') && withoutIntrinsics(inner),
  );
}

describe('readCloudAssembly', () => {
  it('reads both stacks of the app, with the asset directory of every function code key', () => {
    const assembly = readCloudAssembly(SAMPLE);
    expect(assembly.stacks.map((stack) => stack.stackName).sort()).toEqual(['BatchPartialStack', 'VisibilityDupStack']);
    const visibility = assembly.stacks.find((stack) => stack.stackName === 'VisibilityDupStack');
    const keys = Object.values(visibility?.template.Resources ?? {})
      .filter((resource) => resource.Type === 'AWS::Lambda::Function')
      .map((resource) => (resource.Properties?.Code as { S3Key: string }).S3Key);
    expect(keys.length).toBe(3);
    for (const key of keys) expect(visibility?.assetDirs.get(key)).toMatch(/asset\.[0-9a-f]{64}$/);
  });

  it('names the missing file when the assembly is not there', () => {
    expect(() => readCloudAssembly('/nonexistent')).toThrow('/nonexistent/manifest.json is missing');
  });
});

describe('deploymentOrder (real templates)', () => {
  const template = sampleTemplate('VisibilityDupStack');
  const order = deploymentOrder(template.Resources);
  const position = (prefix: string): number => order.findIndex((id) => id.startsWith(prefix));

  it('puts the mapping after its function and the role policy, and the queue raise before the mapping', () => {
    expect(position('WorkerShortVTQueueMapping')).toBeGreaterThan(position('Worker11F36D0F'));
    expect(position('WorkerShortVTQueueMapping')).toBeGreaterThan(position('WorkerRoleDefaultPolicy'));
    expect(position('WorkerShortVTQueueMapping')).toBeGreaterThan(position('ShortVTQueueVisibilityTimeoutRaise'));
    expect(position('ShortVTQueueVisibilityTimeoutLower')).toBeGreaterThan(position('WorkerShortVTQueueMapping'));
  });

  it('deploys the API after its method (Deployment DependsOn Method)', () => {
    expect(position('EnqueueApiDeployment')).toBeGreaterThan(position('EnqueueApienqueuePOST'));
    expect(position('EnqueueApiDeploymentStage')).toBeGreaterThan(position('EnqueueApiDeployment'));
  });

  it('refuses a cycle, naming it', () => {
    expect(() =>
      deploymentOrder({ A: { Type: 'X', DependsOn: 'B' }, B: { Type: 'X', Properties: { P: { Ref: 'A' } } } }),
    ).toThrow(/circular dependency between resources: A → B → A/);
  });
});

describe('deployStack', () => {
  it.each(['VisibilityDupStack', 'BatchPartialStack'])(
    'creates %s with every property resolved and its outputs',
    async (stackName) => {
      const { registry, live } = fakeProviders();
      const events: StackEvent[] = [];
      const template = sampleTemplate(stackName);
      const deployed = await deployStack({
        stackName,
        template,
        providers: registry,
        target: TARGET,
        parameters: PARAMETERS,
        onEvent: (e) => events.push(e),
      });
      expect(deployed.status).toBe('CREATE_COMPLETE');
      expect(live.size).toBe(Object.keys(template.Resources).length);
      for (const resource of live.values()) expect(withoutIntrinsics(resource.properties)).toBe(true);
      expect(deployed.outputs.ApiEndpoint).toMatch(
        /^https:\/\/EnqueueApi\w+-\d+\.execute-api\.us-east-1\.amazonaws\.com\/EnqueueApiDeploymentStageprod\w+-\d+\/$/,
      );
      expect(events.at(-1)?.status).toBe('CREATE_COMPLETE');
      expect(events.filter((e) => e.status === 'CREATE_COMPLETE').length).toBe(live.size + 1);
    },
  );

  it('updates only what changed, and what references a changed resource', async () => {
    const { registry, calls } = fakeProviders();
    const template: Template = {
      Resources: {
        Queue: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: 30 } },
        Other: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: 10 } },
      },
    };
    const first = await deployStack({ stackName: 'S', template, providers: registry, target: TARGET });
    calls.length = 0;
    const changed: Template = {
      Resources: { ...template.Resources, Queue: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: 60 } } },
    };
    const second = await deployStack({
      stackName: 'S',
      template: changed,
      providers: registry,
      target: TARGET,
      previous: first,
    });
    expect(calls).toEqual(['update Queue']);
    expect(second.status).toBe('UPDATE_COMPLETE');
  });

  it('replaces where the provider says so: the new resource first, the old one deleted at cleanup, referrers updated', async () => {
    const { registry, calls, live } = fakeProviders({ replaceOn: 'QueueName' });
    const template = (name: string): Template => ({
      Resources: {
        Queue: { Type: 'AWS::SQS::Queue', Properties: { QueueName: name } },
        Policy: {
          Type: 'AWS::SQS::QueuePolicy',
          Properties: { Queues: [{ Ref: 'Queue' }], PolicyDocument: { Statement: [] } },
        },
      },
    });
    const first = await deployStack({ stackName: 'S', template: template('a'), providers: registry, target: TARGET });
    calls.length = 0;
    const second = await deployStack({
      stackName: 'S',
      template: template('b'),
      providers: registry,
      target: TARGET,
      previous: first,
    });
    expect(calls).toEqual(['create Queue', 'update Policy', 'delete Queue']);
    expect(second.resources.get('Queue')?.physicalId).not.toBe(first.resources.get('Queue')?.physicalId);
    expect([...live.keys()].filter((id) => id.startsWith('Queue'))).toEqual([
      second.resources.get('Queue')?.physicalId,
    ]);
  });

  it('deletes a removed resource at cleanup; DeletionPolicy Retain skips it', async () => {
    const { registry, calls } = fakeProviders();
    const events: StackEvent[] = [];
    const template: Template = {
      Resources: {
        Keep: { Type: 'AWS::SQS::Queue', Properties: {} },
        Gone: { Type: 'AWS::SQS::Queue', Properties: {} },
        Kept: { Type: 'AWS::Logs::LogGroup', Properties: {}, DeletionPolicy: 'Retain' },
      },
    };
    const first = await deployStack({ stackName: 'S', template, providers: registry, target: TARGET });
    calls.length = 0;
    await deployStack({
      stackName: 'S',
      template: { Resources: { Keep: { Type: 'AWS::SQS::Queue', Properties: {} } } },
      providers: registry,
      target: TARGET,
      previous: first,
      onEvent: (e) => events.push(e),
    });
    expect(calls).toEqual(['delete Gone']);
    expect(events.map((e) => `${e.logicalId} ${e.status}`)).toContain('Kept DELETE_SKIPPED');
  });

  it('rolls a failed update back: previous properties restored, new resources deleted, the failed resource and reason named', async () => {
    const { registry, live, calls } = fakeProviders({
      failOn: (type, phase) => type === 'AWS::Lambda::EventSourceMapping' && phase === 'update',
    });
    const template = (batchSize: number): Template => ({
      Resources: {
        Queue: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: batchSize * 10 } },
        Added: batchSize > 1 ? { Type: 'AWS::SQS::Queue', Properties: {} } : { Type: 'AWS::CDK::Metadata' },
        Mapping: {
          Type: 'AWS::Lambda::EventSourceMapping',
          Properties: {
            BatchSize: batchSize,
            EventSourceArn: { 'Fn::GetAtt': ['Queue', 'Arn'] },
            FunctionName: 'worker',
          },
          DependsOn: 'Added',
        },
      },
    });
    const first = await deployStack({ stackName: 'S', template: template(1), providers: registry, target: TARGET });
    const events: StackEvent[] = [];
    const failure = await deployStack({
      stackName: 'S',
      template: template(2),
      providers: registry,
      target: TARGET,
      previous: first,
      onEvent: (e) => events.push(e),
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StackOperationFailedError);
    expect(failure).toMatchObject({
      status: 'UPDATE_ROLLBACK_COMPLETE',
      logicalId: 'Mapping',
      reason: 'Mapping refused the update',
    });
    expect(events.map((e) => e.status)).toContain('UPDATE_FAILED');
    expect(live.get(first.resources.get('Queue')?.physicalId ?? '')?.properties).toEqual({ VisibilityTimeout: 10 });
    expect(calls.filter((call) => call.startsWith('delete'))).toContain('delete Added');
  });

  it('rolls a failed create back and reports ROLLBACK_COMPLETE', async () => {
    const { registry, live } = fakeProviders({ failOn: (type) => type === 'AWS::Lambda::Function' });
    const failure = await deployStack({
      stackName: 'VisibilityDupStack',
      template: sampleTemplate('VisibilityDupStack'),
      providers: registry,
      target: TARGET,
      parameters: PARAMETERS,
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 'ROLLBACK_COMPLETE' });
    expect(live.size).toBe(0);
  });

  it('stops at the bootstrap rule when the lab claims an old bootstrap version', async () => {
    const { registry } = fakeProviders();
    await expect(
      deployStack({
        stackName: 'S',
        template: sampleTemplate('BatchPartialStack'),
        providers: registry,
        target: TARGET,
        parameters: { '/cdk-bootstrap/hnb659fds/version': '5' },
      }),
    ).rejects.toThrow(
      "CDK bootstrap stack version 6 required. Please run 'cdk bootstrap' with a recent version of the CDK CLI.",
    );
  });

  it('refuses an unsupported type with one sentence naming it and the supported ones', async () => {
    const { registry } = fakeProviders();
    const failure = await deployStack({
      stackName: 'S',
      template: { Resources: { Topic: { Type: 'AWS::SNS::Topic' } } },
      providers: registry,
      target: TARGET,
    }).catch((error: unknown) => error);
    expect((failure as StackOperationFailedError).reason).toMatch(
      /^The lab cannot deploy AWS::SNS::Topic; it supports AWS::ApiGateway::Deployment, .*Custom::\*\.$/,
    );
    expect(() => registry.providerFor('AWS::SNS::Topic')).toThrow(UnsupportedResourceTypeError);
  });
});

describe('deployStack: what the lab notes reaches the stack events', () => {
  it("gives a resource's *_COMPLETE event its lab notes as the reason, which the CDK CLI shows", async () => {
    const noted: ResourceProvider = {
      type: 'AWS::SQS::Queue',
      properties: {
        emulated: ['QueueName'],
        noted: { Tags: 'tags' },
        refused: [],
      },
      create: async ({ logicalId }) => ({ physicalId: logicalId, attributes: { Arn: fakeArn('q', logicalId) } }),
      update: async ({ previous }) => previous,
      delete: async () => undefined,
    };
    const events: StackEvent[] = [];
    const template: Template = {
      Resources: {
        Tagged: { Type: 'AWS::SQS::Queue', Properties: { QueueName: 'a', Tags: [{ Key: 'k', Value: 'v' }] } },
        Plain: { Type: 'AWS::SQS::Queue', Properties: { QueueName: 'b' } },
      },
    };
    await deployStack({
      stackName: 'Notes',
      template,
      providers: new ProviderRegistry([noted]),
      target: TARGET,
      onEvent: (event) => events.push(event),
    });
    const complete = (logicalId: string) =>
      events.find((event) => event.logicalId === logicalId && event.status === 'CREATE_COMPLETE');
    expect(complete('Tagged')?.reason).toBe(`lab note: AWS::SQS::Queue.Tags: ${labNote('tags').en}`);
    expect(complete('Plain')?.reason).toBeUndefined();
  });
});
