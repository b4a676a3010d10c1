/**
 * Creates a stack's queues and tables in the emulators from its {@link StackTopology}, the
 * definitions the CDK stacks deploy, under a name prefix unique to one lab, so several labs
 * can share one pair of emulators.
 *
 * The order mirrors the CDK stack: a queue with `createVisibilityTimeoutSeconds` is created
 * with that longer timeout, the event source mapping is created (Lambda checks the timeout
 * then), and only afterwards {@link lowerVisibilityTimeouts} sets the timeout the stack runs with.
 */
import { CreateTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  type QueueAttributeName,
  SetQueueAttributesCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { EnvBinding, FunctionSpec, QueueSpec, StackTopology } from '../lib/topology';

/** A queue as created in the emulator. */
export interface ProvisionedQueue {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly arn: string;
}

/** A stack's resources in the emulators. */
export interface ProvisionedStack {
  readonly topology: StackTopology;
  readonly queues: ReadonlyMap<string, ProvisionedQueue>;
  /** Table id → table name. */
  readonly tables: ReadonlyMap<string, string>;
}

/** Raised when a topology refers to a queue or table it does not define. */
export class TopologyError extends Error {
  override readonly name = 'TopologyError';
}

/** Clients and the per-lab name prefix. */
export interface ProvisionContext {
  readonly sqs: SQSClient;
  readonly dynamodb: DynamoDBClient;
  /** Prepended to every queue and table name, e.g. `lab3f9a1c-`. */
  readonly namePrefix: string;
}

/** Name of a lab resource: `<prefix><stack>-<id>`, e.g. `lab3f9a1c-BatchPartialStack-BatchQueue`. */
export function resourceName(namePrefix: string, stackName: string, id: string): string {
  return `${namePrefix}${stackName}-${id}`;
}

/**
 * Creates every queue (dead-letter queues first, so redrive policies can name them) and every
 * table of the stack. Queues with `createVisibilityTimeoutSeconds` start at that value.
 */
export async function createStackResources(
  topology: StackTopology,
  context: ProvisionContext,
): Promise<ProvisionedStack> {
  const queues = new Map<string, ProvisionedQueue>();
  const ordered = [...topology.queues].sort(
    (a, b) => Number(a.deadLetter !== undefined) - Number(b.deadLetter !== undefined),
  );
  for (const spec of ordered) {
    queues.set(spec.id, await createQueue(topology, spec, queues, context));
  }
  const tables = new Map<string, string>();
  await Promise.all(
    topology.tables.map(async (spec) => {
      const name = resourceName(context.namePrefix, topology.stackName, spec.id);
      // dynalite has no UpdateTimeToLive: expired items stay; readers treat them as absent themselves.
      await context.dynamodb.send(
        new CreateTableCommand({
          TableName: name,
          BillingMode: 'PAY_PER_REQUEST',
          KeySchema: [{ AttributeName: spec.partitionKey, KeyType: 'HASH' }],
          AttributeDefinitions: [{ AttributeName: spec.partitionKey, AttributeType: 'S' }],
        }),
      );
      tables.set(spec.id, name);
    }),
  );
  return { topology, queues, tables };
}

/**
 * Sets each queue created with `createVisibilityTimeoutSeconds` to its running
 * `visibilityTimeoutSeconds`; call after the event source mappings exist (Lambda only checks
 * the timeout when a mapping is created).
 */
export async function lowerVisibilityTimeouts(stack: ProvisionedStack, sqs: SQSClient): Promise<void> {
  for (const spec of stack.topology.queues) {
    if (spec.createVisibilityTimeoutSeconds === undefined) continue;
    await sqs.send(
      new SetQueueAttributesCommand({
        QueueUrl: requireQueue(stack, spec.id).url,
        Attributes: { VisibilityTimeout: String(spec.visibilityTimeoutSeconds) },
      }),
    );
  }
}

/** The queue with `id`, or a {@link TopologyError} naming the stack. */
export function requireQueue(stack: ProvisionedStack, id: string): ProvisionedQueue {
  const queue = stack.queues.get(id);
  if (queue === undefined) throw new TopologyError(`${stack.topology.stackName} has no queue "${id}"`);
  return queue;
}

/** The environment variables a function's bindings resolve to in this stack. */
export function resolveBindings(stack: ProvisionedStack, spec: FunctionSpec): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, binding] of Object.entries(spec.environment)) {
    environment[name] = resolveBinding(stack, binding);
  }
  return environment;
}

function resolveBinding(stack: ProvisionedStack, binding: EnvBinding): string {
  if ('queueUrl' in binding) return requireQueue(stack, binding.queueUrl).url;
  if ('tableName' in binding) {
    const name = stack.tables.get(binding.tableName);
    if (name === undefined) throw new TopologyError(`${stack.topology.stackName} has no table "${binding.tableName}"`);
    return name;
  }
  return binding.value;
}

async function createQueue(
  topology: StackTopology,
  spec: QueueSpec,
  created: ReadonlyMap<string, ProvisionedQueue>,
  context: ProvisionContext,
): Promise<ProvisionedQueue> {
  const name = resourceName(context.namePrefix, topology.stackName, spec.id);
  const attributes: Partial<Record<QueueAttributeName, string>> = {
    VisibilityTimeout: String(spec.createVisibilityTimeoutSeconds ?? spec.visibilityTimeoutSeconds),
    MessageRetentionPeriod: String(spec.retentionSeconds),
  };
  if (spec.deadLetter !== undefined) {
    const target = created.get(spec.deadLetter.queueId);
    if (target === undefined) {
      throw new TopologyError(
        `${topology.stackName}: queue "${spec.id}" redrives to unknown queue "${spec.deadLetter.queueId}"`,
      );
    }
    attributes.RedrivePolicy = JSON.stringify({
      deadLetterTargetArn: target.arn,
      maxReceiveCount: spec.deadLetter.maxReceiveCount,
    });
  }
  const { QueueUrl: url } = await context.sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  if (url === undefined) throw new TopologyError(`CreateQueue returned no URL for ${name}`);
  const { Attributes } = await context.sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }),
  );
  const arn = Attributes?.QueueArn;
  if (arn === undefined) throw new TopologyError(`GetQueueAttributes returned no QueueArn for ${name}`);
  return { id: spec.id, name, url, arn };
}
