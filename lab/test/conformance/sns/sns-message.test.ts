import { describe, expect } from 'vitest';
import { passesFilterPolicy, snsEnvelope } from '#lab/services/sns/sns-message';
import {
  ORDERS_TOPIC as TOPIC,
  publishedMessage as message,
  queueSubscription as subscription,
} from '#lab/test/helpers/sns-messages';
import { conform } from '#lab/test/conformance/behaviour';
import { SNS_BEHAVIOURS } from './sns-behaviours';

/** Each behaviour of SNS_BEHAVIOURS, asserted on the lab's SNS message handling. */
const behaviour = (id: (typeof SNS_BEHAVIOURS)[number]['id']) => {
  const found = SNS_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no behaviour ${id}`);
  return found;
};

describe('SNS conformance', () => {
  conform(behaviour('sns.envelope.members'), () => {
    const plain = snsEnvelope(message('hello'), `${TOPIC}:sub`);
    expect(Object.keys(plain).sort()).toEqual(
      [
        'Message',
        'MessageId',
        'Signature',
        'SignatureVersion',
        'SigningCertURL',
        'Timestamp',
        'TopicArn',
        'Type',
        'UnsubscribeURL',
      ].sort(),
    );
    expect(plain.Type).toBe('Notification');
    const full = snsEnvelope(
      { ...message('hi', { n: { DataType: 'Number', StringValue: '3' } }), subject: 'greeting' },
      `${TOPIC}:sub`,
    );
    expect(full).toMatchObject({ Subject: 'greeting', MessageAttributes: { n: { Type: 'Number', Value: '3' } } });
  });

  conform(behaviour('sns.filter-policy.attributes'), () => {
    // The guide's example policy: store, a numeric price range and a String.Array color.
    const policy = subscription('{"store":["example_corp"],"price_usd":[{"numeric":[">=",100]}],"color":["red"]}');
    const attributes = {
      store: { DataType: 'String', StringValue: 'example_corp' },
      price_usd: { DataType: 'Number', StringValue: '210.75' },
      color: { DataType: 'String.Array', StringValue: '["blue","red"]' },
    };
    expect(passesFilterPolicy(policy, message('x', attributes))).toBe(true);
    const cheap = { ...attributes, price_usd: { DataType: 'Number', StringValue: '99.5' } };
    expect(passesFilterPolicy(policy, message('x', cheap))).toBe(false);
    const { color: _color, ...noColor } = attributes;
    expect(passesFilterPolicy(policy, message('x', noColor))).toBe(false);
  });

  conform(behaviour('sns.filter-policy.body'), () => {
    const policy = subscription('{"order":{"kind":["refund"]}}', 'MessageBody');
    expect(passesFilterPolicy(policy, message('{"order":{"kind":"refund","id":7}}'))).toBe(true);
    expect(passesFilterPolicy(policy, message('{"order":{"kind":"sale"}}'))).toBe(false);
    expect(passesFilterPolicy(policy, message('refund'))).toBe(false);
  });

  conform(behaviour('sns.filter-policy.absent'), () => {
    expect(passesFilterPolicy(subscription(undefined), message('anything'))).toBe(true);
    const absent = subscription('{"trace":[{"exists":false}]}');
    expect(passesFilterPolicy(absent, message('x', { other: { DataType: 'String', StringValue: 'o' } }))).toBe(true);
    // "exists": false matches only when at least one attribute is present.
    expect(passesFilterPolicy(absent, message('x'))).toBe(false);
    expect(passesFilterPolicy(absent, message('x', { trace: { DataType: 'String', StringValue: 't' } }))).toBe(false);
  });
});
