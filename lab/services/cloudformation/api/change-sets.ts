/**
 * The change set actions of the CloudFormation API: CreateChangeSet (a CREATE on a new name
 * makes the stack, in REVIEW_IN_PROGRESS), DescribeChangeSet, ExecuteChangeSet (the deploy runs
 * after the answer, through the lab's engine), DeleteChangeSet and ListChangeSets. Shapes:
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_CreateChangeSet.html and
 * its siblings; words from LocalStack's aws.validated snapshots
 * (tests/aws/services/cloudformation/api/test_changesets.snapshot.json).
 */
import { members } from '../../../gateway/protocols/query-protocol';
import { type ApiAction, type ApiCall, defined, isoDate, requiredParameter, stackOrFail } from './api-context';
import { startExecution } from './change-set-execution';
import { settledOrLater } from './settled-answer';
import { prepareChangeSet, settleChangeSet } from './change-set-preparation';
import { ApiValidationError, ChangeSetNotFoundError, InvalidChangeSetStatusError } from '../errors';
import type { ChangeSetRecord, StackRecord } from './stack-records';

/** CreateChangeSet. */
export const createChangeSet: ApiAction = async (call) => {
  const prepared = await prepareChangeSet(call, {
    stackName: requiredParameter(call, 'StackName'),
    changeSetName: requiredParameter(call, 'ChangeSetName'),
    type: call.parameters.get('ChangeSetType') ?? 'UPDATE',
  });
  // CloudFormation computes a change set after it answers; so does the lab, one turn later.
  setImmediate(() => settleChangeSet(prepared));
  return { Id: prepared.changeSet.changeSetId, StackId: prepared.record.stackId };
};

/** The change set a request names (its ARN, or its name with StackName), and its stack. */
function changeSetOrFail(call: ApiCall): { record: StackRecord; changeSet: ChangeSetRecord } {
  const name = requiredParameter(call, 'ChangeSetName');
  const stackName = call.parameters.get('StackName');
  if (name.startsWith('arn:')) {
    for (const record of call.records.allIn(call.region))
      for (const changeSet of record.changeSets.values())
        if (changeSet.changeSetId === name) return { record, changeSet };
    throw new ChangeSetNotFoundError(`ChangeSet [${name}] does not exist`);
  }
  if (stackName === undefined || stackName === '')
    throw new ApiValidationError('StackName must be specified if ChangeSetName is not specified as an ARN.');
  const record = stackOrFail(call, stackName, 'brackets');
  const changeSet = record.changeSets.get(name);
  if (changeSet === undefined) throw new ChangeSetNotFoundError(`ChangeSet [${name}] does not exist`);
  return { record, changeSet };
}

/** DescribeChangeSet. */
export const describeChangeSet: ApiAction = async (call) => {
  const { changeSet } = changeSetOrFail(call);
  return defined({
    ChangeSetName: changeSet.changeSetName,
    ChangeSetId: changeSet.changeSetId,
    StackId: changeSet.stackId,
    StackName: changeSet.stackName,
    Description: changeSet.description,
    Parameters: members(
      Object.entries(changeSet.parameters).map(([key, value]) => ({ ParameterKey: key, ParameterValue: value })),
    ),
    CreationTime: isoDate(changeSet.creationTime),
    ExecutionStatus: changeSet.executionStatus,
    Status: changeSet.status,
    StatusReason: changeSet.statusReason,
    NotificationARNs: '',
    RollbackConfiguration: '',
    Capabilities: members(changeSet.capabilities),
    Tags: members(changeSet.tags),
    // A change set still being computed lists no changes yet.
    Changes: members(changeSet.status === 'CREATE_COMPLETE' ? changeSet.changes.map(changeXml) : []),
    IncludeNestedStacks: false,
  });
};

function changeXml(change: ChangeSetRecord['changes'][number]): Record<string, unknown> {
  return {
    Type: 'Resource',
    ResourceChange: defined({
      Action: change.action,
      LogicalResourceId: change.logicalId,
      PhysicalResourceId: change.physicalId,
      ResourceType: change.resourceType,
      Replacement: change.replacement,
      Scope: members(change.action === 'Modify' && change.details.length > 0 ? ['Properties'] : []),
      Details: members(
        change.details.map((detail) => ({
          Target: { Attribute: 'Properties', Name: detail.name, RequiresRecreation: detail.requiresRecreation },
          Evaluation: 'Static',
          ChangeSource: 'DirectModification',
        })),
      ),
    }),
  };
}

/** ExecuteChangeSet: the deploy runs through the engine, its events in the stack's log; answered once it has settled (settled-answer.ts). */
export const executeChangeSet: ApiAction = async (call) => {
  const { record, changeSet } = changeSetOrFail(call);
  if (changeSet.executionStatus !== 'AVAILABLE')
    throw new InvalidChangeSetStatusError(
      `ChangeSet [${changeSet.changeSetId}] cannot be executed in its current status of [${changeSet.status}]`,
    );
  startExecution(call, record, changeSet);
  await settledOrLater(record.operation);
  return {};
};

/** DeleteChangeSet: a change set that is not there is no error (the CDK CLI deletes before it creates). */
export const deleteChangeSet: ApiAction = async (call) => {
  try {
    const { record, changeSet } = changeSetOrFail(call);
    record.changeSets.delete(changeSet.changeSetName);
  } catch (error) {
    if (!(error instanceof ChangeSetNotFoundError)) throw error;
  }
  return {};
};

/** ListChangeSets. */
export const listChangeSets: ApiAction = async (call) => {
  const record = stackOrFail(call, requiredParameter(call, 'StackName'), 'brackets');
  return {
    Summaries: members(
      [...record.changeSets.values()].map((changeSet) =>
        defined({
          StackId: changeSet.stackId,
          StackName: changeSet.stackName,
          ChangeSetId: changeSet.changeSetId,
          ChangeSetName: changeSet.changeSetName,
          ExecutionStatus: changeSet.executionStatus,
          Status: changeSet.status,
          StatusReason: changeSet.statusReason,
          CreationTime: isoDate(changeSet.creationTime),
          Description: changeSet.description,
          IncludeNestedStacks: false,
        }),
      ),
    ),
  };
};
