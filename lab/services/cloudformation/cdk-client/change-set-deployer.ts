/**
 * The lab's own deploy (`npm run lab`, `lab.deploy`, `npm run lab:deploy`) through the same
 * CloudFormation API the CDK CLI calls, in the CLI's order (aws-cdk's `deploy-stack.ts`, change
 * set method): a stack whose create failed is deleted first; the old `cdk-deploy-change-set` is
 * deleted; a change set is created (TemplateBody, or TemplateURL above 51,200 bytes, with the
 * CLI's capabilities) and waited for; one with no changes is deleted and the stack stays as it
 * is; otherwise it is executed, its stack's events followed until the stack settles. A failed
 * execution throws what the engine failed with (`StackOperationFailedError` after its rollback).
 * The calls go through {@link CloudFormationActions}, the actions the one endpoint serves, in-process.
 */
import type { CloudFormationActions } from '../api/cloudformation-api';
import type { DeployedStack, StackEvent } from '../engine/deployed-stack';
import { ChangeSetFailedError, CloudFormationError } from '../errors';
import type { Template } from '../engine/template';

/** The change set's name, as the CDK CLI names it. */
export const LAB_CHANGE_SET_NAME = 'cdk-deploy-change-set';

/** The capabilities the CDK CLI gives every change set. */
const CLI_CAPABILITIES = ['CAPABILITY_IAM', 'CAPABILITY_NAMED_IAM', 'CAPABILITY_AUTO_EXPAND'];

/** CloudFormation's words for a change set with nothing to do; the CDK CLI matches them too. */
const NO_CHANGES = "The submitted information didn't contain changes";

/** The largest TemplateBody CloudFormation takes; a larger template goes by TemplateURL, as the CLI sends it. */
const TEMPLATE_BODY_MAX_BYTES = 51_200;

/** Statuses of a stack whose create failed: the CLI deletes it before it creates it again. */
const CREATE_FAILURES = new Set(['ROLLBACK_COMPLETE', 'ROLLBACK_FAILED']);

/** One stack the lab deploys. */
export interface ChangeSetDeployRequest {
  readonly stackName: string;
  readonly template: Template;
}

/** How the lab's deploy reaches CloudFormation. */
export interface ChangeSetDeployerOptions {
  readonly actions: CloudFormationActions;
  /**
   * Stores a template too large for TemplateBody and answers its URL (the CLI puts it in the
   * bootstrap bucket; the lab in a bucket of its own).
   */
  storeTemplate(stackName: string, body: string, region: string): Promise<string>;
}

/**
 * Deploys each stack in turn through change sets, in `region`; the first failure ends the deploy.
 * `onEvent` hears each stack's events from its execution on (as `cdk deploy` prints them).
 */
export async function deployThroughChangeSets(
  options: ChangeSetDeployerOptions,
  stacks: readonly ChangeSetDeployRequest[],
  deploy: { readonly region: string; readonly onEvent?: (event: StackEvent) => void },
): Promise<DeployedStack[]> {
  const results: DeployedStack[] = [];
  for (const stack of stacks) results.push(await deployOne(options, stack, deploy));
  return results;
}

async function deployOne(
  options: ChangeSetDeployerOptions,
  stack: ChangeSetDeployRequest,
  deploy: { readonly region: string; readonly onEvent?: (event: StackEvent) => void },
): Promise<DeployedStack> {
  const { actions } = options;
  const { region } = deploy;
  const service = actions.options.cloudformation;
  const records = service.state.records;
  const call = (action: string, parameters: Record<string, string>) =>
    actions.call(action, new Map(Object.entries(parameters)), region);
  const { stackName } = stack;

  let record = records.find(region, stackName);
  if (record !== undefined && CREATE_FAILURES.has(record.status)) {
    await call('DeleteStack', { StackName: record.stackId });
    await record.operation;
    record = undefined;
  }
  const deployed = record === undefined ? undefined : service.state.stacksIn(region).get(stackName);
  if (record !== undefined && deployed !== undefined)
    await call('DeleteChangeSet', { StackName: stackName, ChangeSetName: LAB_CHANGE_SET_NAME });

  const body = JSON.stringify(stack.template, undefined, 1);
  const template: Record<string, string> =
    Buffer.byteLength(body) > TEMPLATE_BODY_MAX_BYTES
      ? { TemplateURL: await options.storeTemplate(stackName, body, region) }
      : { TemplateBody: body };
  const created = await call('CreateChangeSet', {
    StackName: stackName,
    ChangeSetName: LAB_CHANGE_SET_NAME,
    ChangeSetType: deployed === undefined ? 'CREATE' : 'UPDATE',
    Description: 'the lab deploy',
    ...template,
    ...Object.fromEntries(
      CLI_CAPABILITIES.map((capability, index) => [`Capabilities.member.${index + 1}`, capability]),
    ),
  });
  const changeSetId = String(created?.Id);
  const live = records.find(region, stackName);
  const changeSet = live?.changeSets.get(LAB_CHANGE_SET_NAME);
  if (live === undefined || changeSet?.changeSetId !== changeSetId)
    throw new CloudFormationError(`the change set ${changeSetId} of ${stackName} is not in its stack's record`);
  await settled(() => changeSet.status !== 'CREATE_PENDING');
  if (changeSet.status === 'FAILED') {
    await call('DeleteChangeSet', { ChangeSetName: changeSetId });
    if (deployed !== undefined && (changeSet.statusReason ?? '').startsWith(NO_CHANGES)) return deployed;
    throw new ChangeSetFailedError(
      `Failed to create ChangeSet ${LAB_CHANGE_SET_NAME} on ${stackName}: FAILED, ${changeSet.statusReason ?? ''}`,
    );
  }

  const unwatch =
    deploy.onEvent === undefined
      ? () => undefined
      : service.watch((event, eventRegion) => {
          if (eventRegion === region && event.stackName === stackName) deploy.onEvent?.(event);
        });
  try {
    await call('ExecuteChangeSet', { ChangeSetName: changeSetId });
    await live.operation;
  } finally {
    unwatch();
  }
  if (changeSet.executionStatus === 'EXECUTE_FAILED') throw changeSet.executionError;
  const result = service.state.stacksIn(region).get(stackName);
  if (result === undefined) throw new CloudFormationError(`${stackName} is not deployed after its change set ran`);
  return result;
}

/** Waits, a millisecond at a time, until `done` holds (the API settles a change set one turn after it answers). */
async function settled(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 1));
}
