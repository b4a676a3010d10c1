import { describe, expect, it } from 'vitest';
import { ReceiptHandleBook } from '#lab/services/sqs/fidelity/receipt-handle-book';

type Message = Parameters<ReceiptHandleBook['markDeleted']>[0];

function message(id: string): Message {
  return {
    messageId: id,
    body: `body of ${id}`,
    md5OfBody: '',
    messageAttributes: {},
    sentTimestamp: 0,
    approximateReceiveCount: 0,
  };
}

const QUEUE = 'arn:aws:sqs:us-east-1:000000000000:q';

/** How the receipt-handle rules read a handle: unknown, stale (superseded or deleted), or the latest. */
function answer(book: ReceiptHandleBook, handle: string): 'never issued' | 'stale' | 'latest' {
  const issued = book.lookup(handle);
  if (issued === undefined) return 'never issued';
  return book.isDeleted(issued.message) || book.isSuperseded(handle, issued) ? 'stale' : 'latest';
}

describe('ReceiptHandleBook', () => {
  it('answers a superseded or deleted handle as stale, and only the latest handle holds its message', () => {
    const book = new ReceiptHandleBook();
    const m = message('m1');
    book.issue('h1', { queueArn: QUEUE, message: m, receivedAtMs: 1 });
    book.issue('h2', { queueArn: QUEUE, message: m, receivedAtMs: 2 });

    expect(answer(book, 'h1')).toBe('stale');
    expect(answer(book, 'h2')).toBe('latest');
    expect(book.lookup('h2')?.message).toBe(m);
    expect(book.lookup('h1')?.queueArn).toBe(QUEUE);
    expect(book.liveCount).toBe(1);

    book.markDeleted(m);

    expect(answer(book, 'h2')).toBe('stale');
    expect(book.lookup('h2')?.queueArn).toBe(QUEUE);
    expect(book.liveCount).toBe(0);
    expect(answer(book, 'never')).toBe('never issued');
  });

  it("leads an earlier handle to its message's latest receive while the message lives, and to nothing once it is deleted", () => {
    const book = new ReceiptHandleBook();
    const m = message('m1');
    book.issue('h1', { queueArn: QUEUE, message: m, receivedAtMs: 1 });
    book.issue('h2', { queueArn: QUEUE, message: m, receivedAtMs: 2 });

    const earlier = book.lookup('h1');
    expect(earlier?.message).toBe(m);
    expect(book.latestReceiveOf(m)).toEqual({ handle: 'h2', issued: { queueArn: QUEUE, message: m, receivedAtMs: 2 } });

    book.markDeleted(m);

    const afterDelete = book.lookup('h1');
    expect(afterDelete?.message).not.toBe(m);
    expect(afterDelete !== undefined && book.isDeleted(afterDelete.message)).toBe(true);
    expect(book.latestReceiveOf(m)).toBeUndefined();
  });

  it('keeps a bounded number of retired handles, forgetting the oldest first, so memory stays flat', () => {
    const book = new ReceiptHandleBook(3);
    for (let index = 1; index <= 5; index += 1) {
      const m = message(`m${index}`);
      book.issue(`h${index}`, { queueArn: QUEUE, message: m, receivedAtMs: index });
      book.markDeleted(m);
    }

    expect(['h1', 'h2', 'h3', 'h4', 'h5'].map((handle) => answer(book, handle))).toEqual([
      'never issued',
      'never issued',
      'stale',
      'stale',
      'stale',
    ]);
    expect(book.liveCount).toBe(0);
  });
});
