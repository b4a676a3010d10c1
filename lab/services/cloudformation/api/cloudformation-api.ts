/**
 * The lab's CloudFormation API on its one endpoint (AWS's query protocol, answered in XML), over
 * the lab's own engine (CloudFormationService): what the CDK CLI calls to bootstrap, deploy,
 * diff and destroy (/work/shared/notes/cdk-cli-on-the-lab.md), and the AWS CLI beside it.
 * Each action lives in a small file: change-sets.ts, stack-descriptions.ts, stack-operations.ts;
 * the state in stack-records.ts. An action it does not know is the query protocol's
 * `InvalidAction` (400); bad input a `ValidationError` in AWS's words.
 */
import type { GatewayHandler } from '../../../gateway/gateway-handler';
import { queryError, queryParameters, queryResponse } from '../../../gateway/protocols/query-protocol';
import { ownProperty } from '../../../common/own-property';
import { ServiceError } from '../../service-error';
import { ApiValidationError, InvalidActionError } from '../errors';
import type { ApiAction, CloudFormationApiOptions } from './api-context';
import { createChangeSet, deleteChangeSet, describeChangeSet, executeChangeSet, listChangeSets } from './change-sets';
import {
  describeStackEvents,
  describeStackResource,
  describeStackResources,
  describeStacks,
  getTemplate,
  getTemplateSummary,
  listExports,
  listStackResources,
  listStacks,
  validateTemplate,
} from './stack-descriptions';
import { createStack, deleteStack, updateStack, updateTerminationProtection } from './stack-operations';

export type { CloudFormationApiOptions } from './api-context';

/** CloudFormation's XML namespace (the 2010-05-15 API). */
const CLOUDFORMATION_NAMESPACE = 'http://cloudformation.amazonaws.com/doc/2010-05-15/';

const ACTIONS: Readonly<Record<string, ApiAction>> = {
  CreateChangeSet: createChangeSet,
  CreateStack: createStack,
  DeleteChangeSet: deleteChangeSet,
  DeleteStack: deleteStack,
  DescribeChangeSet: describeChangeSet,
  DescribeStackEvents: describeStackEvents,
  DescribeStackResource: describeStackResource,
  DescribeStackResources: describeStackResources,
  DescribeStacks: describeStacks,
  ExecuteChangeSet: executeChangeSet,
  GetTemplate: getTemplate,
  GetTemplateSummary: getTemplateSummary,
  ListChangeSets: listChangeSets,
  ListExports: listExports,
  ListStackResources: listStackResources,
  ListStacks: listStacks,
  UpdateStack: updateStack,
  UpdateTerminationProtection: updateTerminationProtection,
  ValidateTemplate: validateTemplate,
};

/**
 * The API's actions called in-process, as the endpoint calls them after parsing a request:
 * `parameters` are the query protocol's (`TemplateBody`, `Capabilities.member.1`, …). The lab's
 * own deploy (change-set-deployer.ts) goes through here, the same path as the CDK CLI's.
 */
export interface CloudFormationActions {
  readonly options: CloudFormationApiOptions;
  /** Runs `action`; throws its `ServiceError` (AWS's code and words) when it refuses. */
  call(
    action: string,
    parameters: ReadonlyMap<string, string>,
    region: string,
  ): Promise<Record<string, unknown> | undefined>;
}

/** The actions over `options` (one set of stack records: the service's). */
export function cloudFormationActions(options: CloudFormationApiOptions): CloudFormationActions {
  const records = options.cloudformation.state.records;
  const now = options.now ?? (() => new Date());
  return {
    options,
    call(action, parameters, region) {
      const run = ownProperty(ACTIONS, action);
      if (run === undefined)
        throw new InvalidActionError(
          `The action ${action} is not valid for this web service; the lab's CloudFormation answers ${Object.keys(ACTIONS).join(', ')}.`,
        );
      return run({ options, records, region, parameters, now });
    },
  };
}

/** The CloudFormation API as a handler of the lab's endpoint (signing name `cloudformation`). */
export function cloudFormationApi(options: CloudFormationApiOptions): GatewayHandler {
  const actions = cloudFormationActions(options);
  return {
    signingName: 'cloudformation',
    async handle(request) {
      let action = '';
      try {
        const parameters = queryParameters(request.body, request.query, (message) => new ApiValidationError(message));
        action = parameters.get('Action') ?? '';
        const result = await actions.call(action, parameters, request.region);
        return queryResponse(action, CLOUDFORMATION_NAMESPACE, result);
      } catch (error) {
        if (error instanceof ServiceError)
          return queryError(error.code, error.message, error.statusCode, CLOUDFORMATION_NAMESPACE);
        throw error;
      }
    },
  };
}
