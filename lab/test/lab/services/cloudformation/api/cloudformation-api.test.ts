/**
 * The lab's CloudFormation API through the real `@aws-sdk/client-cloudformation` and its own
 * waiters, on the lab's endpoint, over a CloudFormationService with in-memory test providers
 * (no lab). AWS's words come from LocalStack's aws.validated snapshots
 * (localstack/localstack, tests/aws/services/cloudformation/api/test_changesets.snapshot.json,
 * test_stacks.snapshot.json, test_templates.snapshot.json) and the sources each test names.
 */
import {
  CloudFormationClient,
  CreateChangeSetCommand,
  CreateStackCommand,
  type CreateChangeSetCommandInput,
  DeleteChangeSetCommand,
  DeleteStackCommand,
  DescribeChangeSetCommand,
  DescribeStackEventsCommand,
  DescribeStackResourceCommand,
  DescribeStacksCommand,
  ExecuteChangeSetCommand,
  GetTemplateCommand,
  GetTemplateSummaryCommand,
  ListChangeSetsCommand,
  ListExportsCommand,
  ListStackResourcesCommand,
  ListStacksCommand,
  paginateDescribeStackEvents,
  type StackEvent,
  UpdateStackCommand,
  UpdateTerminationProtectionCommand,
  ValidateTemplateCommand,
  waitUntilChangeSetCreateComplete,
  waitUntilStackCreateComplete,
  waitUntilStackDeleteComplete,
  waitUntilStackUpdateComplete,
} from '@aws-sdk/client-cloudformation';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_CREDENTIALS } from '#lab/common/local-aws';
import { startLabGateway, type LabGateway } from '#lab/gateway/lab-gateway';
import { cloudFormationApi } from '#lab/services/cloudformation/api/cloudformation-api';
import { CloudFormationService } from '#lab/services/cloudformation/cloudformation-service';
import { ProviderRegistry, type ResourceProvider } from '#lab/services/cloudformation/resource-provider';
import { templateFromS3 } from '#lab/services/cloudformation/api/template-url';
import { s3ObjectAddress } from '#lab/services/s3/s3-object-url';

const ACCOUNT = '000000000000';
const WAIT = { minDelay: 1, maxDelay: 1, maxWaitTime: 10 } as const;

/** What the test providers hold, by physical id. */
const live = new Map<string, Record<string, unknown>>();
let counter = 0;

/** A gate a resource with `Gate: hold` waits at, so a test sees its stack in progress. */
let openGate: () => void = () => undefined;
let gate = Promise.resolve();
function closeGate(): void {
  gate = new Promise((resolve) => {
    openGate = resolve;
  });
}

/** A provider that keeps resources in memory; `Fail: create|update` makes it refuse, `Gate: hold` wait. */
function provider(type: string): ResourceProvider {
  return {
    type,
    properties: { emulated: [], noted: {}, refused: [], passesOtherKeysToHandler: true },
    async create({ logicalId, properties }) {
      if (properties.Fail === 'create') throw new Error(`${logicalId} refused to be created`);
      if (properties.Gate === 'hold') await gate;
      counter += 1;
      const physicalId = `${logicalId}-${counter}`;
      live.set(physicalId, { ...properties });
      return { physicalId, attributes: { Arn: `arn:aws:test:us-east-1:${ACCOUNT}:${physicalId}` } };
    },
    async update({ logicalId, properties, previous }) {
      if (properties.Fail === 'update') throw new Error(`${logicalId} refused the update`);
      if (properties.Gate === 'hold') await gate;
      live.set(previous.physicalId, { ...properties });
      return previous;
    },
    async delete({ resource }) {
      live.delete(resource.physicalId);
    },
    requiresReplacement: (before, after) => before.Name !== after.Name,
  };
}

const objects = new Map<string, string>();
const ssm = new Map<string, string>();
let gateway: LabGateway;
let client: CloudFormationClient;
let service: CloudFormationService;
const changed: string[] = [];

beforeAll(async () => {
  service = new CloudFormationService({
    // The test type, and what the CDK CLI's bootstrap template deploys (its change set is created below).
    providers: new ProviderRegistry(
      [
        'Lab::Test::Thing',
        'AWS::IAM::Role',
        'AWS::IAM::Policy',
        'AWS::ECR::Repository',
        'AWS::S3::Bucket',
        'AWS::S3::BucketPolicy',
        'AWS::SSM::Parameter',
      ].map(provider),
    ),
    target: { accountId: ACCOUNT, region: 'us-east-1' },
    validateProperties: false,
    ssmParameter: (name) => ssm.get(name),
  });
  gateway = await startLabGateway([
    cloudFormationApi({
      cloudformation: service,
      templateFromUrl: templateFromS3(s3ObjectAddress, async (bucket, key) => {
        if (bucket === 'offline') throw new Error('the lab S3 is not running');
        return objects.get(`${bucket}/${key}`);
      }),
      localizeOutput: (stackName, key, value) => (key === 'Url' ? `${value}?stack=${stackName}` : value),
      onStackChanged: (stackName) => changed.push(stackName),
      eventsPageSize: 4,
    }),
  ]);
  client = new CloudFormationClient({ endpoint: gateway.url, region: 'us-east-1', credentials: LAB_CREDENTIALS });
});

afterAll(async () => {
  client.destroy();
  await gateway.stop();
});

/** A YAML template in CloudFormation's short forms, kept as text: GetTemplate must return it unchanged. */
const YAML_TEMPLATE = `# a comment the API keeps, & <what XML escapes>, in 日本語 too
Description: two things
Parameters:
  Size:
    Type: Number
    Default: 1
Resources:
  First:
    Type: Lab::Test::Thing
    Properties:
      Name: !Sub "\${AWS::StackName}-first"
      Size: !Ref Size
  Second:
    Type: Lab::Test::Thing
    Properties:
      Peer: !GetAtt First.Arn
    DeletionPolicy: Retain
Outputs:
  PeerArn:
    Value: !GetAtt First.Arn
    Export:
      Name: !Sub "\${AWS::StackName}-peer"
  Url:
    Value: https://example.execute-api.us-east-1.amazonaws.com/prod/
`;

async function changeSet(input: Partial<CreateChangeSetCommandInput> & { StackName: string; ChangeSetName: string }) {
  const created = await client.send(new CreateChangeSetCommand({ ChangeSetType: 'UPDATE', ...input }));
  return { id: created.Id ?? '', stackId: created.StackId ?? '' };
}

async function deployed(stackName: string, templateBody: string, parameters = {}) {
  const { id } = await changeSet({
    StackName: stackName,
    ChangeSetName: 'create',
    ChangeSetType: 'CREATE',
    TemplateBody: templateBody,
    ...parameters,
  });
  await waitUntilChangeSetCreateComplete({ client, ...WAIT }, { ChangeSetName: id });
  await client.send(new ExecuteChangeSetCommand({ ChangeSetName: id }));
}

async function stackOf(stackName: string) {
  const stacks = await client.send(new DescribeStacksCommand({ StackName: stackName }));
  const stack = stacks.Stacks?.[0];
  if (stack === undefined) throw new Error(`no stack ${stackName}`);
  return stack;
}

/** Every event of a stack, newest first, page by page as the SDK's paginator reads them. */
async function allEvents(stackName: string): Promise<StackEvent[]> {
  const pages: StackEvent[][] = [];
  for await (const page of paginateDescribeStackEvents({ client }, { StackName: stackName }))
    pages.push(page.StackEvents ?? []);
  return pages.flat();
}

async function errorOf(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught as Error,
  );
  if (error === undefined) throw new Error('the call succeeded');
  return { name: error.name, message: error.message };
}

describe('cloudFormationApi: a stack created through a change set', () => {
  it('goes REVIEW_IN_PROGRESS → CREATE_COMPLETE, with the changes, outputs, exports and events AWS shows', async () => {
    const { id, stackId } = await changeSet({
      StackName: 'Made',
      ChangeSetName: 'first',
      ChangeSetType: 'CREATE',
      TemplateBody: YAML_TEMPLATE,
      Tags: [{ Key: 'team', Value: 'queues' }],
    });
    expect(stackId).toMatch(/^arn:aws:cloudformation:us-east-1:000000000000:stack\/Made\//);
    expect(id).toMatch(/^arn:aws:cloudformation:us-east-1:000000000000:changeSet\/first\//);
    // A new stack waits in review until its change set runs (test_stacks.snapshot.json, test_list_events_after_deployment).
    expect((await stackOf('Made')).StackStatus).toBe('REVIEW_IN_PROGRESS');

    await waitUntilChangeSetCreateComplete({ client, ...WAIT }, { StackName: 'Made', ChangeSetName: 'first' });
    const described = await client.send(new DescribeChangeSetCommand({ StackName: 'Made', ChangeSetName: 'first' }));
    expect(described).toMatchObject({ Status: 'CREATE_COMPLETE', ExecutionStatus: 'AVAILABLE', StackId: stackId });
    expect(
      described.Changes?.map((change) => [change.ResourceChange?.Action, change.ResourceChange?.LogicalResourceId]),
    ).toEqual([
      ['Add', 'First'],
      ['Add', 'Second'],
    ]);
    const listed = await client.send(new ListChangeSetsCommand({ StackName: 'Made' }));
    expect(listed.Summaries?.map((summary) => summary.ChangeSetName)).toEqual(['first']);

    await client.send(new ExecuteChangeSetCommand({ StackName: 'Made', ChangeSetName: 'first' }));
    await waitUntilStackCreateComplete({ client, ...WAIT }, { StackName: 'Made' });
    const stack = await stackOf('Made');
    expect(stack).toMatchObject({
      StackStatus: 'CREATE_COMPLETE',
      StackId: stackId,
      ChangeSetId: id,
      Description: 'two things',
      Parameters: [{ ParameterKey: 'Size', ParameterValue: '1' }],
      Tags: [{ Key: 'team', Value: 'queues' }],
      EnableTerminationProtection: false,
    });
    expect(stack.CreationTime).toBeInstanceOf(Date);
    expect(stack.Outputs).toEqual(
      expect.arrayContaining([
        { OutputKey: 'PeerArn', OutputValue: expect.stringMatching(/:First-\d+$/) as string, ExportName: 'Made-peer' },
        { OutputKey: 'Url', OutputValue: 'https://example.execute-api.us-east-1.amazonaws.com/prod/?stack=Made' },
      ]),
    );
    const exports = await client.send(new ListExportsCommand({}));
    expect(exports.Exports).toContainEqual({
      ExportingStackId: stackId,
      Name: 'Made-peer',
      Value: stack.Outputs?.[0]?.OutputValue,
    });
    expect(changed).toContain('Made');

    const events = await allEvents('Made');
    const first = events.at(-1);
    expect(first).toMatchObject({
      ResourceStatus: 'REVIEW_IN_PROGRESS',
      ResourceStatusReason: 'User Initiated',
      LogicalResourceId: 'Made',
    });
    expect(events[0]).toMatchObject({
      ResourceStatus: 'CREATE_COMPLETE',
      ResourceType: 'AWS::CloudFormation::Stack',
      PhysicalResourceId: stackId,
    });
    expect(events.map((event) => event.EventId)).toEqual([...new Set(events.map((event) => event.EventId))]);
    expect(
      events.some((event) => event.LogicalResourceId === 'Second' && event.ResourceStatus === 'CREATE_COMPLETE'),
    ).toBe(true);
  });

  it('answers GetTemplate with the YAML exactly as submitted, comment and short forms included', async () => {
    const template = await client.send(new GetTemplateCommand({ StackName: 'Made' }));
    expect(template.TemplateBody).toBe(YAML_TEMPLATE);
    expect(template.StagesAvailable).toEqual(['Original', 'Processed']);
  });

  it('lists the resources, each with its physical id and status', async () => {
    const resources = await client.send(new ListStackResourcesCommand({ StackName: 'Made' }));
    expect(
      resources.StackResourceSummaries?.map((resource) => [resource.LogicalResourceId, resource.ResourceStatus]),
    ).toEqual([
      ['First', 'CREATE_COMPLETE'],
      ['Second', 'CREATE_COMPLETE'],
    ]);
    const one = await client.send(new DescribeStackResourceCommand({ StackName: 'Made', LogicalResourceId: 'First' }));
    expect(one.StackResourceDetail?.PhysicalResourceId).toMatch(/^First-\d+$/);
    // test_stacks.snapshot.json: "Resource NonExistentResource does not exist for stack <stack-name>".
    expect(
      await errorOf(client.send(new DescribeStackResourceCommand({ StackName: 'Made', LogicalResourceId: 'Nope' }))),
    ).toEqual({
      name: 'ValidationError',
      message: 'Resource Nope does not exist for stack Made',
    });
  });

  it('pages the events newest first through NextToken, as the SDK paginator reads them', async () => {
    const pages: StackEvent[][] = [];
    for await (const page of paginateDescribeStackEvents({ client }, { StackName: 'Made' }))
      pages.push(page.StackEvents ?? []);
    // REVIEW_IN_PROGRESS, CREATE_IN_PROGRESS, two events for each of two resources, CREATE_COMPLETE.
    expect(pages.map((page) => page.length)).toEqual([4, 3]);
    const all = pages.flat();
    const times = all.map((event) => event.Timestamp?.getTime() ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.at(-1)?.ResourceStatus).toBe('REVIEW_IN_PROGRESS');
  });
});

describe('cloudFormationApi: updates', () => {
  it('fails a change set with no changes with the reason the CDK CLI matches', async () => {
    await changeSet({
      StackName: 'Made',
      ChangeSetName: 'same',
      UsePreviousTemplate: true,
      Parameters: [{ ParameterKey: 'Size', UsePreviousValue: true }],
      Tags: [{ Key: 'team', Value: 'queues' }],
    });
    const waited = await errorOf(
      waitUntilChangeSetCreateComplete({ client, ...WAIT }, { StackName: 'Made', ChangeSetName: 'same' }),
    );
    expect(waited.message).toMatch(/FAILURE/);
    const described = await client.send(new DescribeChangeSetCommand({ StackName: 'Made', ChangeSetName: 'same' }));
    // test_changesets.snapshot.json (aws.validated): the exact StatusReason.
    expect(described).toMatchObject({
      Status: 'FAILED',
      ExecutionStatus: 'UNAVAILABLE',
      StatusReason:
        "The submitted information didn't contain changes. Submit different information to create a change set.",
    });
    expect(
      await errorOf(client.send(new ExecuteChangeSetCommand({ StackName: 'Made', ChangeSetName: 'same' }))),
    ).toMatchObject({
      name: 'InvalidChangeSetStatusException',
    });
    await client.send(new DeleteChangeSetCommand({ StackName: 'Made', ChangeSetName: 'same' }));
    expect(
      await errorOf(client.send(new DescribeChangeSetCommand({ StackName: 'Made', ChangeSetName: 'same' }))),
    ).toEqual({
      name: 'ChangeSetNotFoundException',
      message: 'ChangeSet [same] does not exist',
    });
  });

  it('counts a changed parameter as a change, and updates to UPDATE_COMPLETE', async () => {
    await changeSet({
      StackName: 'Made',
      ChangeSetName: 'bigger',
      UsePreviousTemplate: true,
      Parameters: [{ ParameterKey: 'Size', ParameterValue: '2' }],
      Tags: [{ Key: 'team', Value: 'queues' }],
    });
    await waitUntilChangeSetCreateComplete({ client, ...WAIT }, { StackName: 'Made', ChangeSetName: 'bigger' });
    const described = await client.send(new DescribeChangeSetCommand({ StackName: 'Made', ChangeSetName: 'bigger' }));
    expect(described.Changes?.map((change) => change.ResourceChange)).toEqual([
      expect.objectContaining({
        Action: 'Modify',
        LogicalResourceId: 'First',
        Replacement: 'False',
        Details: [
          expect.objectContaining({ Target: { Attribute: 'Properties', Name: 'Size', RequiresRecreation: 'Never' } }),
        ],
      }),
    ]);
    await client.send(new ExecuteChangeSetCommand({ StackName: 'Made', ChangeSetName: 'bigger' }));
    await waitUntilStackUpdateComplete({ client, ...WAIT }, { StackName: 'Made' });
    const stack = await stackOf('Made');
    expect(stack).toMatchObject({
      StackStatus: 'UPDATE_COMPLETE',
      Parameters: [{ ParameterKey: 'Size', ParameterValue: '2' }],
    });
    expect(stack.LastUpdatedTime).toBeInstanceOf(Date);
    // An update starts as a create does (LocalStack's aws.validated snapshots: UPDATE_IN_PROGRESS, "User Initiated").
    expect(await allEvents('Made')).toContainEqual(
      expect.objectContaining({
        LogicalResourceId: 'Made',
        ResourceStatus: 'UPDATE_IN_PROGRESS',
        ResourceStatusReason: 'User Initiated',
      }),
    );
    expect([...live.values()]).toContainEqual({ Name: 'Made-first', Size: '2' });
  });

  it('says which change replaces a resource, reads a TemplateURL in JSON, and returns that JSON byte for byte', async () => {
    // CRLF lines as well: GetTemplate keeps each carriage return (an XML reader would make it a line feed).
    const json = `{ "Resources": {\r\n  "First": { "Type": "Lab::Test::Thing", "Properties": { "Name": "renamed" } } } }`;
    objects.set('cdk-assets/made.json', json);
    const url = 'https://cdk-assets.s3.us-east-1.amazonaws.com/made.json';
    await changeSet({
      StackName: 'Made',
      ChangeSetName: 'renamed',
      TemplateURL: url,
      Tags: [{ Key: 'team', Value: 'queues' }],
    });
    await waitUntilChangeSetCreateComplete({ client, ...WAIT }, { StackName: 'Made', ChangeSetName: 'renamed' });
    const described = await client.send(new DescribeChangeSetCommand({ StackName: 'Made', ChangeSetName: 'renamed' }));
    expect(
      described.Changes?.map((change) => [
        change.ResourceChange?.Action,
        change.ResourceChange?.LogicalResourceId,
        change.ResourceChange?.Replacement,
      ]),
    ).toEqual([
      ['Modify', 'First', 'True'],
      ['Remove', 'Second', undefined],
    ]);
    await client.send(new ExecuteChangeSetCommand({ StackName: 'Made', ChangeSetName: 'renamed' }));
    await waitUntilStackUpdateComplete({ client, ...WAIT }, { StackName: 'Made' });
    expect((await client.send(new GetTemplateCommand({ StackName: 'Made' }))).TemplateBody).toBe(json);
  });

  it('rolls a failed update back to UPDATE_ROLLBACK_COMPLETE, the failure in the events', async () => {
    await changeSet({
      StackName: 'Made',
      ChangeSetName: 'broken',
      TemplateBody: `{"Resources":{"First":{"Type":"Lab::Test::Thing","Properties":{"Name":"renamed","Fail":"update"}}}}`,
    });
    await waitUntilChangeSetCreateComplete({ client, ...WAIT }, { StackName: 'Made', ChangeSetName: 'broken' });
    await client.send(new ExecuteChangeSetCommand({ StackName: 'Made', ChangeSetName: 'broken' }));
    await waitUntilStackUpdateComplete({ client, ...WAIT }, { StackName: 'Made' }).catch(() => undefined);
    expect((await stackOf('Made')).StackStatus).toBe('UPDATE_ROLLBACK_COMPLETE');
    const events = await allEvents('Made');
    expect(events).toContainEqual(
      expect.objectContaining({
        LogicalResourceId: 'First',
        ResourceStatus: 'UPDATE_FAILED',
        ResourceStatusReason: 'First refused the update',
      }),
    );
  });
});

describe('cloudFormationApi: failures and refusals', () => {
  it('rolls a failed create back to ROLLBACK_COMPLETE with the reason', async () => {
    await deployed('Broken', 'Resources:\n  Bad:\n    Type: Lab::Test::Thing\n    Properties:\n      Fail: create\n');
    // The SDK's create waiter fails at once on ROLLBACK_COMPLETE, as it does against AWS.
    expect((await errorOf(waitUntilStackCreateComplete({ client, ...WAIT }, { StackName: 'Broken' }))).message).toMatch(
      /FAILURE/,
    );
    const stack = await stackOf('Broken');
    expect(stack.StackStatus).toBe('ROLLBACK_COMPLETE');
    // AWS's words (the stack's reason quoted in aws-samples/aws-serverless-workshops#210).
    expect(stack.StackStatusReason).toBe(
      'The following resource(s) failed to create: [Bad]. Rollback requested by user.',
    );
    const events = await allEvents('Broken');
    expect(events).toContainEqual(
      expect.objectContaining({
        LogicalResourceId: 'Bad',
        ResourceStatus: 'CREATE_FAILED',
        ResourceStatusReason: 'Bad refused to be created',
      }),
    );
  });

  it('answers a missing stack with AWS words (test_stacks.snapshot.json: "Stack with id X does not exist", "Stack [X] does not exist")', async () => {
    expect(await errorOf(client.send(new DescribeStacksCommand({ StackName: 'Nowhere' })))).toEqual({
      name: 'ValidationError',
      message: 'Stack with id Nowhere does not exist',
    });
    expect(await errorOf(client.send(new DescribeStackEventsCommand({ StackName: 'Nowhere' })))).toEqual({
      name: 'ValidationError',
      message: 'Stack [Nowhere] does not exist',
    });
    // test_templates.snapshot.json: GetTemplate's words.
    expect((await errorOf(client.send(new GetTemplateCommand({ StackName: 'Nowhere' })))).message).toBe(
      'Stack with id Nowhere does not exist',
    );
  });

  it('refuses IAM resources without the capability, in the words AWS answers (API_CreateChangeSet, Capabilities)', async () => {
    const role = (properties: string) =>
      `{"Resources":{"Role":{"Type":"AWS::IAM::Role","Properties":{${properties}}}}}`;
    const create = (body: string, capabilities?: ('CAPABILITY_IAM' | 'CAPABILITY_NAMED_IAM')[]) =>
      changeSet({
        StackName: 'Iam',
        ChangeSetName: 'iam',
        ChangeSetType: 'CREATE',
        TemplateBody: body,
        Capabilities: capabilities,
      });
    expect(await errorOf(create(role('')))).toEqual({
      name: 'InsufficientCapabilitiesException',
      message: 'Requires capabilities : [CAPABILITY_IAM]',
    });
    expect(await errorOf(create(role('"RoleName":"fixed"'), ['CAPABILITY_IAM']))).toEqual({
      name: 'InsufficientCapabilitiesException',
      message: 'Requires capabilities : [CAPABILITY_NAMED_IAM]',
    });
    await expect(create(role('"RoleName":"fixed"'), ['CAPABILITY_NAMED_IAM'])).resolves.toMatchObject({
      stackId: expect.any(String) as string,
    });
  });

  it('refuses resource types it cannot deploy when the change set is created, before anything is made', async () => {
    const create = (type: string) =>
      changeSet({
        StackName: 'Types',
        ChangeSetName: 'types',
        ChangeSetType: 'CREATE',
        TemplateBody: JSON.stringify({ Resources: { Thing: { Type: type }, Other: { Type: 'Lab::Test::Thing' } } }),
      });
    // CloudFormation's words for a type it does not know, as a deploy to a Region without the type
    // prints them: "Template format error: Unrecognized resource types: [AWS::Lambda::MicrovmImage]".
    expect(await errorOf(create('AWS::SQS::Queu'))).toEqual({
      name: 'ValidationError',
      message: 'Template format error: Unrecognized resource types: [AWS::SQS::Queu]',
    });
    // A type AWS knows and the lab does not serve yet is refused now too, not halfway through the deploy.
    expect((await errorOf(create('AWS::Kinesis::Stream'))).message).toMatch(
      /^The lab does not deploy AWS::Kinesis::Stream yet: lab\.resourceTypes\(\) and lab\/docs\/fidelity\.md list the \d+ resource types it serves\.$/,
    );
    expect((await errorOf(client.send(new DescribeStacksCommand({ StackName: 'Types' })))).message).toBe(
      'Stack with id Types does not exist',
    );
  });

  it('answers template format errors in AWS words (test_templates.snapshot.json, test_validations.snapshot.json)', async () => {
    expect(await errorOf(client.send(new ValidateTemplateCommand({ TemplateBody: '{"Resources": {}}' })))).toEqual({
      name: 'ValidationError',
      message: 'Template format error: At least one Resources member must be defined.',
    });
    expect(
      (await errorOf(client.send(new ValidateTemplateCommand({ TemplateBody: 'Resources: [unclosed' })))).message,
    ).toBe('Template format error: YAML not well-formed.');
    const summary = await client.send(new GetTemplateSummaryCommand({ TemplateBody: YAML_TEMPLATE }));
    expect(summary).toMatchObject({
      ResourceTypes: ['Lab::Test::Thing'],
      Parameters: [{ ParameterKey: 'Size', DefaultValue: '1', ParameterType: 'Number' }],
    });
  });

  it('refuses a stack name outside the pattern of the API model (test_stacks.snapshot.json)', async () => {
    expect(
      (
        await errorOf(
          changeSet({
            StackName: 'bad_name!',
            ChangeSetName: 'c',
            ChangeSetType: 'CREATE',
            TemplateBody: YAML_TEMPLATE,
          }),
        )
      ).message,
    ).toBe(
      "1 validation error detected: Value 'bad_name!' at 'stackName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z][-a-zA-Z0-9]*|arn:[-a-zA-Z0-9:/._+]*",
    );
  });

  it('refuses a TemplateBody over 51,200 bytes (API_CreateChangeSet), and names a TemplateURL it cannot read', async () => {
    const large = JSON.stringify({ Description: 'x'.repeat(51_200), Resources: { A: { Type: 'Lab::Test::Thing' } } });
    expect((await errorOf(client.send(new ValidateTemplateCommand({ TemplateBody: large })))).message).toMatch(
      /at 'templateBody' failed to satisfy constraint: Member must have length less than or equal to 51200$/,
    );
    const missing = 'http://127.0.0.1:4566/cdk-assets/missing.json';
    expect(await errorOf(client.send(new ValidateTemplateCommand({ TemplateURL: missing })))).toEqual({
      name: 'ValidationError',
      message: "S3 error: the lab's S3 has no object missing.json in bucket cdk-assets",
    });
    expect(
      await errorOf(client.send(new ValidateTemplateCommand({ TemplateURL: 'http://127.0.0.1:4566/offline/t.json' }))),
    ).toEqual({
      name: 'ValidationError',
      message: 'S3 error: the lab S3 is not running',
    });
  });

  it('refuses a second CREATE on a live stack (test_changesets.snapshot.json)', async () => {
    expect(
      (
        await errorOf(
          changeSet({
            StackName: 'Made',
            ChangeSetName: 'again',
            ChangeSetType: 'CREATE',
            TemplateBody: YAML_TEMPLATE,
          }),
        )
      ).message,
    ).toBe('Stack [Made] already exists and cannot be created again with the changeSet [again].');
  });

  it('answers CREATE_PENDING until the change set is computed, one turn after CreateChangeSet answers', async () => {
    const handler = cloudFormationApi({ cloudformation: service, templateFromUrl: async () => '' });
    const call = (body: string) =>
      handler.handle({
        method: 'POST',
        path: '/',
        query: new URLSearchParams(),
        headers: {},
        body: Buffer.from(body),
        region: 'us-east-1',
        origin: gateway.url,
      });
    const template = encodeURIComponent(YAML_TEMPLATE);
    await call(
      `Action=CreateChangeSet&StackName=Pending&ChangeSetName=p&ChangeSetType=CREATE&TemplateBody=${template}`,
    );
    const pending = await call('Action=DescribeChangeSet&StackName=Pending&ChangeSetName=p');
    expect(String(pending.body)).toContain('<Status>CREATE_PENDING</Status>');
    await new Promise((resolve) => setImmediate(resolve));
    const complete = await call('Action=DescribeChangeSet&StackName=Pending&ChangeSetName=p');
    expect(String(complete.body)).toContain('<Status>CREATE_COMPLETE</Status>');
  });

  it('answers an action it does not know with InvalidAction', async () => {
    const handler = cloudFormationApi({ cloudformation: service, templateFromUrl: async () => '' });
    const body = Buffer.from('Action=CreateStackSet&Version=2010-05-15');
    const answer = await handler.handle({
      method: 'POST',
      path: '/',
      query: new URLSearchParams(),
      headers: {},
      body,
      region: 'us-east-1',
      origin: gateway.url,
    });
    expect(answer.status).toBe(400);
    expect(String(answer.body)).toContain('<Code>InvalidAction</Code>');
  });
});

describe('cloudFormationApi: CreateStack and UpdateStack', () => {
  const body = (size: number, gated = false) =>
    JSON.stringify({
      Resources: {
        Only: {
          Type: 'Lab::Test::Thing',
          Properties: { Name: 'direct', Size: size, ...(gated ? { Gate: 'hold' } : {}) },
        },
      },
    });

  it('creates and updates at once; refuses an update while one runs, one with no changes, and a second create', async () => {
    await client.send(new CreateStackCommand({ StackName: 'Direct', TemplateBody: body(1) }));
    await waitUntilStackCreateComplete({ client, ...WAIT }, { StackName: 'Direct' });
    // test_stacks.snapshot.json (aws.validated): "No updates are to be performed.", "Stack [X] already exists".
    expect(await errorOf(client.send(new UpdateStackCommand({ StackName: 'Direct', TemplateBody: body(1) })))).toEqual({
      name: 'ValidationError',
      message: 'No updates are to be performed.',
    });
    expect(await errorOf(client.send(new CreateStackCommand({ StackName: 'Direct', TemplateBody: body(1) })))).toEqual({
      name: 'AlreadyExistsException',
      message: 'Stack [Direct] already exists',
    });

    closeGate();
    const { StackId: stackId } = await client.send(
      new UpdateStackCommand({ StackName: 'Direct', TemplateBody: body(2, true) }),
    );
    expect((await stackOf('Direct')).StackStatus).toBe('UPDATE_IN_PROGRESS');
    // AWS's words (ValidationError, quoted in remind101/empire#932).
    expect(
      (await errorOf(changeSet({ StackName: 'Direct', ChangeSetName: 'meanwhile', TemplateBody: body(3) }))).message,
    ).toBe(`Stack:${stackId} is in UPDATE_IN_PROGRESS state and can not be updated.`);
    openGate();
    await waitUntilStackUpdateComplete({ client, ...WAIT }, { StackName: 'Direct' });
    expect([...live.values()]).toContainEqual({ Name: 'direct', Size: 2, Gate: 'hold' });
    expect((await client.send(new ListChangeSetsCommand({ StackName: 'Direct' }))).Summaries).toEqual([]);
  });
});

/**
 * A template of a few hundred bytes whose nested Fn::Sub doubles its text at each level: 2^N
 * characters at depth N. Thirty levels make a billion; the lab measures each value before it
 * makes it.
 */
function doublingTemplate(levels: number, wrap: (sub: unknown) => unknown = (sub) => sub): string {
  let value: unknown = 'ab';
  for (let level = 0; level < levels; level += 1) value = { 'Fn::Sub': ['${v}${v}', { v: value }] };
  return JSON.stringify({ Resources: { Only: { Type: 'Lab::Test::Thing', Properties: { Name: wrap(value) } } } });
}

/** Stores `template` as JSON in the test's S3 and answers its TemplateURL (for templates over 51,200 bytes). */
let storedCount = 0;
async function stored(template: unknown): Promise<string> {
  storedCount += 1;
  objects.set(`cdk-assets/bounded-${storedCount}.json`, JSON.stringify(template));
  return `https://cdk-assets.s3.us-east-1.amazonaws.com/bounded-${storedCount}.json`;
}

describe('cloudFormationApi: templates bounded before they are run (issue #29)', () => {
  it('fails a 655-byte Fn::Select/Fn::Split over a doubling Fn::Sub chain as a stack with its reason, without filling the heap', async () => {
    const body = doublingTemplate(28, (sub) => ({ 'Fn::Select': [0, { 'Fn::Split': ['', sub] }] }));
    expect(Buffer.byteLength(body)).toBeLessThan(1200);
    await client.send(new CreateStackCommand({ StackName: 'Doubling', TemplateBody: body }));
    await waitUntilStackCreateComplete({ client, ...WAIT }, { StackName: 'Doubling' }).catch(() => undefined);
    const stack = await stackOf('Doubling');
    expect(stack.StackStatus).toBe('ROLLBACK_COMPLETE');
    const reasons = (await allEvents('Doubling')).map((event) => event.ResourceStatusReason ?? '');
    expect(reasons.join('\n')).toMatch(
      /Fn::Sub would make a value of \d+ characters; the lab refuses values over 1048576/,
    );
    expect(process.memoryUsage().heapUsed).toBeLessThan(1024 ** 3);
  });

  it('takes values up to the ceiling (a 19-level chain makes 1,048,576 characters)', async () => {
    await client.send(new CreateStackCommand({ StackName: 'AtTheCeiling', TemplateBody: doublingTemplate(19) }));
    await waitUntilStackCreateComplete({ client, ...WAIT }, { StackName: 'AtTheCeiling' });
    expect([...live.values()].some((properties) => String(properties.Name).length === 2 ** 20)).toBe(true);
  });

  it('refuses more than 500 resources, as AWS counts them ("AWS CloudFormation quotas")', async () => {
    const resources = Object.fromEntries(
      Array.from({ length: 501 }, (_, index) => [`R${index}`, { Type: 'Lab::Test::Thing' }]),
    );
    expect(
      await errorOf(client.send(new ValidateTemplateCommand({ TemplateURL: await stored({ Resources: resources }) }))),
    ).toEqual({
      name: 'ValidationError',
      message: 'Template format error: Number of resources, 501, is greater than maximum allowed, 500',
    });
  });

  it('refuses a circular DependsOn and a self-Ref when the template is read: ValidateTemplate and CreateStack, no stack left', async () => {
    const circular = JSON.stringify({
      Resources: {
        A: { Type: 'Lab::Test::Thing', DependsOn: 'B' },
        B: { Type: 'Lab::Test::Thing', DependsOn: 'A' },
      },
    });
    const selfRef = JSON.stringify({
      Resources: { A: { Type: 'Lab::Test::Thing', Properties: { Peer: { Ref: 'A' } } } },
    });
    expect(await errorOf(client.send(new ValidateTemplateCommand({ TemplateBody: circular })))).toEqual({
      name: 'ValidationError',
      message: 'Template format error: Circular dependency between resources: [A, B]',
    });
    expect(await errorOf(client.send(new CreateStackCommand({ StackName: 'SelfRef', TemplateBody: selfRef })))).toEqual(
      {
        name: 'ValidationError',
        message: 'Template format error: Circular dependency between resources: [A]',
      },
    );
    expect(
      (await client.send(new ListStacksCommand({}))).StackSummaries?.map((stack) => stack.StackName),
    ).not.toContain('SelfRef');
  });

  it('refuses a template nested deeper than the lab walks, in one sentence', async () => {
    const deep = `${'['.repeat(5000)}"leaf"${']'.repeat(5000)}`;
    const body = `{"Resources":{"A":{"Type":"Lab::Test::Thing","Properties":{"Deep":${deep}}}}}`;
    expect((await errorOf(client.send(new ValidateTemplateCommand({ TemplateBody: body })))).message).toBe(
      'Template format error: the template nests values more than 100 levels deep; the lab refuses it.',
    );
  });

  it('refuses a TemplateBody whose bytes are not UTF-8 instead of replacing them', async () => {
    const answer = await fetch(gateway.url, {
      method: 'POST',
      headers: {
        authorization: `AWS4-HMAC-SHA256 Credential=AKID/20261128/us-east-1/cloudformation/aws4_request, SignedHeaders=host, Signature=00`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'Action=ValidateTemplate&Version=2010-05-15&TemplateBody=%7B%22Resources%22%3A%7B%22A%22%3A%7B%22Type%22%3A%22Lab%3A%3ATest%3A%3AThing%FF%22%7D%7D%7D',
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('not URL-encoded UTF-8');
  });
});

describe('cloudFormationApi: deletion', () => {
  it('keeps a stack under termination protection, then deletes it: DELETE_COMPLETE by id, gone by name, Retain kept', async () => {
    await deployed('Doomed', YAML_TEMPLATE);
    await waitUntilStackCreateComplete({ client, ...WAIT }, { StackName: 'Doomed' });
    const { StackId: stackId } = await stackOf('Doomed');
    const retained = (
      await client.send(new DescribeStackResourceCommand({ StackName: 'Doomed', LogicalResourceId: 'Second' }))
    ).StackResourceDetail?.PhysicalResourceId;

    await client.send(
      new UpdateTerminationProtectionCommand({ StackName: 'Doomed', EnableTerminationProtection: true }),
    );
    expect((await stackOf('Doomed')).EnableTerminationProtection).toBe(true);
    // The words AWS answers (ValidationError, quoted in ekristen/aws-nuke#821).
    expect(await errorOf(client.send(new DeleteStackCommand({ StackName: 'Doomed' })))).toEqual({
      name: 'ValidationError',
      message: 'Stack [Doomed] cannot be deleted while TerminationProtection is enabled',
    });
    await client.send(
      new UpdateTerminationProtectionCommand({ StackName: 'Doomed', EnableTerminationProtection: false }),
    );

    await client.send(new DeleteStackCommand({ StackName: 'Doomed' }));
    await waitUntilStackDeleteComplete({ client, ...WAIT }, { StackName: stackId });
    expect((await stackOf(stackId ?? '')).StackStatus).toBe('DELETE_COMPLETE');
    expect((await errorOf(client.send(new DescribeStacksCommand({ StackName: 'Doomed' })))).message).toBe(
      'Stack with id Doomed does not exist',
    );
    expect(live.has(retained ?? '')).toBe(true);
    const events = await allEvents(stackId ?? '');
    expect(events.slice(0, 2).map((event) => event.ResourceStatus)).toEqual(['DELETE_COMPLETE', 'DELETE_COMPLETE']);
    expect(events).toContainEqual(
      expect.objectContaining({ LogicalResourceId: 'Second', ResourceStatus: 'DELETE_SKIPPED' }),
    );
    const listed = await client.send(new ListStacksCommand({ StackStatusFilter: ['DELETE_COMPLETE'] }));
    expect(listed.StackSummaries?.map((summary) => summary.StackId)).toContain(stackId);
    // A deleted stack can be created again under its name.
    await expect(deployed('Doomed', YAML_TEMPLATE)).resolves.toBeUndefined();
  });

  it('lets a running create end before it deletes the stack', async () => {
    closeGate();
    const body = JSON.stringify({
      Resources: { Held: { Type: 'Lab::Test::Thing', Properties: { Name: 'held', Gate: 'hold' } } },
    });
    const { StackId: stackId } = await client.send(
      new CreateStackCommand({ StackName: 'Hurried', TemplateBody: body }),
    );
    await client.send(new DeleteStackCommand({ StackName: 'Hurried' }));
    expect((await stackOf('Hurried')).StackStatus).toBe('CREATE_IN_PROGRESS');
    openGate();
    await waitUntilStackDeleteComplete({ client, ...WAIT }, { StackName: stackId });
    const statuses = (await allEvents(stackId ?? ''))
      .filter((event) => event.LogicalResourceId === 'Hurried')
      .map((event) => event.ResourceStatus);
    expect(statuses).toEqual(['DELETE_COMPLETE', 'DELETE_IN_PROGRESS', 'CREATE_COMPLETE', 'CREATE_IN_PROGRESS']);
    expect([...live.values()]).not.toContainEqual(expect.objectContaining({ Name: 'held' }));
  });

  it('deletes a stack still in review, and takes a DeleteStack of a missing stack without error', async () => {
    const { stackId } = await changeSet({
      StackName: 'Reviewed',
      ChangeSetName: 'c',
      ChangeSetType: 'CREATE',
      TemplateBody: YAML_TEMPLATE,
    });
    await client.send(new DeleteStackCommand({ StackName: 'Reviewed' }));
    await waitUntilStackDeleteComplete({ client, ...WAIT }, { StackName: stackId });
    await expect(client.send(new DeleteStackCommand({ StackName: 'NeverWas' }))).resolves.toBeDefined();
  });
});

describe('cloudFormationApi: regions', () => {
  it('keeps stacks by the region the request is signed for, their ids and ARNs in that region', async () => {
    const tokyo = new CloudFormationClient({
      endpoint: gateway.url,
      region: 'ap-northeast-1',
      credentials: LAB_CREDENTIALS,
    });
    try {
      const body = JSON.stringify({ Resources: { Only: { Type: 'Lab::Test::Thing', Properties: { Name: 'tokyo' } } } });
      const { StackId: stackId } = await tokyo.send(new CreateStackCommand({ StackName: 'Far', TemplateBody: body }));
      expect(stackId).toMatch(/^arn:aws:cloudformation:ap-northeast-1:000000000000:stack\/Far\//);
      await waitUntilStackCreateComplete({ client: tokyo, ...WAIT }, { StackName: 'Far' });
      expect(service.state.stacksIn('ap-northeast-1').has('Far')).toBe(true);
      expect((await errorOf(client.send(new DescribeStacksCommand({ StackName: 'Far' })))).message).toBe(
        'Stack with id Far does not exist',
      );
    } finally {
      tokyo.destroy();
    }
  });
});

describe('cloudFormationApi: SSM-typed parameters', () => {
  it('reads them from the SSM parameters at the change set, and shows the value DescribeStacks resolved', async () => {
    const body = JSON.stringify({
      Parameters: {
        BootstrapVersion: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/cdk-bootstrap/hnb659fds/version' },
      },
      Resources: { Only: { Type: 'Lab::Test::Thing', Properties: { Version: { Ref: 'BootstrapVersion' } } } },
    });
    const input = { StackName: 'Versioned', ChangeSetName: 'c', ChangeSetType: 'CREATE' as const, TemplateBody: body };
    expect(await errorOf(changeSet(input))).toEqual({
      name: 'ValidationError',
      // AWS's words, as aws/aws-cdk#18453 quotes them.
      message: 'Unable to fetch parameters [/cdk-bootstrap/hnb659fds/version] from parameter store for this account.',
    });
    ssm.set('/cdk-bootstrap/hnb659fds/version', '33');
    await deployed('Versioned', body);
    await waitUntilStackCreateComplete({ client, ...WAIT }, { StackName: 'Versioned' });
    expect((await stackOf('Versioned')).Parameters).toEqual([
      { ParameterKey: 'BootstrapVersion', ParameterValue: '/cdk-bootstrap/hnb659fds/version', ResolvedValue: '33' },
    ]);
    expect([...live.values()]).toContainEqual({ Version: '33' });
  });
});

describe('cloudFormationApi: stacks the lab deployed itself', () => {
  it('answers GetTemplate with the template of the lab once the lab redeploys a stack the API made', async () => {
    const template = { Resources: { Only: { Type: 'Lab::Test::Thing', Properties: { Name: 'relabelled' } } } };
    await service.deploy([{ stackName: 'Direct', template }]);
    const body = (await client.send(new GetTemplateCommand({ StackName: 'Direct' }))).TemplateBody ?? '';
    expect(JSON.parse(body)).toEqual(template);
    expect((await stackOf('Direct')).StackStatus).toBe('UPDATE_COMPLETE');
  });

  it('leaves no stack behind when the lab refuses a template before its deploy begins', async () => {
    const template = { Parameters: { Needed: { Type: 'String' } }, Resources: { Only: { Type: 'Lab::Test::Thing' } } };
    await expect(service.deploy([{ stackName: 'Phantom', template }])).rejects.toThrow(
      'parameter Needed has no value and no default',
    );
    expect((await errorOf(client.send(new DescribeStacksCommand({ StackName: 'Phantom' })))).message).toBe(
      'Stack with id Phantom does not exist',
    );
  });

  it('describes them, and answers GetTemplate with their template as JSON', async () => {
    await service.deploy([
      {
        stackName: 'LabMade',
        template: { Resources: { Only: { Type: 'Lab::Test::Thing', Properties: { Name: 'x' } } } },
      },
    ]);
    expect((await stackOf('LabMade')).StackStatus).toBe('CREATE_COMPLETE');
    const body = (await client.send(new GetTemplateCommand({ StackName: 'LabMade' }))).TemplateBody ?? '';
    expect(JSON.parse(body)).toEqual({ Resources: { Only: { Type: 'Lab::Test::Thing', Properties: { Name: 'x' } } } });
  });
});

describe('cloudFormationApi: the CDK CLI bootstrap template', () => {
  // The template aws-cdk 2.1148.1 bootstraps with, and the parameters its bootstrap sends
  // (aws-cdk lib/index.js, bootstrapTemplateParameters: empty lists as '', the AWS-managed key).
  const template = readFileSync(
    createRequire(import.meta.url).resolve('aws-cdk/lib/api/bootstrap/bootstrap-template.yaml'),
    'utf8',
  );
  const parameters = [
    { ParameterKey: 'TrustedAccounts', ParameterValue: '' },
    { ParameterKey: 'TrustedAccountsForLookup', ParameterValue: '' },
    { ParameterKey: 'CloudFormationExecutionPolicies', ParameterValue: '' },
    { ParameterKey: 'FileAssetsBucketKmsKeyId', ParameterValue: 'AWS_MANAGED_KEY' },
    { ParameterKey: 'PublicAccessBlockConfiguration', ParameterValue: 'true' },
  ];

  it('is refused without CAPABILITY_NAMED_IAM (its roles have names), and lists the 11 resources its conditions keep', async () => {
    const input = {
      StackName: 'CDKToolkit',
      ChangeSetName: 'cdk-deploy-change-set',
      ChangeSetType: 'CREATE' as const,
      TemplateBody: template,
      Parameters: parameters,
    };
    expect((await errorOf(changeSet({ ...input, Capabilities: ['CAPABILITY_IAM'] }))).message).toBe(
      'Requires capabilities : [CAPABILITY_NAMED_IAM]',
    );
    await changeSet({ ...input, Capabilities: ['CAPABILITY_IAM', 'CAPABILITY_NAMED_IAM', 'CAPABILITY_AUTO_EXPAND'] });
    await waitUntilChangeSetCreateComplete(
      { client, ...WAIT },
      { StackName: 'CDKToolkit', ChangeSetName: 'cdk-deploy-change-set' },
    );
    const described = await client.send(
      new DescribeChangeSetCommand({ StackName: 'CDKToolkit', ChangeSetName: 'cdk-deploy-change-set' }),
    );
    expect(described.Changes?.map((change) => change.ResourceChange?.ResourceType).sort()).toEqual([
      'AWS::ECR::Repository',
      'AWS::IAM::Policy',
      'AWS::IAM::Policy',
      'AWS::IAM::Role',
      'AWS::IAM::Role',
      'AWS::IAM::Role',
      'AWS::IAM::Role',
      'AWS::IAM::Role',
      'AWS::S3::Bucket',
      'AWS::S3::BucketPolicy',
      'AWS::SSM::Parameter',
    ]);
    expect(described.Parameters).toContainEqual({
      ParameterKey: 'FileAssetsBucketKmsKeyId',
      ParameterValue: 'AWS_MANAGED_KEY',
    });
    expect(
      (await client.send(new GetTemplateCommand({ StackName: 'CDKToolkit', ChangeSetName: 'cdk-deploy-change-set' })))
        .TemplateBody,
    ).toBe(template);
  });
});

describe('templateFromS3', () => {
  it('answers a URL that names no S3 object with AWS words (test_templates.snapshot.json)', async () => {
    await expect(templateFromS3(s3ObjectAddress, async () => 'x')('https://example.com/t.json')).rejects.toThrow(
      'TemplateURL must be a supported URL.',
    );
  });
});
