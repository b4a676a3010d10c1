/**
 * CloudFormation's rollback after a failed create or update: every action the deploy took,
 * undone in reverse, each step a stack event, ending in `ROLLBACK_COMPLETE` or
 * `UPDATE_ROLLBACK_COMPLETE`; or, when a step of it fails (a resource that will not delete, or
 * will not go back), in `ROLLBACK_FAILED` or `UPDATE_ROLLBACK_FAILED` with the resources named,
 * as CloudFormation ends it.
 */
import type { DeployedResource, DeployedStack, StackEventEmitter } from './deployed-stack';
import { deleteResource, type ResourceDeletionContext } from './resource-deletion';

/** What the deploy did to one resource, so a rollback can undo it. */
export type DeployAction = { kind: 'created' | 'replaced'; logicalId: string } | { kind: 'updated'; logicalId: string };

/**
 * Undoes a failed deploy, newest action first: deletes what it created, restores what it
 * updated; returns the stack's final status (`ROLLBACK_COMPLETE`, `UPDATE_ROLLBACK_COMPLETE`, or
 * `…_FAILED` when a step failed).
 */
export async function rollBack(run: {
  options: ResourceDeletionContext;
  stackId: string;
  previous: DeployedStack | undefined;
  current: Map<string, DeployedResource>;
  actions: readonly DeployAction[];
  retired: readonly { logicalId: string; resource: DeployedResource }[];
  emit: StackEventEmitter;
  stackEvent: (status: string, reason?: string) => void;
  /** The resource whose failure started the rollback. */
  failedLogicalId: string;
}): Promise<string> {
  const { options, previous, current, emit, stackEvent } = run;
  const prefix = previous === undefined ? 'ROLLBACK' : 'UPDATE_ROLLBACK';
  // AWS's words, e.g. "The following resource(s) failed to create: [RidesTable]. Rollback requested by user."
  // (aws-samples/aws-serverless-workshops#210).
  const operation = previous === undefined ? 'create' : 'update';
  stackEvent(
    `${prefix}_IN_PROGRESS`,
    `The following resource(s) failed to ${operation}: [${run.failedLogicalId}]. Rollback requested by user.`,
  );
  const failed: string[] = [];
  for (const action of [...run.actions].reverse()) {
    const now = current.get(action.logicalId);
    if (now === undefined) continue;
    if (action.kind === 'updated') {
      const before = previous?.resources.get(action.logicalId);
      if (before === undefined) continue;
      emit({ logicalId: action.logicalId, resourceType: now.type, status: 'UPDATE_IN_PROGRESS' });
      try {
        const provider = options.providers.providerFor(now.type);
        const restored = await provider.update({
          stackName: options.stackName,
          logicalId: action.logicalId,
          resourceType: now.type,
          properties: before.properties,
          previous: now,
        });
        current.set(action.logicalId, { ...before, ...restored, properties: before.properties });
        emit({ logicalId: action.logicalId, resourceType: now.type, status: 'UPDATE_COMPLETE' });
      } catch (error) {
        emit({ logicalId: action.logicalId, resourceType: now.type, status: 'UPDATE_FAILED', reason: String(error) });
        failed.push(action.logicalId);
      }
    } else {
      await deleteResource({ options, stackId: run.stackId, logicalId: action.logicalId, resource: now, emit }).then(
        () => current.delete(action.logicalId),
        () => failed.push(action.logicalId),
      );
    }
  }
  if (failed.length > 0) {
    const undo = previous === undefined ? 'delete' : 'update';
    stackEvent(`${prefix}_FAILED`, `The following resource(s) failed to ${undo}: [${failed.sort().join(', ')}]. `);
    return `${prefix}_FAILED`;
  }
  stackEvent(`${prefix}_COMPLETE`);
  return `${prefix}_COMPLETE`;
}
