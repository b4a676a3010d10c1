/**
 * The lab answers a denied or faulted call with AWS's error response, and the SDK a function
 * bundles parses it into its own exception. Parsed here by the real clients (the versions
 * package-lock.json pins), through a request handler that returns the lab's response, so no
 * socket is opened. The expected names, statuses and messages are what the lab's send patch
 * produced before the SDK was bundled (SQS: `AccessDenied`, 403, `Code`/`Type`; DynamoDB:
 * `AccessDeniedException`, 400; faults: the service's own exception class).
 */
import { Readable } from 'node:stream';
import {
  DynamoDBClient,
  GetItemCommand,
  ProvisionedThroughputExceededException,
  ConditionalCheckFailedException,
} from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, QueueDoesNotExist, RequestThrottled, SQSClient } from '@aws-sdk/client-sqs';
import { AuthorizationErrorException, PublishCommand, SNSClient, ThrottledException } from '@aws-sdk/client-sns';
import { describe, expect, it } from 'vitest';
import { awsErrorResponse, faultStatusCode } from '#lab/interceptors/aws-error-response';
import { accessDenied } from '#lab/services/iam/access-denied';

type WireResponse = ReturnType<typeof awsErrorResponse>;

/** A request handler that answers every request with `response` (and keeps the request). */
function answering(response: WireResponse) {
  const seen: { headers: Record<string, string> }[] = [];
  return {
    seen,
    handler: {
      handle: async (request: { headers: Record<string, string> }) => {
        seen.push(request);
        return {
          response: {
            statusCode: response.status,
            headers: { ...response.headers },
            body: Readable.from([Buffer.from(response.body)]),
          },
        };
      },
    },
  };
}

const CLIENT_CONFIG = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  // One attempt: the parsing is under test here, not the SDK's retries.
  maxAttempts: 1,
} as const;

async function sqsError(response: WireResponse): Promise<Record<string, unknown>> {
  const { handler } = answering(response);
  const client = new SQSClient({ ...CLIENT_CONFIG, endpoint: 'http://127.0.0.1:1', requestHandler: handler });
  return client.send(new GetQueueAttributesCommand({ QueueUrl: 'http://127.0.0.1:1/000000000000/q' })).then(
    () => ({}),
    (error: Record<string, unknown>) => error,
  );
}

async function dynamodbError(response: WireResponse): Promise<Record<string, unknown>> {
  const { handler } = answering(response);
  const client = new DynamoDBClient({ ...CLIENT_CONFIG, endpoint: 'http://127.0.0.1:1', requestHandler: handler });
  return client.send(new GetItemCommand({ TableName: 't', Key: { id: { S: 'x' } } })).then(
    () => ({}),
    (error: Record<string, unknown>) => error,
  );
}

async function snsError(response: WireResponse): Promise<Record<string, unknown>> {
  const { handler } = answering(response);
  const client = new SNSClient({ ...CLIENT_CONFIG, endpoint: 'http://127.0.0.1:1', requestHandler: handler });
  return client.send(new PublishCommand({ TopicArn: 'arn:aws:sns:us-east-1:000000000000:t', Message: 'm' })).then(
    () => ({}),
    (error: Record<string, unknown>) => error,
  );
}

const CALLER = {
  accountId: '000000000000',
  roleName: 'Worker-Role',
  roleArn: 'arn:aws:iam::000000000000:role/Worker-Role',
  sessionName: 'Worker',
};

describe('awsErrorResponse, parsed by the SDK', () => {
  it("makes an SQS AccessDenied the SDK names AccessDenied, 403, with IAM's message and the query code", async () => {
    const denied = accessDenied(
      'SQS',
      CALLER,
      { action: 'sqs:SendMessage', resource: 'arn:aws:sqs:us-east-1:000000000000:q' },
      'ImplicitlyDenied',
    );

    const error = await sqsError(awsErrorResponse('SQS', denied));

    expect(error).toMatchObject({
      name: 'AccessDenied',
      message: denied.message,
      $fault: 'client',
      $metadata: { httpStatusCode: 403 },
      Code: 'AccessDenied',
      Type: 'Sender',
    });
    expect(denied.message).toMatch(/is not authorized to perform: sqs:sendmessage on resource/);
  });

  it('makes a DynamoDB AccessDeniedException, 400, with the same message', async () => {
    const denied = accessDenied(
      'DynamoDB',
      CALLER,
      { action: 'dynamodb:GetItem', resource: 'arn:aws:dynamodb:us-east-1:000000000000:table/t' },
      'ExplicitlyDenied',
    );

    const error = await dynamodbError(awsErrorResponse('DynamoDB', denied));

    expect(error).toMatchObject({
      name: 'AccessDeniedException',
      message: denied.message,
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it.each([
    ['ProvisionedThroughputExceededException', ProvisionedThroughputExceededException],
    ['ConditionalCheckFailedException', ConditionalCheckFailedException],
  ] as const)('makes a DynamoDB fault %s an instance of the modeled class', async (name, modeled) => {
    const error = await dynamodbError(
      awsErrorResponse('DynamoDB', { name, message: 'injected', httpStatusCode: faultStatusCode(name) }),
    );

    expect(error).toBeInstanceOf(modeled);
    expect(error).toMatchObject({ name, message: 'injected', $metadata: { httpStatusCode: 400 } });
  });

  it.each([
    ['QueueDoesNotExist', QueueDoesNotExist],
    ['RequestThrottled', RequestThrottled],
  ] as const)('makes an SQS fault %s an instance of the modeled class', async (name, modeled) => {
    const error = await sqsError(
      awsErrorResponse('SQS', { name, message: 'injected', httpStatusCode: faultStatusCode(name) }),
    );

    expect(error).toBeInstanceOf(modeled);
    expect(error).toMatchObject({ name, message: 'injected', $metadata: { httpStatusCode: 400 } });
  });

  it('names an error no model knows by its code, with a server status for ServiceUnavailable', async () => {
    const error = await sqsError(
      awsErrorResponse('SQS', {
        name: 'ServiceUnavailable',
        message: 'injected',
        httpStatusCode: faultStatusCode('ServiceUnavailable'),
      }),
    );

    expect(error).toMatchObject({
      name: 'ServiceUnavailable',
      message: 'injected',
      $fault: 'server',
      $metadata: { httpStatusCode: 503 },
    });
  });
});

describe('awsErrorResponse in the query protocol (SNS), parsed by the SDK', () => {
  it("makes SNS's AuthorizationError (403) the SDK's AuthorizationErrorException, with IAM's message", async () => {
    const denied = accessDenied(
      'SNS',
      CALLER,
      { action: 'sns:Publish', resource: 'arn:aws:sns:us-east-1:000000000000:t' },
      'ImplicitlyDenied',
    );
    const response = awsErrorResponse('SNS', denied, 'query');
    expect(response.headers['content-type']).toBe('text/xml');
    const error = await snsError(response);
    expect(error).toBeInstanceOf(AuthorizationErrorException);
    expect(error.message).toBe(
      'User: arn:aws:sts::000000000000:assumed-role/Worker-Role/Worker is not authorized to perform: SNS:Publish on resource: arn:aws:sns:us-east-1:000000000000:t because no identity-based policy allows the SNS:Publish action',
    );
    expect((error.$metadata as { httpStatusCode: number }).httpStatusCode).toBe(403);
  });

  it('makes a fault rule’s Throttled the SDK’s ThrottledException, and escapes the message as XML', async () => {
    const error = await snsError(
      awsErrorResponse('SNS', { name: 'Throttled', message: 'Rate exceeded <for "t">', httpStatusCode: 400 }, 'query'),
    );
    expect(error).toBeInstanceOf(ThrottledException);
    expect(error.message).toBe('Rate exceeded <for "t">');
  });
});
