/**
 * The lab's own deploy through change sets (change-set-deployer.ts), over a CloudFormationService
 * with in-memory providers (no lab): the CDK CLI's order (aws-cdk, packages/@aws-cdk/toolkit-lib,
 * api/deployments/deploy-stack.ts: a failed create deleted first, `cdk-deploy-change-set`,
 * "no changes" deleted, TemplateURL above the 51,200-byte TemplateBody limit of
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_CreateChangeSet.html),
 * and what the API shows of it afterwards.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cloudFormationActions } from '#lab/services/cloudformation/api/cloudformation-api';
import { CloudFormationService } from '#lab/services/cloudformation/cloudformation-service';
import {
  type ChangeSetDeployerOptions,
  deployThroughChangeSets,
  LAB_CHANGE_SET_NAME,
} from '#lab/services/cloudformation/cdk-client/change-set-deployer';
import type { StackEvent } from '#lab/services/cloudformation/engine/deployed-stack';
import { StackOperationFailedError } from '#lab/services/cloudformation/errors';
import { ProviderRegistry, type ResourceProvider } from '#lab/services/cloudformation/resource-provider';
import type { Template } from '#lab/services/cloudformation/engine/template';

const ACCOUNT = '000000000000';

/** Keeps things in memory; `Fail: create|update` makes it refuse. */
const thing: ResourceProvider = {
  type: 'Lab::Test::Thing',
  properties: { emulated: [], noted: {}, refused: [], passesOtherKeysToHandler: true },
  async create({ logicalId, properties }) {
    if (properties.Fail === 'create') throw new Error(`${logicalId} refused to be created`);
    return { physicalId: `${logicalId}-${Math.random().toString(36).slice(2)}`, attributes: {} };
  },
  async update({ logicalId, properties, previous }) {
    if (properties.Fail === 'update') throw new Error(`${logicalId} refused the update`);
    return previous;
  },
  async delete() {},
};

function template(properties: Record<string, unknown>, padding = 0): Template {
  return {
    Description: 'x'.repeat(padding),
    Resources: { Box: { Type: 'Lab::Test::Thing', Properties: properties } },
  } as Template;
}

let service: CloudFormationService;
let deployer: ChangeSetDeployerOptions;
const stored = new Map<string, string>();

beforeEach(() => {
  stored.clear();
  service = new CloudFormationService({
    providers: new ProviderRegistry([thing]),
    target: { accountId: ACCOUNT, region: 'us-east-1' },
    validateProperties: false,
  });
  deployer = {
    actions: cloudFormationActions({
      cloudformation: service,
      templateFromUrl: async (url) => {
        const text = stored.get(url);
        if (text === undefined) throw new Error(`no object at ${url}`);
        return text;
      },
    }),
    storeTemplate: async (stackName, body) => {
      const url = `https://templates.s3.us-east-1.amazonaws.com/${stackName}.json`;
      stored.set(url, body);
      return url;
    },
  };
});

const call = (action: string, parameters: Record<string, string>, region = 'us-east-1') =>
  deployer.actions.call(action, new Map(Object.entries(parameters)), region);

describe('the lab deploy through change sets', () => {
  it('creates a stack through cdk-deploy-change-set and reports its events from the execution on', async () => {
    const events: StackEvent[] = [];
    const [stack] = await deployThroughChangeSets(deployer, [{ stackName: 'App', template: template({ Size: 1 }) }], {
      region: 'us-east-1',
      onEvent: (event) => events.push(event),
    });
    expect(stack?.status).toBe('CREATE_COMPLETE');
    expect(events.map((event) => `${event.logicalId} ${event.status}`)).toEqual([
      'App CREATE_IN_PROGRESS',
      'Box CREATE_IN_PROGRESS',
      'Box CREATE_COMPLETE',
      'App CREATE_COMPLETE',
    ]);
    const changeSet = await call('DescribeChangeSet', { StackName: 'App', ChangeSetName: LAB_CHANGE_SET_NAME });
    expect(changeSet).toMatchObject({ ExecutionStatus: 'EXECUTE_COMPLETE', Status: 'CREATE_COMPLETE' });
    // The stack's log begins in review, as a CLI deploy's does.
    const record = service.state.records.find('us-east-1', 'App');
    expect(record?.events[0]?.status).toBe('REVIEW_IN_PROGRESS');
    const got = await call('GetTemplate', { StackName: 'App' });
    expect(JSON.parse(String(got?.TemplateBody))).toEqual(template({ Size: 1 }));
  });

  it('leaves an unchanged stack as it is: no events, the empty change set deleted', async () => {
    const [first] = await deployThroughChangeSets(deployer, [{ stackName: 'App', template: template({ Size: 1 }) }], {
      region: 'us-east-1',
    });
    const events: StackEvent[] = [];
    const [again] = await deployThroughChangeSets(deployer, [{ stackName: 'App', template: template({ Size: 1 }) }], {
      region: 'us-east-1',
      onEvent: (event) => events.push(event),
    });
    expect(again).toBe(first);
    expect(events).toEqual([]);
    expect(service.state.records.find('us-east-1', 'App')?.changeSets.size).toBe(0);
  });

  it('updates, and throws the engine’s failure after its rollback', async () => {
    await deployThroughChangeSets(deployer, [{ stackName: 'App', template: template({ Size: 1 }) }], {
      region: 'us-east-1',
    });
    const [updated] = await deployThroughChangeSets(deployer, [{ stackName: 'App', template: template({ Size: 2 }) }], {
      region: 'us-east-1',
    });
    expect(updated?.status).toBe('UPDATE_COMPLETE');
    const failure = await deployThroughChangeSets(
      deployer,
      [{ stackName: 'App', template: template({ Size: 3, Fail: 'update' }) }],
      { region: 'us-east-1' },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StackOperationFailedError);
    expect(failure).toMatchObject({ status: 'UPDATE_ROLLBACK_COMPLETE', logicalId: 'Box' });
    expect(service.state.records.find('us-east-1', 'App')?.status).toBe('UPDATE_ROLLBACK_COMPLETE');
  });

  it('deletes a stack whose create failed before it creates it again, as the CLI does', async () => {
    const failure = await deployThroughChangeSets(
      deployer,
      [{ stackName: 'App', template: template({ Fail: 'create' }) }],
      { region: 'us-east-1' },
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 'ROLLBACK_COMPLETE' });
    const failedId = service.state.records.find('us-east-1', 'App')?.stackId;
    const [stack] = await deployThroughChangeSets(deployer, [{ stackName: 'App', template: template({ Size: 1 }) }], {
      region: 'us-east-1',
    });
    expect(stack?.status).toBe('CREATE_COMPLETE');
    expect(stack?.stackId).not.toBe(failedId);
    expect(service.state.records.find('us-east-1', String(failedId))?.status).toBe('DELETE_COMPLETE');
  });

  it('sends a template over 51,200 bytes by TemplateURL', async () => {
    const big = template({ Size: 1 }, 60_000);
    const [stack] = await deployThroughChangeSets(deployer, [{ stackName: 'Big', template: big }], {
      region: 'us-east-1',
    });
    expect(stack?.status).toBe('CREATE_COMPLETE');
    expect([...stored.keys()]).toEqual(['https://templates.s3.us-east-1.amazonaws.com/Big.json']);
  });

  it('deploys to the region asked for', async () => {
    const [stack] = await deployThroughChangeSets(deployer, [{ stackName: 'App', template: template({ Size: 1 }) }], {
      region: 'ap-northeast-1',
    });
    expect(stack?.stackId).toMatch(/^arn:aws:cloudformation:ap-northeast-1:/);
    expect(service.state.stacksIn('ap-northeast-1').get('App')).toBe(stack);
    expect(service.state.stacksIn('us-east-1').has('App')).toBe(false);
  });

  it('throws the change set refusal for a type no one knows, before any stack exists, in CloudFormation words', async () => {
    const unknownType = { Resources: { Odd: { Type: 'Lab::Test::Missing' } } } as unknown as Template;
    const failure = await deployThroughChangeSets(deployer, [{ stackName: 'Odd', template: unknownType }], {
      region: 'us-east-1',
    }).catch((error: unknown) => error);
    expect((failure as Error).message).toContain(
      'Template format error: Unrecognized resource types: [Lab::Test::Missing]',
    );
    expect(service.state.stacksIn('us-east-1').has('Odd')).toBe(false);
  });
});
