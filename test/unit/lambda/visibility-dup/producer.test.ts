import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { mockAwsClient } from '#lab/test/helpers/mock-aws-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES, VISIBILITY_DUP } from '#lib/settings';
import { apiEvent } from '#lab/test/helpers/factories';
import { captureStdout } from '#test/helpers/log-capture';

const sqsMock = mockAwsClient(SQSClient);
const QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/000000000000/ShortVTQueue';
let handler: (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

beforeAll(async () => {
  process.env.QUEUE_URL = QUEUE_URL;
  ({ handler } = await import('#lambda/visibility-dup/producer'));
});

afterEach(() => {
  sqsMock.reset();
});

async function call(event: APIGatewayProxyEvent): Promise<{ statusCode: number; body: Record<string, unknown> }> {
  const { result } = await captureStdout(() => handler(event));
  return { statusCode: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown> };
}

describe('VisibilityDupStack producer', () => {
  it('sends one message carrying the job with every default filled in, and answers 202', async () => {
    sqsMock.on(SendMessageCommand).resolves({ MessageId: 'sqs-1' });

    const response = await call(apiEvent({ id: 'msg-1', sleep: 8 }));

    expect(response.statusCode).toBe(202);
    expect(response.body).toMatchObject({ messageId: 'sqs-1', id: 'msg-1', sleep: 8 });
    const sent = sqsMock.commandCalls(SendMessageCommand);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.args[0].input.QueueUrl).toBe(QUEUE_URL);
    expect(JSON.parse(sent[0]?.args[0].input.MessageBody ?? '')).toEqual({
      id: 'msg-1',
      sleep: 8,
      heartbeat: true,
      failHeartbeat: false,
      idempotency: true,
      sendTwice: false,
    });
    expect(sent[0]?.args[0].input.DelaySeconds).toBeUndefined();
  });

  it('sends delaySeconds as SendMessage DelaySeconds (a message timer) and keeps it in the body', async () => {
    sqsMock.on(SendMessageCommand).resolves({ MessageId: 'sqs-d' });

    const response = await call(apiEvent({ id: 'msg-d', sleep: 1, delaySeconds: 900 }));
    const zero = await call(apiEvent({ id: 'msg-z', sleep: 1, delaySeconds: 0 }));

    expect(response.statusCode).toBe(202);
    expect(response.body).toMatchObject({ messageId: 'sqs-d', delaySeconds: 900 });
    expect(zero.statusCode).toBe(202);
    const [delayed, immediate] = sqsMock.commandCalls(SendMessageCommand).map((c) => c.args[0].input);
    expect(delayed?.DelaySeconds).toBe(900);
    expect(JSON.parse(delayed?.MessageBody ?? '')).toMatchObject({ id: 'msg-d', delaySeconds: 900 });
    // 0 is sent, not dropped: a message timer of 0 overrides a delay queue's delay.
    expect(immediate?.DelaySeconds).toBe(0);
  });

  it('with sendTwice, sends the same message twice and answers both SQS message ids', async () => {
    sqsMock.on(SendMessageCommand).resolvesOnce({ MessageId: 'sqs-a' }).resolvesOnce({ MessageId: 'sqs-b' });

    const { result, lines } = await captureStdout(() => handler(apiEvent({ id: 'msg-2x', sleep: 2, sendTwice: true })));

    expect(result.statusCode).toBe(202);
    expect(JSON.parse(result.body)).toMatchObject({ messageId: 'sqs-a', messageIds: ['sqs-a', 'sqs-b'] });
    const inputs = sqsMock.commandCalls(SendMessageCommand).map((c) => c.args[0].input);
    expect(inputs).toHaveLength(2);
    expect(inputs[1]).toEqual(inputs[0]);
    expect(lines.map((line) => [line.event, line.id, line.messageId])).toEqual([
      ['enqueued', 'msg-2x', 'sqs-a'],
      ['enqueued-again', 'msg-2x', 'sqs-b'],
    ]);
  });

  it('answers 503 naming the id as sent when the second copy of sendTwice fails', async () => {
    sqsMock
      .on(SendMessageCommand)
      .resolvesOnce({ MessageId: 'sqs-a' })
      .rejectsOnce(Object.assign(new Error('slow down'), { name: 'RequestThrottled' }));

    const response = await call(apiEvent({ id: 'msg-2y', sleep: 2, sendTwice: true }));

    expect(response.statusCode).toBe(503);
    expect(response.body).toMatchObject({ sentIds: ['msg-2y'], failedIds: ['msg-2y'] });
    expect(String(response.body.error)).toMatch(/sent msg-2y once; its second copy .* failed \(RequestThrottled/);
  });

  it('carries the experiment switches into the message', async () => {
    sqsMock.on(SendMessageCommand).resolves({ MessageId: 'sqs-2' });

    await call(apiEvent({ id: 'msg-2', sleep: 8, heartbeat: false, failHeartbeat: true, idempotency: false }));

    const body = JSON.parse(sqsMock.commandCalls(SendMessageCommand)[0]?.args[0].input.MessageBody ?? '');
    expect(body).toMatchObject({ heartbeat: false, failHeartbeat: true, idempotency: false });
  });

  it('accepts a unicode id and a fractional sleep', async () => {
    sqsMock.on(SendMessageCommand).resolves({ MessageId: 'sqs-3' });

    const response = await call(apiEvent({ id: 'メッセージ-1 🚀', sleep: 4.5 }));
    const emoji128 = await call(apiEvent({ id: '🙂'.repeat(128), sleep: 0 }));

    expect(response.statusCode).toBe(202);
    expect(response.body).toMatchObject({ id: 'メッセージ-1 🚀', sleep: 4.5 });
    expect(emoji128.statusCode).toBe(202);
  });

  const longId = 'x'.repeat(129);
  const tooLarge = JSON.stringify({ id: 'a', sleep: 1, pad: 'x'.repeat(MAX_REQUEST_BODY_BYTES) });
  describe.each([
    ['malformed JSON', apiEvent('{"id":"msg-1",'), 400, /not valid JSON/],
    ['an empty body', apiEvent(''), 400, /body is required/],
    ['no body', apiEvent(null), 400, /body is required/],
    ['an array', apiEvent([{ id: 'msg-1' }]), 400, /must be a JSON object.*array/],
    ['a JSON string', apiEvent('"msg-1"'), 400, /must be a JSON object/],
    ['a missing id', apiEvent({ sleep: 8 }), 400, /id is required/],
    ['an empty id', apiEvent({ id: '  ', sleep: 8 }), 400, /id must not be empty/],
    ['a numeric id', apiEvent({ id: 7, sleep: 8 }), 400, /id must be a string/],
    ['an id over the length limit', apiEvent({ id: longId, sleep: 1 }), 400, /129 characters long; the limit is 128/],
    ['an id with a control character', apiEvent({ id: 'a\u0000b', sleep: 1 }), 400, /control characters/],
    [
      'an id with an unpaired surrogate',
      apiEvent('{"id":"a\\ud800b","sleep":1}'),
      400,
      /valid unicode text; it contains half of a surrogate pair/,
    ],
    ['sleep as a string', apiEvent({ id: 'msg-1', sleep: '8' }), 400, /sleep must be a number .* got the string "8"/],
    ['a negative sleep', apiEvent({ id: 'msg-1', sleep: -1 }), 400, /sleep must be a number between 0 and 25, got -1/],
    [
      'a sleep longer than the worker can finish',
      apiEvent({ id: 'msg-1', sleep: VISIBILITY_DUP.maxSleepSeconds + 1 }),
      400,
      /between 0 and 25, got 26/,
    ],
    ['a huge sleep', apiEvent({ id: 'msg-1', sleep: 1e308 }), 400, /sleep must be a number between 0 and 25/],
    ['heartbeat as a string', apiEvent({ id: 'msg-1', heartbeat: 'false' }), 400, /heartbeat must be true or false/],
    [
      "a delay over SQS's 15 minutes",
      apiEvent({ id: 'msg-1', delaySeconds: 901 }),
      400,
      /delaySeconds must be an integer between 0 and 900, got 901/,
    ],
    ['a negative delay', apiEvent({ id: 'msg-1', delaySeconds: -1 }), 400, /delaySeconds must be an integer .* got -1/],
    [
      'a fractional delay',
      apiEvent({ id: 'msg-1', delaySeconds: 2.5 }),
      400,
      /delaySeconds must be an integer .* 2\.5/,
    ],
    [
      'a delay as a string',
      apiEvent({ id: 'msg-1', delaySeconds: '3' }),
      400,
      /delaySeconds must be an integer between 0 and 900, got the string "3"/,
    ],
    ['a null delay', apiEvent({ id: 'msg-1', delaySeconds: null }), 400, /delaySeconds must be an integer .* got null/],
    ['sendTwice as a string', apiEvent({ id: 'msg-1', sendTwice: 'yes' }), 400, /sendTwice must be true or false/],
    [
      'a misspelt switch',
      apiEvent({ id: 'msg-1', heartbaet: false }),
      400,
      /unknown field "heartbaet" \(did you mean "heartbeat"\?\)/,
    ],
    [
      'an unrelated field',
      apiEvent({ id: 'msg-1', colour: 'red' }),
      400,
      /unknown field "colour"; allowed fields: id, sleep/,
    ],
    ['a body over the size limit', apiEvent(tooLarge), 400, /limit is 4096 bytes/],
    [
      'a form content type',
      apiEvent('id=msg-1', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      /Content-Type must be application\/json/,
    ],
    ['a GET', apiEvent({ id: 'msg-1' }, {}, 'GET'), 405, /use POST/],
  ])('refuses %s', (_name, event, status, reason) => {
    it(`answers ${status} with a JSON reason and sends nothing`, async () => {
      const response = await call(event);

      expect(response.statusCode).toBe(status);
      expect(String(response.body.error)).toMatch(reason);
      expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+/);
      expect(sqsMock.commandCalls(SendMessageCommand)).toHaveLength(0);
    });
  });

  it('answers 503 with a reason, not a stack trace, when SQS fails', async () => {
    sqsMock.on(SendMessageCommand).rejects(Object.assign(new Error('slow down'), { name: 'RequestThrottled' }));

    const response = await call(apiEvent({ id: 'msg-1', sleep: 1 }));

    expect(response.statusCode).toBe(503);
    expect(response.body.error).toMatch(/RequestThrottled/);
    expect(JSON.stringify(response.body)).not.toMatch(/\n\s+at /);
  });

  it('logs one JSON line naming the id when it enqueues', async () => {
    sqsMock.on(SendMessageCommand).resolves({ MessageId: 'sqs-9' });

    const { lines } = await captureStdout(() => handler(apiEvent({ id: 'msg-9', sleep: 2 })));

    expect(lines).toEqual([
      expect.objectContaining({
        event: 'enqueued',
        id: 'msg-9',
        messageId: 'sqs-9',
        message: 'Enqueued msg-9 sleep 2',
      }),
    ]);
  });
});
