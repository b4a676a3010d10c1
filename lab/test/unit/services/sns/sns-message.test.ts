/**
 * SNS's filter policies and envelope, against the SNS developer guide's examples: "Amazon SNS
 * message filtering" (attribute and body scopes, numeric matching, String.Array attributes matched
 * item by item) and "Amazon SNS message and JSON formats" (the notification's members).
 */
import { describe, expect, it } from 'vitest';
import { passesFilterPolicy, snsEnvelope } from '#lab/services/sns/sns-message';
import {
  ORDERS_TOPIC as TOPIC,
  publishedMessage as message,
  queueSubscription as subscription,
} from '#lab/test/helpers/sns-messages';

describe('passesFilterPolicy', () => {
  it('matches attributes: strings, numbers as numbers, and String.Array item by item', () => {
    const policy = subscription('{"store":["example_corp"],"price_usd":[{"numeric":[">=",100]}],"color":["red"]}');
    const attributes = {
      store: { DataType: 'String', StringValue: 'example_corp' },
      price_usd: { DataType: 'Number', StringValue: '210.75' },
      color: { DataType: 'String.Array', StringValue: '["blue","red"]' },
    };
    expect(passesFilterPolicy(policy, message('x', attributes))).toBe(true);
    expect(
      passesFilterPolicy(policy, message('x', { ...attributes, price_usd: { DataType: 'Number', StringValue: '99' } })),
    ).toBe(false);
    expect(passesFilterPolicy(policy, message('x'))).toBe(false);
  });

  it('reads the body as JSON with the MessageBody scope, and matches no body that is not JSON', () => {
    const policy = subscription('{"order":{"kind":["refund"]}}', 'MessageBody');
    expect(passesFilterPolicy(policy, message('{"order":{"kind":"refund","id":7}}'))).toBe(true);
    expect(passesFilterPolicy(policy, message('{"order":{"kind":"sale"}}'))).toBe(false);
    expect(passesFilterPolicy(policy, message('refund'))).toBe(false);
  });

  it('lets everything through without a policy, and honours exists: false', () => {
    expect(passesFilterPolicy({ ...subscription('{}'), filterPolicy: undefined }, message('x'))).toBe(true);
    const absent = subscription('{"trace":[{"exists":false}]}');
    // exists: false needs at least one attribute (SNS guide, "Key matching").
    expect(passesFilterPolicy(absent, message('x'))).toBe(false);
    expect(passesFilterPolicy(absent, message('x', { other: { DataType: 'String', StringValue: 'o' } }))).toBe(true);
    expect(passesFilterPolicy(absent, message('x', { trace: { DataType: 'String', StringValue: 't' } }))).toBe(false);
  });
});

describe('snsEnvelope', () => {
  it("holds the notification's members, Subject and MessageAttributes only when given", () => {
    const plain = snsEnvelope(message('hello'), `${TOPIC}:sub`);
    expect(Object.keys(plain)).toEqual([
      'Type',
      'MessageId',
      'TopicArn',
      'Message',
      'Timestamp',
      'SignatureVersion',
      'Signature',
      'SigningCertURL',
      'UnsubscribeURL',
    ]);
    expect(plain).toMatchObject({ Type: 'Notification', Message: 'hello', Timestamp: '2026-11-28T00:00:00.000Z' });
    const full = snsEnvelope(
      { ...message('hi', { n: { DataType: 'Number', StringValue: '3' } }), subject: 'greeting' },
      `${TOPIC}:sub`,
    );
    expect(full).toMatchObject({ Subject: 'greeting', MessageAttributes: { n: { Type: 'Number', Value: '3' } } });
  });
});
