/**
 * Reading an SDK call from the request it sends: the JSON protocols' `X-Amz-Target`, and the query
 * protocol's form (`Action=Publish&…`), whose service is the signing name of its SigV4 scope.
 */
import { describe, expect, it } from 'vitest';
import { readQueryCall, readWireCall, signingNameOf } from '#lab/interceptors/aws-wire-call';

describe('readWireCall', () => {
  it('reads a JSON-protocol call by its target', () => {
    expect(readWireCall('AmazonSQS.SendMessage', '{"QueueUrl":"u"}')).toEqual({
      service: 'SQS',
      operation: 'SendMessage',
      call: 'SQS.SendMessage',
      input: { QueueUrl: 'u' },
    });
  });
});

describe('the query protocol', () => {
  const authorization =
    'AWS4-HMAC-SHA256 Credential=lab-access-key/20261128/us-east-1/sns/aws4_request, SignedHeaders=host, Signature=abc';

  it('finds the signing name in the credential scope', () => {
    expect(signingNameOf(authorization)).toBe('sns');
    expect(signingNameOf('Bearer token')).toBeUndefined();
    expect(signingNameOf(undefined)).toBeUndefined();
  });

  it('reads the operation from Action and the input from the other fields', () => {
    const call = readQueryCall(
      'sns',
      'Action=Publish&Version=2010-03-31&TopicArn=arn%3Aaws%3Asns%3Aus-east-1%3A0%3At&Message=hi',
    );
    expect(call).toMatchObject({ service: 'SNS', operation: 'Publish', call: 'SNS.Publish', protocol: 'query' });
    expect({ ...(call?.input as object) }).toEqual({ TopicArn: 'arn:aws:sns:us-east-1:0:t', Message: 'hi' });
  });

  it('reads no call of a service it does not gate, or a form without Action', () => {
    expect(readQueryCall('cloudformation', 'Action=DescribeStacks')).toBeUndefined();
    expect(readQueryCall('sns', 'TopicArn=x')).toBeUndefined();
    expect(readQueryCall(undefined, 'Action=Publish')).toBeUndefined();
  });

  it('keeps a field named like an object member as a plain field', () => {
    const call = readQueryCall('sns', 'Action=Publish&__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(call?.input)).toBeNull();
    expect((call?.input as Record<string, string>).__proto__).toBe('x');
  });
});
