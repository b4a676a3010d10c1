/**
 * The stack actions of the CloudFormation API beside change sets: DeleteStack (answers at
 * once; the resources go in reverse dependency order, `Retain` ones stay, and the stack ends
 * in DELETE_COMPLETE, gone by name), and UpdateTerminationProtection, which DeleteStack obeys
 * ("Stack [X] cannot be deleted while TerminationProtection is enabled", AWS's ValidationError
 * as ekristen/aws-nuke#821 quotes it).
 */
import { type ApiAction, type ApiCall, requiredParameter, stackOrFail } from './api-context';
import { ApiValidationError } from './errors';
import { STACK_RESOURCE_TYPE, type StackRecord } from './stack-records';

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
  void runDelete(call, record);
  return undefined;
};

async function runDelete(call: ApiCall, record: StackRecord): Promise<void> {
  try {
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
