/**
 * The console shows any app's stacks, a stack with no queue too (test/fixtures/publisher-app: a
 * topic under a key and the functions that publish to it): its card carries its topics, with each
 * message's path to the subscriptions, and no queue counts or timeline.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { LAB_MAX_PROPAGATION_MS } from '#lab/common/propagation';
import { type ConsoleState, type LabConsole, startConsole } from '#lab/console/console-server';
import { type Lab, startLab } from '#lab/lab';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

describe('the console’s state of a stack with no queue', () => {
  let lab: Lab;
  let labConsole: LabConsole;
  let lambda: LambdaClient;

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(fixtureApp('publisher-app')) });
    labConsole = await startConsole(lab);
    lambda = new LambdaClient({ endpoint: lab.endpointUrl, region: LAB_REGION, credentials: LAB_CREDENTIALS });
    await new Promise((resolve) => setTimeout(resolve, 2 * LAB_MAX_PROPAGATION_MS));
  }, 120_000);

  afterAll(async () => {
    lambda?.destroy();
    await labConsole?.stop();
    await lab?.stop();
  });

  const state = async (): Promise<ConsoleState> =>
    (await (await fetch(`${labConsole.url}api/state`)).json()) as ConsoleState;

  it('lists the stack, with its topic and no queue', async () => {
    expect(lab.stacks.has('PublisherStack')).toBe(false);
    const stack = (await state()).stacks.find((candidate) => candidate.stackName === 'PublisherStack');
    expect(stack).toMatchObject({ queues: [], inFlight: [], dlqTotal: 0, tableItems: [] });
    expect(stack?.topics.map((topic) => topic.id)).toEqual([expect.stringMatching(/^Events/)]);
  });

  it('shows a message a function published on its topic', async () => {
    const outputs = lab.deployed.get('PublisherStack')?.outputs ?? {};
    await lambda.send(new InvokeCommand({ FunctionName: outputs.GrantedName }));
    const stack = (await state()).stacks.find((candidate) => candidate.stackName === 'PublisherStack');
    expect(stack?.topics[0]?.messages.map((message) => message.preview)).toEqual(['an order']);
  });
});
