import { describe, expect, it } from 'vitest';
import { accessDenied } from '#lab/services/iam/access-denied';
import { iamRequestsOf } from '#lab/services/iam/call-authorization';
import { UnknownManagedPolicyError, UnmappedCallError } from '#lab/services/iam/errors';
import { IamEvaluator } from '#lab/services/iam/iam-evaluator';
import { IamState, roleArn } from '#lab/services/iam/iam-state';

const TARGET = { accountId: '000000000000', region: 'us-east-1' };
const QUEUE = 'arn:aws:sqs:us-east-1:000000000000:jobs';
const OTHER_QUEUE = 'arn:aws:sqs:us-east-1:000000000000:other';

/** The producer of the stacks, as the template renders it: basic execution plus SendMessage on its queue. */
function registry(): IamState {
  const iam = new IamState();
  iam.putRole({
    roleName: 'Producer',
    arn: roleArn('Producer'),
    managedPolicyArns: ['arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
    inlinePolicies: [],
  });
  iam.putAttachedPolicy('ProducerDefault', ['Producer'], {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: QUEUE }],
  });
  // CDK's enforceSSL queue policy.
  iam.putResourcePolicy(QUEUE, 'QueuePolicy', {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Action: 'sqs:*',
        Resource: QUEUE,
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      },
    ],
  });
  return iam;
}

const caller = { roleArn: roleArn('Producer'), sessionName: 'producer-fn' };

describe('iamRequestsOf', () => {
  it('authorizes the SQS batch calls by their single-message action (SQS API permissions reference)', () => {
    const url = 'http://sqs.us-east-1.localhost:4566/000000000000/jobs';
    expect(iamRequestsOf({ service: 'SQS', operation: 'SendMessageBatch', input: { QueueUrl: url } }, TARGET)).toEqual([
      { action: 'sqs:SendMessage', resource: QUEUE },
    ]);
    expect(
      iamRequestsOf({ service: 'SQS', operation: 'ChangeMessageVisibilityBatch', input: { QueueUrl: url } }, TARGET),
    ).toEqual([{ action: 'sqs:ChangeMessageVisibility', resource: QUEUE }]);
  });

  it('names each DynamoDB table a call touches', () => {
    expect(
      iamRequestsOf(
        {
          service: 'DynamoDB',
          operation: 'TransactWriteItems',
          input: { TransactItems: [{ Put: { TableName: 'a' } }, { Update: { TableName: 'b' } }] },
        },
        TARGET,
      ).map((request) => request.resource),
    ).toEqual(['arn:aws:dynamodb:us-east-1:000000000000:table/a', 'arn:aws:dynamodb:us-east-1:000000000000:table/b']);
  });

  it('refuses a service it cannot map, naming it', () => {
    expect(() => iamRequestsOf({ service: 'Kinesis', operation: 'PutRecord', input: {} }, TARGET)).toThrow(
      UnmappedCallError,
    );
  });
});

describe('IamEvaluator', () => {
  it('allows what the role grants and denies the rest (implicit deny)', async () => {
    const evaluator = new IamEvaluator(registry(), TARGET);
    expect(await evaluator.evaluate(caller, { action: 'sqs:SendMessage', resource: QUEUE })).toBe('Allowed');
    expect(await evaluator.evaluate(caller, { action: 'sqs:ReceiveMessage', resource: QUEUE })).toBe(
      'ImplicitlyDenied',
    );
    expect(await evaluator.evaluate(caller, { action: 'sqs:SendMessage', resource: OTHER_QUEUE })).toBe(
      'ImplicitlyDenied',
    );
    expect(await evaluator.evaluate(caller, { action: 'logs:PutLogEvents', resource: '*' })).toBe('Allowed');
  });

  it('lets the enforceSSL queue policy deny a call without TLS (an explicit deny beats the allow)', async () => {
    const evaluator = new IamEvaluator(registry(), TARGET);
    expect(await evaluator.evaluate(caller, { action: 'sqs:SendMessage', resource: QUEUE }, false)).toBe(
      'ExplicitlyDenied',
    );
  });

  it('sees a changed policy at once (the cache follows the registry)', async () => {
    const iam = registry();
    const evaluator = new IamEvaluator(iam, TARGET);
    expect(await evaluator.evaluate(caller, { action: 'sqs:SendMessage', resource: QUEUE })).toBe('Allowed');
    iam.deleteAttachedPolicy('ProducerDefault');
    expect(await evaluator.evaluate(caller, { action: 'sqs:SendMessage', resource: QUEUE })).toBe('ImplicitlyDenied');
  });

  it('refuses a managed policy it has no document for', () => {
    expect(() =>
      new IamState().putRole({
        roleName: 'R',
        arn: roleArn('R'),
        managedPolicyArns: ['arn:aws:iam::aws:policy/Nope'],
        inlinePolicies: [],
      }),
    ).toThrow(UnknownManagedPolicyError);
  });
});

describe('accessDenied', () => {
  it('fails SQS calls as AWS does: 403 AccessDenied, naming the caller, the action and the resource', () => {
    expect(
      accessDenied(
        'SQS',
        { ...caller, accountId: '000000000000', roleName: 'Producer' },
        { action: 'sqs:SendMessage', resource: QUEUE },
        'ImplicitlyDenied',
      ),
    ).toEqual({
      name: 'AccessDenied',
      httpStatusCode: 403,
      message: `User: arn:aws:sts::000000000000:assumed-role/Producer/producer-fn is not authorized to perform: sqs:sendmessage on resource: ${QUEUE} because no identity-based policy allows the sqs:sendmessage action`,
    });
  });

  it('fails DynamoDB calls with AccessDeniedException', () => {
    expect(
      accessDenied(
        'DynamoDB',
        { ...caller, accountId: '0', roleName: 'Producer' },
        { action: 'dynamodb:PutItem', resource: 'arn:t' },
        'ImplicitlyDenied',
      ).name,
    ).toBe('AccessDeniedException');
  });
});
