import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { mockAwsClient } from '#lab/test/helpers/mock-aws-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BatchItem } from '#lambda/batch-partial/run';
import { apiEvent } from '#lab/test/helpers/factories';
import { captureStdout } from '#test/helpers/log-capture';

const sqsMock = mockAwsClient(SQSClient);
let handler: (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

beforeAll(async () => {
  process.env.QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/000000000000/BatchQueue';
  ({ handler } = await import('#lambda/batch-partial/producer'));
});

afterEach(() => {
  sqsMock.reset();
});

/** SQS accepting every entry of every batch. */
function acceptAll(): void {
  sqsMock.on(SendMessageBatchCommand).callsFake((input: { Entries: { Id: string }[] }) => ({
    Successful: input.Entries.map((entry) => ({ Id: entry.Id, MessageId: `m-${Math.random()}` })),
    Failed: [],
  }));
}

async function call(event: APIGatewayProxyEvent): Promise<{ statusCode: number; body: Record<string, unknown> }> {
  const { result } = await captureStdout(() => handler(event));
  return { statusCode: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown> };
}

function sentItems(): BatchItem[] {
  return sqsMock
    .commandCalls(SendMessageBatchCommand)
    .flatMap((call) => call.args[0].input.Entries ?? [])
    .map((entry) => JSON.parse(entry.MessageBody ?? '') as BatchItem);
}

describe('BatchPartialStack producer', () => {
  it('sends 25 messages in 3 SendMessageBatch calls of 10, 10 and 5', async () => {
    acceptAll();

    const response = await call(apiEvent({ count: 25 }));

    expect(response.statusCode).toBe(202);
    const calls = sqsMock.commandCalls(SendMessageBatchCommand);
    expect(calls.map((c) => c.args[0].input.Entries?.length)).toEqual([10, 10, 5]);
    expect(Object.keys(response.body.messageIds as object)).toHaveLength(25);
  });

  it('marks every failEvery-th message shouldFail, with ids <runId>-<index>', async () => {
    acceptAll();

    const response = await call(apiEvent({ count: 10, failEvery: 3 }));

    const items = sentItems();
    expect(items.map((item) => item.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(items.filter((item) => item.shouldFail).map((item) => item.index)).toEqual([3, 6, 9]);
    expect(items[2]?.id).toMatch(/^\d{13}-3$/);
    expect(response.body.failing).toEqual(items.filter((i) => i.shouldFail).map((i) => i.id));
  });

  it.each([{ failEvery: 0 }, {}])('marks none when failEvery is %j', async (extra) => {
    acceptAll();

    await call(apiEvent({ count: 4, ...extra }));

    expect(sentItems().some((item) => item.shouldFail)).toBe(false);
  });

  it('resends the entries SQS failed and reports success once all are in', async () => {
    let first = true;
    sqsMock.on(SendMessageBatchCommand).callsFake((input: { Entries: { Id: string }[] }) => {
      const failFirst = first;
      first = false;
      return {
        Successful: input.Entries.slice(failFirst ? 1 : 0).map((e) => ({ Id: e.Id, MessageId: `m-${e.Id}` })),
        Failed: failFirst ? [{ Id: input.Entries[0]?.Id, Code: 'InternalError', SenderFault: false }] : [],
      };
    });

    const response = await call(apiEvent({ count: 3 }));

    expect(response.statusCode).toBe(202);
    const calls = sqsMock.commandCalls(SendMessageBatchCommand);
    expect(calls.map((c) => c.args[0].input.Entries?.length)).toEqual([3, 1]);
    expect(sentItems().map((item) => item.index)).toEqual([1, 2, 3, 1]);
  });

  it('answers 503 naming the messages that could not be sent', async () => {
    sqsMock.on(SendMessageBatchCommand).callsFake((input: { Entries: { Id: string }[] }) => ({
      Successful: input.Entries.slice(1).map((e) => ({ Id: e.Id, MessageId: `m-${e.Id}` })),
      Failed: [{ Id: input.Entries[0]?.Id, Code: 'InternalError', SenderFault: false }],
    }));

    const response = await call(apiEvent({ count: 2 }));

    expect(response.statusCode).toBe(503);
    expect(response.body.failedIds).toEqual([expect.stringMatching(/-1$/)]);
    expect(response.body.sentIds).toEqual([expect.stringMatching(/-2$/)]);
    expect(sqsMock.commandCalls(SendMessageBatchCommand)).toHaveLength(3);
  });

  it('answers 503 naming what was sent when a whole call fails after earlier batches went through', async () => {
    let calls = 0;
    sqsMock.on(SendMessageBatchCommand).callsFake((input: { Entries: { Id: string }[] }) => {
      calls += 1;
      if (calls > 1) throw Object.assign(new Error('connection reset'), { name: 'TimeoutError' });
      return { Successful: input.Entries.map((e) => ({ Id: e.Id, MessageId: `m-${e.Id}` })), Failed: [] };
    });

    const response = await call(apiEvent({ count: 15 }));

    expect(response.statusCode).toBe(503);
    expect(response.body.sentIds).toHaveLength(10);
    expect(response.body.failedIds).toHaveLength(5);
    expect(response.body.error).toMatch(/could not send 5 of 15 messages .*TimeoutError/);
    // First chunk once, then the failed chunk on each of the three attempts.
    expect(sqsMock.commandCalls(SendMessageBatchCommand)).toHaveLength(4);
  });

  describe.each([
    ['a zero count', { count: 0 }, /count must be an integer between 1 and 100, got 0/],
    ['a negative count', { count: -5 }, /count must be an integer between 1 and 100, got -5/],
    ['a fractional count', { count: 2.5 }, /count must be an integer between 1 and 100, got 2.5/],
    ['a count above the maximum', { count: 101 }, /between 1 and 100, got 101/],
    ['a huge count', { count: 1e21 }, /between 1 and 100/],
    ['a count as a string', { count: '10' }, /got the string "10"/],
    ['a negative failEvery', { count: 10, failEvery: -1 }, /failEvery must be an integer between 0 and 100, got -1/],
    ['a fractional failEvery', { count: 10, failEvery: 1.5 }, /failEvery must be an integer/],
    ['failEvery as null', { count: 10, failEvery: null }, /failEvery must be an integer .* got null/],
    ['an unknown field', { count: 10, failevery: 3 }, /unknown field "failevery" \(did you mean "failEvery"\?\)/],
  ])('refuses %s', (_name, body, reason) => {
    it('answers 400 with a JSON reason and sends nothing', async () => {
      acceptAll();

      const response = await call(apiEvent(body));

      expect(response.statusCode).toBe(400);
      expect(String(response.body.error)).toMatch(reason);
      expect(sqsMock.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
    });
  });
});
