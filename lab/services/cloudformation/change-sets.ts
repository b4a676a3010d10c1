/**
 * The change set actions of the CloudFormation API: CreateChangeSet (a CREATE on a new name
 * makes the stack, in REVIEW_IN_PROGRESS), DescribeChangeSet, ExecuteChangeSet (the deploy runs
 * after the answer, through the lab's engine), DeleteChangeSet and ListChangeSets. Shapes:
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_CreateChangeSet.html and
 * its siblings; words from LocalStack's aws.validated snapshots
 * (tests/aws/services/cloudformation/api/test_changesets.snapshot.json).
 */
import { randomUUID } from 'node:crypto';
import { listParameter, members } from '../../gateway/protocols/query-protocol';
import {
  type ApiAction,
  type ApiCall,
  defined,
  deployedOf,
  isoDate,
  requiredParameter,
  stackOrFail,
  templateBodyOf,
} from './api-context';
import { resourceChanges } from './change-set-diff';
import {
  ApiValidationError,
  ChangeSetNotFoundError,
  CloudFormationError,
  InvalidChangeSetStatusError,
  StackOperationFailedError,
} from './errors';
import { checkCapabilities } from './stack-capabilities';
import { type ChangeSetRecord, STACK_RESOURCE_TYPE, type StackRecord, type StackTag } from './stack-records';
import { parseTemplateBody } from './template-body';
import { templateParameters } from './template-parameters';
import type { Template } from './template';

/** CloudFormation's reason for a change set with nothing to do; the CDK CLI matches its start. */
export const NO_CHANGES_REASON =
  "The submitted information didn't contain changes. Submit different information to create a change set.";

/** The template text a create or update submits: TemplateBody, TemplateURL or UsePreviousTemplate. */
export async function submittedTemplate(
  call: ApiCall,
  record: StackRecord | undefined,
): Promise<{ body: string; template: Template }> {
  const body = call.parameters.get('TemplateBody');
  const url = call.parameters.get('TemplateURL');
  const usePrevious = call.parameters.get('UsePreviousTemplate') === 'true';
  if ([body, url].filter((given) => given !== undefined).length + (usePrevious ? 1 : 0) !== 1)
    throw new ApiValidationError('Specify exactly one of TemplateBody, TemplateURL or UsePreviousTemplate.');
  if (body !== undefined && Buffer.byteLength(body) > TEMPLATE_BODY_MAX_BYTES)
    throw new ApiValidationError(
      `1 validation error detected: Value '${body}' at 'templateBody' failed to satisfy constraint: Member must have length less than or equal to ${TEMPLATE_BODY_MAX_BYTES}`,
    );
  let text: string | undefined = body;
  if (url !== undefined) text = await templateAt(call, url);
  if (usePrevious) {
    text = record === undefined ? undefined : templateBodyOf(call, record);
    if (text === undefined) throw new ApiValidationError('UsePreviousTemplate can only be used on an existing stack.');
  }
  return { body: text ?? '', template: parseTemplateBody(text ?? '') };
}

/**
 * The largest TemplateBody CloudFormation takes (a larger template goes through S3, as the CDK
 * CLI does above 50 KiB); AWS's words from LocalStack's provider (v2/provider.py, CreateChangeSet).
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_CreateChangeSet.html
 */
export const TEMPLATE_BODY_MAX_BYTES = 51_200;

/** The text at a TemplateURL; what the reader fails with becomes CloudFormation's "S3 error". */
async function templateAt(call: ApiCall, url: string): Promise<string> {
  try {
    return await call.options.templateFromUrl(url);
  } catch (error) {
    if (error instanceof CloudFormationError) throw error;
    throw new ApiValidationError(`S3 error: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/**
 * The parameter values a change set deploys with: given ones, previous ones where
 * `UsePreviousValue` asks, and AWS's words for unknown or missing ones.
 */
export function submittedParameters(
  call: ApiCall,
  template: Template,
  previous: Readonly<Record<string, string>>,
): Record<string, string> {
  const declared = template.Parameters ?? {};
  const values: Record<string, string> = {};
  const unknown: string[] = [];
  for (const item of listParameter(call.parameters, 'Parameters')) {
    if (typeof item !== 'object' || item.ParameterKey === undefined) continue;
    const key = item.ParameterKey;
    if (!(key in declared)) unknown.push(key);
    else if (item.UsePreviousValue === 'true') {
      const value = previous[key];
      if (value !== undefined) values[key] = value;
    } else if (item.ParameterValue !== undefined) values[key] = item.ParameterValue;
  }
  if (unknown.length > 0)
    throw new ApiValidationError(`Parameters: [${unknown.join(', ')}] do not exist in the template`);
  const missing = Object.entries(declared)
    .filter(([key, parameter]) => values[key] === undefined && parameter.Default === undefined)
    .map(([key]) => key);
  if (missing.length > 0) throw new ApiValidationError(`Parameters: [${missing.join(', ')}] must have values`);
  return values;
}

/** The stack's tags from a request (`Tags.member.N.Key/Value`). */
export function submittedTags(call: ApiCall): StackTag[] {
  return listParameter(call.parameters, 'Tags').flatMap((item) =>
    typeof item === 'object' && item.Key !== undefined ? [{ Key: item.Key, Value: item.Value ?? '' }] : [],
  );
}

/** A stack name or id, as the API's model constrains it (test_stacks.snapshot.json quotes the pattern). */
const STACK_NAME = /^(?:[a-zA-Z][-a-zA-Z0-9]*|arn:[-a-zA-Z0-9:/._+]*)$/;

/** A change set prepared, and whether it would change nothing. */
export interface PreparedChangeSet {
  readonly record: StackRecord;
  readonly changeSet: ChangeSetRecord;
  readonly unchanged: boolean;
}

/**
 * Reads and checks a create or update request (template, parameters, capabilities, tags), makes
 * the stack for a CREATE on a new name (REVIEW_IN_PROGRESS), and records the change set, still
 * CREATE_PENDING ({@link settleChangeSet} completes it).
 */
export async function prepareChangeSet(
  call: ApiCall,
  request: {
    readonly stackName: string;
    readonly changeSetName: string;
    readonly type: string;
    /** A CreateStack's stack starts in its create, not in review (default true: a change set's new stack is reviewed). */
    readonly review?: boolean;
  },
): Promise<PreparedChangeSet> {
  const { stackName, changeSetName, type } = request;
  if (type === 'IMPORT')
    throw new ApiValidationError('The lab does not import resources: ChangeSetType IMPORT is not supported.');
  if (type !== 'CREATE' && type !== 'UPDATE')
    throw new ApiValidationError(
      `1 validation error detected: Value '${type}' at 'changeSetType' failed to satisfy constraint: Member must satisfy enum value set: [IMPORT, UPDATE, CREATE]`,
    );
  if (!STACK_NAME.test(stackName))
    throw new ApiValidationError(
      `1 validation error detected: Value '${stackName}' at 'stackName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z][-a-zA-Z0-9]*|arn:[-a-zA-Z0-9:/._+]*`,
    );
  const existing = call.records.find(call.region, stackName);
  if (type === 'CREATE' && existing !== undefined && existing.status !== 'REVIEW_IN_PROGRESS')
    throw new ApiValidationError(
      `Stack [${stackName}] already exists and cannot be created again with the changeSet [${changeSetName}].`,
    );
  if (type === 'UPDATE') {
    const record = stackOrFail(call, stackName, 'brackets');
    const busy = record.status.endsWith('_IN_PROGRESS') && record.status !== 'REVIEW_IN_PROGRESS';
    if (busy || deployedOf(call, record) === undefined)
      throw new ApiValidationError(`Stack:${record.stackId} is in ${record.status} state and can not be updated.`);
  }
  const { body, template } = await submittedTemplate(call, existing);
  const parameters = submittedParameters(call, template, existing?.parameters ?? {});
  const capabilities = listParameter(call.parameters, 'Capabilities').filter((item) => typeof item === 'string');
  checkCapabilities(template, capabilities);
  const tags = submittedTags(call);
  const service = call.options.cloudformation;
  const target = { ...service.target, region: call.region };
  const values = service.parametersFor(template, parameters);
  const stackId = existing?.stackId ?? service.newStackId(stackName, call.region);
  // SSM parameters that are not there, in AWS's words (quoted in aws/aws-cdk#18453).
  const unfetched = Object.entries(template.Parameters ?? {})
    .filter(([name, parameter]) => parameter.Type.startsWith('AWS::SSM::Parameter::Value<') && !(name in parameters))
    .map(([, parameter]) => String(parameter.Default))
    .filter((ssmName) => values[ssmName] === undefined);
  if (unfetched.length > 0)
    throw new ApiValidationError(
      `Unable to fetch parameters [${unfetched.join(',')}] from parameter store for this account.`,
    );
  // Parameters the template cannot resolve are refused now, as CloudFormation refuses them at creation.
  templateParameters({ stackName, template, target, parameters: values }, stackId);

  const now = call.now();
  const record = existing ?? call.records.create(call.region, stackName, stackId, 'REVIEW_IN_PROGRESS', now);
  if (existing === undefined && request.review !== false)
    call.records.log(record, {
      timestamp: now,
      logicalId: stackName,
      resourceType: STACK_RESOURCE_TYPE,
      status: 'REVIEW_IN_PROGRESS',
      physicalId: record.stackId,
      reason: 'User Initiated',
    });
  const deployed = type === 'UPDATE' ? deployedOf(call, record) : undefined;
  const changes = resourceChanges({
    stackName,
    stackId: record.stackId,
    target,
    previousParameters: record.parameters,
    template,
    parameters: values,
    providers: service.providers,
    ...(deployed === undefined ? {} : { deployed }),
  });
  const unchanged =
    deployed !== undefined &&
    JSON.stringify(deployed.template) === JSON.stringify(template) &&
    sameEntries(record.parameters, parameters) &&
    JSON.stringify(record.tags) === JSON.stringify(tags);
  const description = call.parameters.get('Description');
  const changeSet: ChangeSetRecord = {
    changeSetId: `arn:aws:cloudformation:${call.region}:${service.target.accountId}:changeSet/${changeSetName}/${randomUUID()}`,
    changeSetName,
    stackId: record.stackId,
    stackName,
    type,
    status: 'CREATE_PENDING',
    executionStatus: 'UNAVAILABLE',
    creationTime: now,
    template,
    templateBody: body,
    parameters,
    capabilities,
    tags,
    changes,
    ...(description === undefined ? {} : { description }),
  };
  record.changeSets.set(changeSetName, changeSet);
  return { record, changeSet, unchanged };
}

/** Completes a prepared change set: executable, or FAILED with the reason CloudFormation gives when nothing changes. */
export function settleChangeSet({ changeSet, unchanged }: PreparedChangeSet): void {
  if (unchanged) {
    changeSet.status = 'FAILED';
    changeSet.statusReason = NO_CHANGES_REASON;
  } else {
    changeSet.status = 'CREATE_COMPLETE';
    changeSet.executionStatus = 'AVAILABLE';
  }
}

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

function sameEntries(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const sorted = (record: Readonly<Record<string, string>>) => JSON.stringify(Object.entries(record).sort());
  return sorted(a) === sorted(b);
}

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

/** ExecuteChangeSet: answers at once; the deploy runs on, its events in the stack's log. */
export const executeChangeSet: ApiAction = async (call) => {
  const { record, changeSet } = changeSetOrFail(call);
  if (changeSet.executionStatus !== 'AVAILABLE')
    throw new InvalidChangeSetStatusError(
      `ChangeSet [${changeSet.changeSetId}] cannot be executed in its current status of [${changeSet.status}]`,
    );
  startExecution(call, record, changeSet);
  return {};
};

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
