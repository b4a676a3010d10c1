/**
 * The stack actions of the CloudFormation API beside change sets: CreateStack and UpdateStack
 * (a change set made and executed at once, as `cdk deploy --method=direct` and
 * `aws cloudformation create-stack` expect; an update that changes nothing is AWS's
 * "No updates are to be performed.", test_stacks.snapshot.json), DeleteStack (answered once
 * settled; the resources go in reverse dependency order, `Retain` ones stay, and the stack ends
 * in DELETE_COMPLETE, gone by name), and UpdateTerminationProtection, which DeleteStack obeys
 * ("Stack [X] cannot be deleted while TerminationProtection is enabled", AWS's ValidationError
 * as ekristen/aws-nuke#821 quotes it).
 */
import { type ApiAction, type ApiCall, requiredParameter, stackOrFail } from './api-context';
import { startExecution } from './change-set-execution';
import { type PreparedChangeSet, prepareChangeSet, settleChangeSet } from './change-set-preparation';
import { ApiValidationError, StackAlreadyExistsError } from '../errors';
import { STACK_RESOURCE_TYPE, type StackRecord } from './stack-records';
import { settledOrLater } from './settled-answer';

/** DeleteStack: a stack that is not there (or already deleted) is no error, as in AWS. */
export const deleteStack: ApiAction = async (call) => {
  const nameOrId = requiredParameter(call, 'StackName');
  const record = call.records.find(call.region, nameOrId);
  if (record === undefined || record.status === 'DELETE_COMPLETE' || record.status === 'DELETE_IN_PROGRESS')
    return undefined;
  if (record.terminationProtection)
    throw new ApiValidationError(
      `Stack [${record.stackName}] cannot be deleted while TerminationProtection is enabled`,
    );
  record.operation = runDelete(call, record, record.operation);
  // Answered once the delete has settled, so the CLI's first poll sees its end (settled-answer.ts).
  await settledOrLater(record.operation);
  return undefined;
};

async function runDelete(call: ApiCall, record: StackRecord, running: Promise<void> | undefined): Promise<void> {
  try {
    // A deploy still running ends first (its own failure is in its events), then the stack goes.
    await running;
    await call.options.cloudformation.delete(record.stackName, { region: call.region });
  } catch (error) {
    call.records.log(record, {
      timestamp: call.now(),
      logicalId: record.stackName,
      resourceType: STACK_RESOURCE_TYPE,
      status: 'DELETE_FAILED',
      physicalId: record.stackId,
      reason: error instanceof Error ? error.message : String(error),
    });
  } finally {
    call.options.onStackChanged?.(record.stackName, call.region);
  }
}

/** UpdateTerminationProtection. */
export const updateTerminationProtection: ApiAction = async (call) => {
  const record = stackOrFail(call, requiredParameter(call, 'StackName'), 'brackets');
  const enable = requiredParameter(call, 'EnableTerminationProtection');
  record.terminationProtection = enable === 'true';
  return { StackId: record.stackId };
};

/** CreateStack. */
export const createStack: ApiAction = async (call) => {
  const stackName = requiredParameter(call, 'StackName');
  if (call.records.find(call.region, stackName) !== undefined)
    throw new StackAlreadyExistsError(`Stack [${stackName}] already exists`);
  const prepared = await prepareChangeSet(call, {
    stackName,
    changeSetName: `create-${Date.now()}`,
    type: 'CREATE',
    review: false,
  });
  settleChangeSet(prepared);
  prepared.record.terminationProtection = call.parameters.get('EnableTerminationProtection') === 'true';
  execute(call, prepared);
  return { StackId: prepared.record.stackId };
};

/** UpdateStack. */
export const updateStack: ApiAction = async (call) => {
  const stackName = requiredParameter(call, 'StackName');
  const prepared = await prepareChangeSet(call, { stackName, changeSetName: `update-${Date.now()}`, type: 'UPDATE' });
  settleChangeSet(prepared);
  if (prepared.unchanged) {
    prepared.record.changeSets.delete(prepared.changeSet.changeSetName);
    throw new ApiValidationError('No updates are to be performed.');
  }
  execute(call, prepared);
  return { StackId: prepared.record.stackId };
};

/** Runs a direct create or update: its change set is the lab's own, listed nowhere. */
function execute(call: ApiCall, prepared: PreparedChangeSet): void {
  startExecution(call, prepared.record, prepared.changeSet);
  prepared.record.changeSets.delete(prepared.changeSet.changeSetName);
  delete prepared.record.changeSetId;
}
