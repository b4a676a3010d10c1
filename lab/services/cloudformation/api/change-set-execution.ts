/**
 * A change set's execution: the deploy runs through the lab's engine after ExecuteChangeSet
 * (or CreateStack, UpdateStack) has answered, its events in the stack's log; a failure the
 * engine rolled back has its own events, one before the engine began gets the rollback statuses.
 */
import type { ApiCall } from './api-context';
import { StackOperationFailedError } from '../errors';
import { type ChangeSetRecord, STACK_RESOURCE_TYPE, type StackRecord } from './stack-records';

/** Starts a change set's deploy; it runs on after the answer, its events in the stack's log. */
export function startExecution(call: ApiCall, record: StackRecord, changeSet: ChangeSetRecord): void {
  changeSet.executionStatus = 'EXECUTE_IN_PROGRESS';
  for (const other of record.changeSets.values()) if (other !== changeSet) other.executionStatus = 'OBSOLETE';
  record.tags = changeSet.tags;
  record.capabilities = changeSet.capabilities;
  record.changeSetId = changeSet.changeSetId;
  record.operation = runChangeSet(call, record, changeSet);
}

async function runChangeSet(call: ApiCall, record: StackRecord, changeSet: ChangeSetRecord): Promise<void> {
  const service = call.options.cloudformation;
  try {
    await service.deploy(
      [
        {
          stackName: record.stackName,
          template: changeSet.template,
          parameters: changeSet.parameters,
          stackId: record.stackId,
          templateBody: changeSet.templateBody,
        },
      ],
      { region: call.region },
    );
    changeSet.executionStatus = 'EXECUTE_COMPLETE';
  } catch (error) {
    changeSet.executionStatus = 'EXECUTE_FAILED';
    changeSet.executionError = error;
    // A failure the engine rolled back has its events; one before the engine began (a template
    // it cannot resolve) gets the rollback statuses here, with the reason.
    if (!(error instanceof StackOperationFailedError)) failBeforeDeploy(call, record, changeSet, error);
    // A failed create still shows what was submitted (GetTemplate, DescribeStacks).
    if (changeSet.type === 'CREATE') {
      record.templateBody = changeSet.templateBody;
      record.parameters = changeSet.parameters;
    }
  } finally {
    call.options.onStackChanged?.(record.stackName, call.region);
  }
}

function failBeforeDeploy(call: ApiCall, record: StackRecord, changeSet: ChangeSetRecord, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  const prefix = changeSet.type === 'CREATE' ? 'ROLLBACK' : 'UPDATE_ROLLBACK';
  const statuses = [
    ...(record.status === 'REVIEW_IN_PROGRESS' ? ['CREATE_IN_PROGRESS'] : []),
    `${prefix}_IN_PROGRESS`,
    `${prefix}_COMPLETE`,
  ];
  for (const status of statuses)
    call.records.log(record, {
      timestamp: call.now(),
      logicalId: record.stackName,
      resourceType: STACK_RESOURCE_TYPE,
      status,
      physicalId: record.stackId,
      ...(status === `${prefix}_IN_PROGRESS` ? { reason } : {}),
    });
}
