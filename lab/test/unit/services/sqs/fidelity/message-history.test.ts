/** The message history stays small: its last messages, their last events, a send always first. */
import { describe, expect, it } from 'vitest';
import { MessageHistory } from '#lab/services/sqs/fidelity/message-history';

const QUEUE = 'arn:aws:sqs:us-east-1:000000000000:orders';
const OTHER = 'arn:aws:sqs:us-east-1:000000000000:other';

describe('MessageHistory', () => {
  it('forgets the least recently touched message beyond its bound', () => {
    const history = new MessageHistory(2, 10);
    for (const id of ['a', 'b', 'c'])
      history.record({ kind: 'sent', at: 1, messageId: id, queueArn: QUEUE, bodyPreview: id });
    expect(history.of([QUEUE], 10).map((event) => event.messageId)).toEqual(['b', 'c']);
  });

  it('keeps a message’s last events, its send first even when a receive was recorded before it', () => {
    const history = new MessageHistory(10, 3);
    history.record({ kind: 'received', at: 2, messageId: 'a', queueArn: QUEUE, receiveCount: 1, visibleAt: 5 });
    history.record({ kind: 'sent', at: 1, messageId: 'a', queueArn: QUEUE, bodyPreview: 'a' });
    expect(history.of([QUEUE], 10).map((event) => event.kind)).toEqual(['sent', 'received']);
    for (let n = 0; n < 3; n += 1) history.record({ kind: 'deleted', at: 3 + n, messageId: 'a', queueArn: QUEUE });
    expect(history.of([QUEUE], 10)).toHaveLength(3);
  });

  it('reads only the messages of the queues asked for, the last `limit` of them', () => {
    const history = new MessageHistory();
    history.record({ kind: 'sent', at: 1, messageId: 'a', queueArn: QUEUE, bodyPreview: 'a' });
    history.record({ kind: 'sent', at: 2, messageId: 'b', queueArn: OTHER, bodyPreview: 'b' });
    history.record({ kind: 'sent', at: 3, messageId: 'c', queueArn: QUEUE, bodyPreview: 'c' });
    expect(history.of([QUEUE], 1).map((event) => event.messageId)).toEqual(['c']);
    expect(history.of([QUEUE, OTHER], 10).map((event) => event.messageId)).toEqual(['a', 'b', 'c']);
  });
});
