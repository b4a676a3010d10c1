/**
 * The read actions of the CloudFormation API: DescribeStacks, ListStacks, ListExports,
 * DescribeStackEvents (newest first, in pages), DescribeStackResources, DescribeStackResource,
 * ListStackResources, GetTemplate (the text as submitted: the CDK CLI compares it),
 * GetTemplateSummary and ValidateTemplate. Shapes:
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_DescribeStacks.html and
 * its siblings; words from LocalStack's aws.validated snapshots
 * (tests/aws/services/cloudformation/api/test_stacks.snapshot.json, test_templates.snapshot.json).
 */
import { listParameter, members } from '../../../gateway/protocols/query-protocol';
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
import { submittedTemplate } from './stack-request';
import { ApiValidationError } from '../errors';
import { requiredCapability } from '../engine/stack-capabilities';
import type { ApiStackEvent, StackRecord } from './stack-records';
import type { Template } from '../engine/template';

/** The template a stack stands on: deployed, or (in review) its newest change set's. */
function templateOf(call: ApiCall, record: StackRecord): Template | undefined {
  return deployedOf(call, record)?.template ?? [...record.changeSets.values()].at(-1)?.template;
}

function stackXml(call: ApiCall, record: StackRecord): Record<string, unknown> {
  const deployed = deployedOf(call, record);
  const template = templateOf(call, record);
  const outputs = Object.entries(deployed?.outputs ?? {}).map(([key, value]) =>
    defined({
      OutputKey: key,
      OutputValue: call.options.localizeOutput?.(record.stackName, key, value) ?? value,
      Description: deployed?.template.Outputs?.[key]?.Description,
      ExportName: deployed?.exports?.[key],
    }),
  );
  const resolved = template === undefined ? {} : call.options.cloudformation.parametersFor(template);
  const parameters = Object.entries(template?.Parameters ?? {}).map(([key, parameter]) =>
    defined({
      ParameterKey: key,
      ParameterValue:
        record.parameters[key] ?? (parameter.Default === undefined ? undefined : String(parameter.Default)),
      ResolvedValue: parameter.Type.startsWith('AWS::SSM::Parameter::Value<')
        ? resolved[String(parameter.Default)]
        : undefined,
    }),
  );
  return defined({
    StackId: record.stackId,
    StackName: record.stackName,
    ChangeSetId: record.changeSetId,
    Description: template?.Description,
    Parameters: members(parameters),
    CreationTime: isoDate(record.creationTime),
    DeletionTime: isoDate(record.deletionTime),
    LastUpdatedTime: isoDate(record.lastUpdatedTime),
    StackStatus: record.status,
    StackStatusReason: record.statusReason,
    DisableRollback: false,
    NotificationARNs: '',
    Capabilities: members(record.capabilities),
    Outputs: members(outputs),
    Tags: members(record.tags),
    EnableTerminationProtection: record.terminationProtection,
    DriftInformation: { StackDriftStatus: 'NOT_CHECKED' },
  });
}

/** DescribeStacks: one stack (a missing one is AWS's "Stack with id X does not exist"), or every live one. */
export const describeStacks: ApiAction = async (call) => {
  const name = call.parameters.get('StackName');
  const records =
    name === undefined || name === '' ? call.records.liveStacks(call.region) : [stackOrFail(call, name, 'with-id')];
  return { Stacks: members(records.map((record) => stackXml(call, record))) };
};

/** ListStacks: every stack of the region, deleted ones too, filtered by status. */
export const listStacks: ApiAction = async (call) => {
  const filter = listParameter(call.parameters, 'StackStatusFilter').filter((item) => typeof item === 'string');
  const records = call.records
    .allIn(call.region)
    .filter((record) => filter.length === 0 || filter.includes(record.status))
    .reverse();
  return {
    StackSummaries: members(
      records.map((record) =>
        defined({
          StackId: record.stackId,
          StackName: record.stackName,
          TemplateDescription: templateOf(call, record)?.Description,
          CreationTime: isoDate(record.creationTime),
          LastUpdatedTime: isoDate(record.lastUpdatedTime),
          DeletionTime: isoDate(record.deletionTime),
          StackStatus: record.status,
          StackStatusReason: record.statusReason,
          DriftInformation: { StackDriftStatus: 'NOT_CHECKED' },
        }),
      ),
    ),
  };
};

/** ListExports: the exported outputs of the region's live stacks. */
export const listExports: ApiAction = async (call) => {
  const exports = call.records.liveStacks(call.region).flatMap((record) => {
    const deployed = deployedOf(call, record);
    return Object.entries(deployed?.exports ?? {}).map(([key, name]) => ({
      ExportingStackId: record.stackId,
      Name: name,
      Value: deployed?.outputs[key] ?? '',
    }));
  });
  return { Exports: members(exports) };
};

/** DescribeStackEvents: newest first, a page at a time (the token names the page's first event). */
export const describeStackEvents: ApiAction = async (call) => {
  const record = stackOrFail(call, requiredParameter(call, 'StackName'), 'brackets');
  const newestFirst = [...record.events].reverse();
  const token = call.parameters.get('NextToken');
  const start = token === undefined ? 0 : newestFirst.findIndex((event) => event.eventId === token);
  if (start < 0) throw new ApiValidationError('Invalid NextToken.');
  const size = call.options.eventsPageSize ?? 100;
  const page = newestFirst.slice(start, start + size);
  const next = newestFirst[start + size];
  return defined({ StackEvents: members(page.map(eventXml)), NextToken: next?.eventId });
};

function eventXml(event: ApiStackEvent): Record<string, unknown> {
  return defined({
    StackId: event.stackId,
    EventId: event.eventId,
    StackName: event.stackName,
    LogicalResourceId: event.logicalId,
    PhysicalResourceId: event.physicalId ?? '',
    ResourceType: event.resourceType,
    Timestamp: isoDate(event.timestamp),
    ResourceStatus: event.status,
    ResourceStatusReason: event.reason,
  });
}

/** Each resource of a live stack, with its last status and when it got it. */
function resourcesOf(call: ApiCall, record: StackRecord) {
  const deployed = deployedOf(call, record);
  return [...(deployed?.resources ?? new Map())].map(([logicalId, resource]) => {
    const last = record.events.findLast((event) => event.logicalId === logicalId);
    return {
      logicalId,
      physicalId: resource.physicalId,
      type: resource.type,
      status: last?.status ?? 'CREATE_COMPLETE',
      timestamp: last?.timestamp ?? record.creationTime,
      metadata: deployed?.template.Resources[logicalId]?.Metadata,
    };
  });
}

type ResourceView = ReturnType<typeof resourcesOf>[number];

/**
 * One resource as the three resource actions write it: DescribeStackResources (`Timestamp`, with
 * the stack), DescribeStackResource (`LastUpdatedTimestamp`, with the stack and its metadata),
 * ListStackResources (`LastUpdatedTimestamp` only).
 */
function resourceXml(
  record: StackRecord,
  resource: ResourceView,
  shape: 'resource' | 'detail' | 'summary',
): Record<string, unknown> {
  return defined({
    ...(shape === 'summary' ? {} : { StackName: record.stackName, StackId: record.stackId }),
    LogicalResourceId: resource.logicalId,
    PhysicalResourceId: resource.physicalId,
    ResourceType: resource.type,
    [shape === 'resource' ? 'Timestamp' : 'LastUpdatedTimestamp']: isoDate(resource.timestamp),
    ResourceStatus: resource.status,
    Metadata: shape === 'detail' && resource.metadata !== undefined ? JSON.stringify(resource.metadata) : undefined,
    DriftInformation: { StackResourceDriftStatus: 'NOT_CHECKED' },
  });
}

/** DescribeStackResources (by StackName, optionally one LogicalResourceId). */
export const describeStackResources: ApiAction = async (call) => {
  const name = call.parameters.get('StackName');
  if (name === undefined || name === '')
    throw new ApiValidationError('The lab answers DescribeStackResources by StackName only.');
  const record = stackOrFail(call, name, 'with-id');
  const logicalId = call.parameters.get('LogicalResourceId');
  const resources = resourcesOf(call, record).filter(
    (resource) => logicalId === undefined || resource.logicalId === logicalId,
  );
  return { StackResources: members(resources.map((resource) => resourceXml(record, resource, 'resource'))) };
};

/** DescribeStackResource. */
export const describeStackResource: ApiAction = async (call) => {
  const record = stackOrFail(call, requiredParameter(call, 'StackName'), 'with-id');
  const logicalId = requiredParameter(call, 'LogicalResourceId');
  const resource = resourcesOf(call, record).find((candidate) => candidate.logicalId === logicalId);
  if (resource === undefined)
    throw new ApiValidationError(`Resource ${logicalId} does not exist for stack ${record.stackName}`);
  return { StackResourceDetail: resourceXml(record, resource, 'detail') };
};

/** ListStackResources (one page: the lab's stacks are small). */
export const listStackResources: ApiAction = async (call) => {
  const record = stackOrFail(call, requiredParameter(call, 'StackName'), 'with-id');
  return {
    StackResourceSummaries: members(
      resourcesOf(call, record).map((resource) => resourceXml(record, resource, 'summary')),
    ),
  };
};

/** GetTemplate: the text as submitted (a change set's with ChangeSetName), JSON for a stack the lab deployed itself. */
export const getTemplate: ApiAction = async (call) => {
  const record = stackOrFail(call, requiredParameter(call, 'StackName'), 'with-id');
  const changeSetName = call.parameters.get('ChangeSetName');
  let body: string | undefined;
  if (changeSetName !== undefined) {
    const changeSet = [...record.changeSets.values()].find(
      (candidate) => candidate.changeSetName === changeSetName || candidate.changeSetId === changeSetName,
    );
    if (changeSet === undefined) throw new ApiValidationError(`ChangeSet [${changeSetName}] does not exist`);
    body = changeSet.templateBody;
  } else body = templateBodyOf(call, record) ?? [...record.changeSets.values()].at(-1)?.templateBody;
  return { TemplateBody: body ?? '{}', StagesAvailable: members(['Original', 'Processed']) };
};

function parameterDeclarations(template: Template, withType: boolean): Record<string, unknown>[] {
  return Object.entries(template.Parameters ?? {}).map(([key, parameter]) =>
    defined({
      ParameterKey: key,
      DefaultValue: parameter.Default === undefined ? undefined : String(parameter.Default),
      ParameterType: withType ? parameter.Type : undefined,
      NoEcho: String(parameter.NoEcho) === 'true',
      Description: parameter.Description,
    }),
  );
}

function capabilitiesXml(template: Template): Record<string, unknown> {
  const needed = requiredCapability(template);
  return defined({
    Capabilities: members(needed === undefined ? [] : [needed]),
    CapabilitiesReason: needed === undefined ? undefined : 'The following resource(s) require capabilities: IAM',
  });
}

/** The template a summary or a validation reads: TemplateBody, TemplateURL, or a stack's. */
async function templateToRead(call: ApiCall): Promise<Template> {
  const stackName = call.parameters.get('StackName');
  if (stackName === undefined) return (await submittedTemplate(call, undefined)).template;
  const record = stackOrFail(call, stackName, 'with-id');
  if (record.status === 'REVIEW_IN_PROGRESS')
    throw new ApiValidationError('GetTemplateSummary cannot be called on REVIEW_IN_PROGRESS stacks.');
  const template = templateOf(call, record);
  if (template === undefined) throw new ApiValidationError(`Stack with id ${stackName} does not exist`);
  return template;
}

/** GetTemplateSummary. */
export const getTemplateSummary: ApiAction = async (call) => {
  const template = await templateToRead(call);
  return defined({
    Parameters: members(parameterDeclarations(template, true)),
    Description: template.Description,
    ...capabilitiesXml(template),
    ResourceTypes: members([...new Set(Object.values(template.Resources).map((resource) => resource.Type))]),
    Version: '2010-09-09',
    DeclaredTransforms: members(template.Transform === undefined ? [] : [template.Transform].flat().map(String)),
  });
};

/** ValidateTemplate. */
export const validateTemplate: ApiAction = async (call) => {
  const { template } = await submittedTemplate(call, undefined);
  return defined({
    Parameters: members(parameterDeclarations(template, false)),
    Description: template.Description,
    ...capabilitiesXml(template),
    DeclaredTransforms: members(template.Transform === undefined ? [] : [template.Transform].flat().map(String)),
  });
};
