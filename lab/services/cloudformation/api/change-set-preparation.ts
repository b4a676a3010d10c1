/**
 * A change set made from a create or update request: the request checked (stack name, type,
 * the stack's state, capabilities, SSM parameters), the stack made for a CREATE on a new name
 * (REVIEW_IN_PROGRESS), the changes computed (change-set-diff.ts), and whether it would change
 * nothing, which ends it FAILED with CloudFormation's reason. Words from LocalStack's
 * aws.validated snapshots (tests/aws/services/cloudformation/api/test_changesets.snapshot.json).
 */
import { checkResourceTypes } from './resource-types';
import { randomUUID } from 'node:crypto';
import { listParameter } from '../../../gateway/protocols/query-protocol';
import { type ApiCall, deployedOf, stackOrFail } from './api-context';
import { resourceChanges } from './change-set-diff';
import { ApiValidationError } from '../errors';
import { checkCapabilities } from '../engine/stack-capabilities';
import { type ChangeSetRecord, STACK_RESOURCE_TYPE, type StackRecord } from './stack-records';
import { submittedParameters, submittedTags, submittedTemplate } from './stack-request';
import { templateParameters } from '../engine/template-parameters';

/** CloudFormation's reason for a change set with nothing to do; the CDK CLI matches its start. */
const NO_CHANGES_REASON =
  "The submitted information didn't contain changes. Submit different information to create a change set.";

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
  const resolved = templateParameters({ stackName, template, target, parameters: values }, stackId);
  // So are types the lab cannot deploy: unknown ones anywhere, unserved ones where their condition holds.
  checkResourceTypes(template, service.providers, resolved);

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

function sameEntries(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const sorted = (record: Readonly<Record<string, string>>) => JSON.stringify(Object.entries(record).sort());
  return sorted(a) === sorted(b);
}
