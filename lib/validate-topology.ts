/**
 * Synth-time checks of a stack topology: what CloudFormation or Lambda would refuse halfway
 * through a deploy, or what would silently lose messages, fails here with a sentence instead.
 */
import { InvalidTopologyError } from './errors';
import { BATCH_PARTIAL, SQS_MAX_DELAY_SECONDS } from './settings';
import type { EnvBinding, QueueSpec, StackTopology } from './topology';

/**
 * Throws {@link InvalidTopologyError} on the first broken rule: unknown references, a DLQ
 * that keeps messages no longer than its source, a batch size outside 1..10, or a queue whose
 * timeout at creation is below its consumer's function timeout (Lambda refuses that mapping).
 */
export function validateTopology(topology: StackTopology): void {
  const name = topology.stackName;
  const queues = indexById(topology.queues, `${name} queue`);
  indexById(topology.tables, `${name} table`);
  const functions = indexById(topology.functions, `${name} function`);
  const tableIds = new Set(topology.tables.map((table) => table.id));

  requireId(queues, topology.mainQueueId, `${name}: mainQueueId`);
  requireId(functions, topology.apiFunctionId, `${name}: apiFunctionId`);

  for (const queue of topology.queues) {
    const delay = queue.delaySeconds;
    if (delay !== undefined && (!Number.isInteger(delay) || delay < 0 || delay > SQS_MAX_DELAY_SECONDS)) {
      throw new InvalidTopologyError(
        `${name}: DelaySeconds of ${queue.id} must be an integer from 0 to ${SQS_MAX_DELAY_SECONDS} (SQS's 15 minutes), got ${delay}.`,
      );
    }
    if (queue.deadLetter === undefined) continue;
    const dlq = requireId(queues, queue.deadLetter.queueId, `${name}: dead-letter queue of ${queue.id}`);
    if (dlq.id === queue.id) {
      throw new InvalidTopologyError(`${name}: queue ${queue.id} cannot be its own dead-letter queue.`);
    }
    if (dlq.retentionSeconds <= queue.retentionSeconds) {
      throw new InvalidTopologyError(
        `${name}: dead-letter queue ${dlq.id} must keep messages longer than ${queue.id} ` +
          `(${dlq.retentionSeconds} s <= ${queue.retentionSeconds} s): a moved message keeps its enqueue time and would expire at once.`,
      );
    }
  }

  for (const fn of topology.functions) {
    for (const [variable, binding] of Object.entries(fn.environment)) {
      checkBinding(binding, `${name}: ${fn.id}.${variable}`, queues, tableIds);
    }
  }

  for (const mapping of topology.mappings) {
    const fn = requireId(functions, mapping.functionId, `${name}: mapping function`);
    const queue = requireId(queues, mapping.queueId, `${name}: mapping queue`);
    if (
      !Number.isInteger(mapping.batchSize) ||
      mapping.batchSize < 1 ||
      mapping.batchSize > BATCH_PARTIAL.maxBatchSize
    ) {
      throw new InvalidTopologyError(
        `${name}: batch size of ${fn.id} must be an integer from 1 to ${BATCH_PARTIAL.maxBatchSize}, got ${mapping.batchSize}.`,
      );
    }
    const concurrency = mapping.maximumConcurrency;
    if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 2 || concurrency > 1000)) {
      throw new InvalidTopologyError(
        `${name}: maximum concurrency of ${fn.id}'s mapping must be an integer from 2 to 1000 (Lambda's range), got ${concurrency}.`,
      );
    }
    const atCreation = creationTimeout(queue);
    if (atCreation < fn.timeoutSeconds) {
      throw new InvalidTopologyError(
        `${name}: queue ${queue.id} would be created with a ${atCreation} s visibility timeout, below the ${fn.timeoutSeconds} s ` +
          `timeout of ${fn.id}, and Lambda refuses that event source mapping; set createVisibilityTimeoutSeconds >= ${fn.timeoutSeconds}.`,
      );
    }
  }
}

/** The visibility timeout the queue has when CloudFormation creates it. */
function creationTimeout(queue: QueueSpec): number {
  return queue.createVisibilityTimeoutSeconds ?? queue.visibilityTimeoutSeconds;
}

function checkBinding(
  binding: EnvBinding,
  where: string,
  queues: ReadonlyMap<string, QueueSpec>,
  tableIds: ReadonlySet<string>,
): void {
  if ('queueUrl' in binding) requireId(queues, binding.queueUrl, where);
  if ('tableName' in binding && !tableIds.has(binding.tableName)) {
    throw new InvalidTopologyError(`${where} names table ${binding.tableName}, which the topology does not define.`);
  }
}

function indexById<T extends { readonly id: string }>(items: readonly T[], what: string): ReadonlyMap<string, T> {
  const byId = new Map<string, T>();
  for (const item of items) {
    if (byId.has(item.id)) throw new InvalidTopologyError(`${what} id ${item.id} is defined twice.`);
    byId.set(item.id, item);
  }
  return byId;
}

function requireId<T>(byId: ReadonlyMap<string, T>, id: string, where: string): T {
  const item = byId.get(id);
  if (item === undefined) {
    throw new InvalidTopologyError(
      `${where} names ${id}, which the topology does not define (known: ${[...byId.keys()].join(', ')}).`,
    );
  }
  return item;
}
