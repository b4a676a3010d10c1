/**
 * CloudFormation's property validation on small templates, one kind of failure each. The
 * messages are CloudFormation's: "Properties validation failed for resource <id> with message:
 * #/…" with everit-org/json-schema's texts ("expected type: Number, found: String", "extraneous
 * key [Foo] is not permitted", "required key [Foo] not found") and, for keywords that could show
 * a value, "failed validation constraint for keyword [enum]"
 * (aws-cloudformation/cloudformation-resource-schema, ValidationException.newScrubbedException);
 * stack events quoted in aws-cloudformation/cloudformation-coverage-roadmap#1005 and #1514.
 */
import { describe, expect, it } from 'vitest';
import {
  deployStack,
  PropertiesValidationError,
  ProviderRegistry,
  propertyFailures,
  type ResourceProvider,
  StackOperationFailedError,
  type StackEvent,
  type Template,
} from '../../../lab';

const TARGET = { accountId: '123456789012', region: 'us-east-1' };

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
