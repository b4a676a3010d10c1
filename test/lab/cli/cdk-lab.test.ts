/**
 * The learner's own commands on the lab: the pinned CDK CLI (aws-cdk, unmodified) run through
 * `npm run cdk:lab` against one lab, in a copy of the app. The commands and their order are the
 * README's AWS session: bootstrap, deploy with an outputs file, the tutorial's curl, diff, an
 * edit and its deploy, a hotswap of a handler, destroy. One lab serves the whole file; each step
 * reads the state the one before it left, so they run in order. The diff step's synthesis is
 * also the README's `npx cdk synth --all`, offline, with a `cdk.context.json` as a learner writes it.
 *
 * What the CLI expects of CloudFormation, S3, STS and SSM is in the CLI's own code and AWS's API
 * references (https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/); the lab's
 * answers are parsed by the CLI's bundled SDK, so a shape the lab gets wrong fails the command.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, ListQueuesCommand } from '@aws-sdk/client-sqs';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { writeLabOutputs } from '#lab/outputs';
import { PROJECT_ROOT } from '#lib/project-root';
import { VISIBILITY_DUP } from '#lib/settings';
import { functionEvents } from '#lab/test/helpers/bus-records';
import { waitFor } from '#lab/test/helpers/wait-for';
import { copyProject, type ProjectCopy } from '#test/helpers/project-copy';
import { runCdkOnLab } from '#lab/bench/run-cdk-on-lab';
import { type CommandResult, runCommand } from '#lab/bench/run-command';

let lab: Lab;
let project: ProjectCopy;
let labOutputs: string;
let cloudformation: CloudFormationClient;
const COMMAND_MS = 150_000;

/** `npm run cdk:lab -- <args>` in the copy of the app. */
function cdkLab(...args: string[]): Promise<CommandResult> {
  return runCommand(
    process.execPath,
    ['--import', 'tsx', join(PROJECT_ROOT, 'lab', 'cli', 'cdk-lab.ts'), '--lab-outputs', labOutputs, ...args],
    { cwd: project.dir, timeoutMs: COMMAND_MS },
  );
}

/**
 * The same CLI with the wrapper's environment and arguments (cdk-lab-environment.ts), without the
 * wrapper's own process: the steps after the bootstrap, which runs through the wrapper itself.
 */
function cdk(...args: string[]): Promise<CommandResult> {
  return runCdkOnLab(lab.endpointUrl, args, { cwd: project.dir, timeoutMs: COMMAND_MS });
}

function succeeded(result: CommandResult): void {
  if (result.code !== 0) throw new Error(`cdk exited ${result.code}:\n${result.stderr.slice(-4000)}`);
}

async function stackStatus(stackName: string): Promise<string | undefined> {
  try {
    const { Stacks = [] } = await cloudformation.send(new DescribeStacksCommand({ StackName: stackName }));
    return Stacks[0]?.StackStatus;
  } catch (error) {
    if ((error as Error).message === `Stack with id ${stackName} does not exist`) return undefined;
    throw error;
  }
}

function queueUrl(): string {
  return lab.outputs().VisibilityDupStack?.QueueUrl ?? '';
}

async function redrivePolicy(): Promise<{ maxReceiveCount?: number }> {
  const { Attributes = {} } = await lab.clients.sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl(), AttributeNames: ['RedrivePolicy'] }),
  );
  return JSON.parse(Attributes.RedrivePolicy ?? '{}') as { maxReceiveCount?: number };
}

/** `AwsCliEnvironment` (`NAME=value NAME=value …`) as variables. */
function cliEnvironment(line: string): Record<string, string> {
  return Object.fromEntries(
    line
      .split(' ')
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

beforeAll(async () => {
  project = copyProject('sqs-lab-cdk-cli-');
  // Both stacks known to the lab (its views, its assembly), none deployed: the CLI deploys them.
  // One poller per mapping: nothing here measures scaling, and idle long polls cost the CPU the CLI needs.
  lab = await startTutorialLab({ deployOnStart: false, pollers: 1 });
  labOutputs = join(project.dir, 'cdk-outputs.local.json');
  await writeLabOutputs(labOutputs, lab.outputs());
  cloudformation = new CloudFormationClient({
    region: LAB_REGION,
    endpoint: lab.endpointUrl,
    credentials: LAB_CREDENTIALS,
  });
}, 120_000);

afterAll(async () => {
  cloudformation?.destroy();
  await lab?.stop();
  project?.remove();
});

describe('the CDK CLI against the lab', () => {
  it(
    'cdk bootstrap creates the CDKToolkit stack, its bucket and the version parameter',
    async () => {
      succeeded(await cdkLab('bootstrap', `aws://000000000000/${LAB_REGION}`));
      expect(await stackStatus('CDKToolkit')).toBe('CREATE_COMPLETE');
      const ssm = new SSMClient({ region: LAB_REGION, endpoint: lab.endpointUrl, credentials: LAB_CREDENTIALS });
      try {
        const { Parameter } = await ssm.send(new GetParameterCommand({ Name: '/cdk-bootstrap/hnb659fds/version' }));
        expect(Number(Parameter?.Value)).toBeGreaterThanOrEqual(30);
      } finally {
        ssm.destroy();
      }
    },
    COMMAND_MS,
  );

  it(
    'cdk deploy --all writes the outputs file, and the tutorial’s curl enqueues a job with it unchanged',
    async () => {
      succeeded(
        await cdk(
          'deploy',
          '--all',
          '--outputs-file',
          'cdk-outputs.json',
          '--require-approval',
          'never',
          // The assembly the lab synthesized at its start (the same app and context): the CLI's
          // own synthesis and bundling run in the diff and hotswap steps below.
          '--app',
          String(lab.assemblyDir),
        ),
      );
      expect(await stackStatus('VisibilityDupStack')).toBe('CREATE_COMPLETE');
      expect(await stackStatus('BatchPartialStack')).toBe('CREATE_COMPLETE');
      const outputs = JSON.parse(readFileSync(join(project.dir, 'cdk-outputs.json'), 'utf8')) as Record<
        string,
        Record<string, string>
      >;
      const api = outputs.VisibilityDupStack?.ApiEndpoint ?? '';
      expect(new URL(api).hostname).toBe('127.0.0.1');
      const records = lab.logs.collect().records;
      const answer = await fetch(`${api}enqueue`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'cli-1', sleep: 0 }),
      });
      expect(answer.status).toBe(202);
      await waitFor(
        () => functionEvents(records, 'completed').some((record) => record.line.includes('cli-1')),
        30_000,
        'the worker to complete cli-1',
      );
    },
    COMMAND_MS,
  );

  it(
    'cdk diff finds no difference after the deploy',
    async () => {
      const diff = await cdk('diff', '--app', String(lab.assemblyDir));
      expect(diff.code).toBe(0);
      expect(`${diff.stdout}${diff.stderr}`).toContain('There were no differences');
    },
    COMMAND_MS,
  );

  it(
    'an edit of lib/settings.ts, one of a handler and an alarmEmail in cdk.context.json all show in cdk diff',
    async () => {
      const settings = join(project.dir, 'lib', 'settings.ts');
      const text = readFileSync(settings, 'utf8');
      const edited = text.replace('maxReceiveCount: 10,', 'maxReceiveCount: 5,');
      expect(edited).not.toBe(text);
      writeFileSync(settings, edited);
      project.edit('lambda/visibility-dup/send-job.ts', '`Enqueued ${job.id}', '`Enqueued (hotswapped) ${job.id}');
      // The CLI's project context file, as a learner writes it: the CLI passes it on every synth,
      // so the subscription stays without -c on the command line.
      writeFileSync(join(project.dir, 'cdk.context.json'), JSON.stringify({ alarmEmail: 'learner@example.com' }));
      // One synthesis (the CLI's own, bundling included) for the three steps that follow.
      const diff = await cdk('diff', 'VisibilityDupStack', '-o', 'cdk.out');
      const printed = `${diff.stdout}${diff.stderr}`;
      expect(printed).toMatch(/maxReceiveCount[\s\S]{0,200}10[\s\S]{0,200}5/);
      expect(printed).toMatch(/\[~\] AWS::Lambda::Function Producer/);
      expect(printed).toMatch(/\[\+\] AWS::SNS::Subscription/);
      // `cdk synth --all` wrote both templates, each with the event source mapping, the API and the e-mail subscription.
      for (const stack of ['VisibilityDupStack', 'BatchPartialStack']) {
        const { Resources } = JSON.parse(
          readFileSync(join(project.dir, 'cdk.out', `${stack}.template.json`), 'utf8'),
        ) as {
          Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
        };
        const types = Object.values(Resources).map((resource) => resource.Type);
        expect(types).toEqual(expect.arrayContaining(['AWS::Lambda::EventSourceMapping', 'AWS::ApiGateway::RestApi']));
        const subscriptions = Object.values(Resources).filter((resource) => resource.Type === 'AWS::SNS::Subscription');
        expect(subscriptions.map((resource) => resource.Properties)).toEqual([
          expect.objectContaining({ Protocol: 'email', Endpoint: 'learner@example.com' }),
        ]);
      }
    },
    COMMAND_MS,
  );

  it(
    'cdk deploy --hotswap applies the handler edit at once (the next job runs the new code) and leaves the setting for a deploy',
    async () => {
      const result = await cdk(
        'deploy',
        'VisibilityDupStack',
        '--hotswap',
        '--app',
        'cdk.out',
        '--require-approval',
        'never',
      );
      succeeded(result);
      expect(`${result.stdout}${result.stderr}`).toMatch(/hotswapped!/);
      const records = lab.logs.collect().records;
      const api = lab.outputs().VisibilityDupStack?.ApiEndpoint ?? '';
      await fetch(`${api}enqueue`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'cli-2', sleep: 0 }),
      });
      await waitFor(
        () => functionEvents(records, 'enqueued').some((record) => record.line.includes('Enqueued (hotswapped) cli-2')),
        30_000,
        'the hotswapped producer',
      );
      // A hotswap changes code only: the queue keeps its redrive policy until the next deploy.
      expect((await redrivePolicy()).maxReceiveCount).toBe(10);
    },
    COMMAND_MS,
  );

  it(
    'cdk deploy then applies the setting: UPDATE_COMPLETE, with the queue back at 5 s',
    async () => {
      succeeded(await cdk('deploy', 'VisibilityDupStack', '--app', 'cdk.out', '--require-approval', 'never'));
      expect(await stackStatus('VisibilityDupStack')).toBe('UPDATE_COMPLETE');
      expect((await redrivePolicy()).maxReceiveCount).toBe(5);
      const { Attributes = {} } = await lab.clients.sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: queueUrl(), AttributeNames: ['VisibilityTimeout'] }),
      );
      expect(Attributes.VisibilityTimeout).toBe(String(VISIBILITY_DUP.queueVisibilityTimeoutSeconds));
    },
    COMMAND_MS,
  );

  it(
    'the AWS CLI commands of the README and the tutorials answer through the one endpoint',
    async () => {
      const outputs = lab.outputs();
      const stack = outputs.VisibilityDupStack ?? {};
      const aws = (...args: string[]) =>
        runCommand('aws', ['--endpoint-url', lab.endpointUrl, '--output', 'json', ...args], {
          cwd: project.dir,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: project.dir,
            ...cliEnvironment(outputs.LocalLab?.AwsCliEnvironment ?? ''),
          },
          timeoutMs: 30_000,
        });
      const json = async (...args: string[]): Promise<Record<string, unknown>> => {
        const result = await aws(...args);
        if (result.code !== 0) throw new Error(`aws ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
        return JSON.parse(result.stdout || '{}') as Record<string, unknown>;
      };
      const stacks = await json('cloudformation', 'describe-stacks', '--stack-name', 'VisibilityDupStack');
      expect(stacks).toMatchObject({ Stacks: [{ StackName: 'VisibilityDupStack', StackStatus: 'UPDATE_COMPLETE' }] });
      const resources = (await json(
        'cloudformation',
        'list-stack-resources',
        '--stack-name',
        'VisibilityDupStack',
      )) as {
        StackResourceSummaries: { LogicalResourceId: string; ResourceType: string; PhysicalResourceId: string }[];
      };
      const producer = resources.StackResourceSummaries.find(
        (resource) =>
          resource.ResourceType === 'AWS::Lambda::Function' && resource.LogicalResourceId.startsWith('Producer'),
      );
      expect(producer).toBeDefined();
      // The producer's event as API Gateway sends it; fileb:// passes the bytes as they are, in AWS CLI v1 and v2.
      const event = join(project.dir, 'enqueue-event.json');
      writeFileSync(event, JSON.stringify({ httpMethod: 'POST', body: JSON.stringify({ id: 'cli-3', sleep: 0 }) }));
      const invoked = await aws(
        'lambda',
        'invoke',
        '--function-name',
        producer?.PhysicalResourceId ?? '',
        '--payload',
        `fileb://${event}`,
        join(project.dir, 'invoke-out.json'),
      );
      expect(invoked.code).toBe(0);
      expect(JSON.parse(invoked.stdout)).toMatchObject({ StatusCode: 200 });
      expect(JSON.parse(readFileSync(join(project.dir, 'invoke-out.json'), 'utf8'))).toMatchObject({ statusCode: 202 });
      const attributes = await json(
        'sqs',
        'get-queue-attributes',
        '--queue-url',
        stack.DlqUrl ?? '',
        '--attribute-names',
        'ApproximateNumberOfMessages',
      );
      expect(attributes).toEqual({ Attributes: { ApproximateNumberOfMessages: '0' } });
      const item = await json(
        'dynamodb',
        'get-item',
        '--table-name',
        stack.TableName ?? '',
        '--key',
        JSON.stringify({ messageId: { S: 'cli-1' } }),
      );
      expect(item).toMatchObject({ Item: { messageId: { S: 'cli-1' } } });
      const lines = (await json('logs', 'filter-log-events', '--log-group-name', stack.WorkerLogGroup ?? '')) as {
        events: { message: string }[];
      };
      expect(lines.events.some((line) => line.message.includes('Completed cli-1'))).toBe(true);
    },
    COMMAND_MS,
  );

  it(
    'cdk destroy --all --force leaves no stack, queue, table or function',
    async () => {
      succeeded(await cdk('destroy', '--all', '--force', '--app', 'cdk.out'));
      expect(await stackStatus('VisibilityDupStack')).toBeUndefined();
      expect(await stackStatus('BatchPartialStack')).toBeUndefined();
      const { QueueUrls = [] } = await lab.clients.sqs.send(new ListQueuesCommand({ QueueNamePrefix: lab.namePrefix }));
      expect(QueueUrls).toEqual([]);
      const { TableNames = [] } = await lab.clients.dynamodb.send(new ListTablesCommand({}));
      expect(TableNames.filter((name) => name.startsWith(lab.namePrefix))).toEqual([]);
    },
    COMMAND_MS,
  );
});
