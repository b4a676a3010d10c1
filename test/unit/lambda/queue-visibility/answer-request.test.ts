/**
 * The `Custom::QueueVisibilityTimeout` handler's parts: what it answers CloudFormation for each
 * request type (lambda/queue-visibility/answer-request.ts) and how the answer is PUT to the
 * ResponseURL (lambda/commons/cloudformation-response.ts). Response fields: CloudFormation user
 * guide, "Custom resource response objects"
 * (https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/crpg-ref-responses.html).
 */
import { EventEmitter } from 'node:events';
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { GetQueueAttributesCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { mockAwsClient } from '#lab/test/helpers/mock-aws-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type HttpsRequest,
  MAX_REASON_LENGTH,
  responseBody,
  sendCloudFormationResponse,
} from '#lambda/commons/cloudformation-response';
import { Logger } from '#lambda/commons/logger';
import { MAX_READ_INTERVAL_MS, systemClock } from '#lambda/core/apply-visibility-timeout';
import {
  answerVisibilityTimeoutRequest,
  parseVisibilityTimeoutProperties,
  RESPONSE_MARGIN_MS,
} from '#lambda/queue-visibility/answer-request';

const T0 = 1_700_000_000_000;
const QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/ShortVTQueue';
const sqsMock = mockAwsClient(SQSClient);

/** A request as CloudFormation sends it (numbers in properties arrive as strings). */
function request(
  requestType: 'Create' | 'Update' | 'Delete',
  properties: Record<string, unknown> = { VisibilityTimeout: '30', SettleSeconds: '2', StableReads: '3' },
): CloudFormationCustomResourceEvent {
  const common = {
    ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:handler',
    ResponseURL: 'https://cloudformation-custom-resource-response-useast1.s3.amazonaws.com/abc?X-Amz-Signature=s',
    StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/VisibilityDupStack/1',
    RequestId: 'request-1',
    LogicalResourceId: 'ShortVTQueueVisibilityTimeoutRaise1234',
    ResourceType: 'Custom::QueueVisibilityTimeout',
    ResourceProperties: { ServiceToken: 'arn', QueueUrl: QUEUE_URL, ...properties },
  };
  if (requestType === 'Create') return { ...common, RequestType: 'Create' };
  if (requestType === 'Update')
    return {
      ...common,
      RequestType: 'Update',
      PhysicalResourceId: 'physical-1',
      OldResourceProperties: { ServiceToken: 'arn' },
    };
  return { ...common, RequestType: 'Delete', PhysicalResourceId: 'physical-1' };
}

function answer(event: CloudFormationCustomResourceEvent, lines: string[] = [], remainingMs = 92_000) {
  return answerVisibilityTimeoutRequest(event, {
    sqs: new SQSClient({}),
    clock: systemClock,
    remainingMs,
    logger: new Logger({}, (line) => lines.push(line)),
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  sqsMock.on(SetQueueAttributesCommand).resolves({});
  sqsMock.on(GetQueueAttributesCommand).resolves({ Attributes: { VisibilityTimeout: '30' } });
});

afterEach(() => {
  vi.useRealTimers();
  sqsMock.reset();
});

describe('answerVisibilityTimeoutRequest', () => {
  it('on Create, sets the timeout, waits the settle time, and answers SUCCESS with a physical id naming the queue', async () => {
    const lines: string[] = [];
    const answered = answer(request('Create'), lines);
    await vi.advanceTimersByTimeAsync(2000);

    await expect(answered).resolves.toEqual({
      status: 'SUCCESS',
      physicalResourceId: `ShortVTQueueVisibilityTimeoutRaise1234:${QUEUE_URL}`,
      data: { VisibilityTimeout: '30', SettledAfterMs: '2000' },
    });
    expect(sqsMock.commandCalls(SetQueueAttributesCommand)[0]?.args[0].input.Attributes).toEqual({
      VisibilityTimeout: '30',
    });
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ event: 'visibility-timeout-applied', seconds: 30, reads: 3 });
  });

  it('paces its reads by the settle time: 500 ms apart with AWS’s 60 s, 133 ms apart with the lab’s 0.4 s', async () => {
    const readAt: number[] = [];
    sqsMock.on(GetQueueAttributesCommand).callsFake(() => {
      readAt.push(Date.now() - T0);
      return { Attributes: { VisibilityTimeout: '30' } };
    });

    const onAws = answer(request('Create', { VisibilityTimeout: '30', SettleSeconds: '60', StableReads: '3' }));
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(onAws).resolves.toMatchObject({ status: 'SUCCESS', data: { SettledAfterMs: '60000' } });
    expect(readAt).toEqual([0, 500, 1000]);

    readAt.length = 0;
    const start = Date.now() - T0;
    const onLab = answer(request('Create', { VisibilityTimeout: '30', SettleSeconds: '0.4', StableReads: '3' }));
    await vi.advanceTimersByTimeAsync(400);
    await expect(onLab).resolves.toMatchObject({ status: 'SUCCESS', data: { SettledAfterMs: '400' } });
    expect(readAt.map((at) => at - start)).toEqual([0, 133, 266]);
  });

  it('on Update, does the same and keeps the physical id', async () => {
    const answered = answer(request('Update'));
    await vi.advanceTimersByTimeAsync(2000);

    await expect(answered).resolves.toMatchObject({ status: 'SUCCESS', physicalResourceId: 'physical-1' });
    expect(sqsMock.commandCalls(SetQueueAttributesCommand)).toHaveLength(1);
  });

  it('on Delete, leaves the queue alone and answers SUCCESS', async () => {
    await expect(answer(request('Delete'))).resolves.toEqual({ status: 'SUCCESS', physicalResourceId: 'physical-1' });
    expect(sqsMock.commandCalls(SetQueueAttributesCommand)).toHaveLength(0);
  });

  it('answers FAILED with the reason when SQS refuses, so CloudFormation rolls back and says why', async () => {
    sqsMock
      .on(SetQueueAttributesCommand)
      .rejects(
        Object.assign(new Error('User is not authorized to perform: sqs:setqueueattributes'), { name: 'AccessDenied' }),
      );
    const lines: string[] = [];

    await expect(answer(request('Create'), lines)).resolves.toEqual({
      status: 'FAILED',
      physicalResourceId: `ShortVTQueueVisibilityTimeoutRaise1234:${QUEUE_URL}`,
      reason: 'AccessDenied: User is not authorized to perform: sqs:setqueueattributes',
    });
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 'ERROR', event: 'visibility-timeout-failed' });
  });

  it('answers FAILED before the function times out when the queue never reads the new value', async () => {
    sqsMock.on(GetQueueAttributesCommand).resolves({ Attributes: { VisibilityTimeout: '5' } });
    let answeredAt: number | undefined;
    const answered = answer(
      request('Create', { VisibilityTimeout: '30', SettleSeconds: '0', StableReads: '3' }),
      [],
      20_000,
    ).then((outcome) => {
      answeredAt = Date.now() - T0;
      return outcome;
    });
    await vi.advanceTimersByTimeAsync(20_000);

    await expect(answered).resolves.toMatchObject({
      status: 'FAILED',
      reason: expect.stringMatching(/^VisibilityTimeoutNotAppliedError: .* it still reads 5 /),
    });
    // Reads stop once another one would pass the deadline, which keeps RESPONSE_MARGIN_MS for the answer.
    expect(answeredAt).toBeLessThanOrEqual(20_000 - RESPONSE_MARGIN_MS);
    expect(answeredAt).toBeGreaterThan(20_000 - RESPONSE_MARGIN_MS - MAX_READ_INTERVAL_MS);
  });

  it('answers FAILED naming a malformed property, without calling SQS', async () => {
    await expect(answer(request('Create', { VisibilityTimeout: 'thirty' }))).resolves.toMatchObject({
      status: 'FAILED',
      reason: 'InvalidResourcePropertiesError: VisibilityTimeout must be an integer from 0 to 43200, got "thirty"',
    });
    expect(sqsMock.commandCalls(SetQueueAttributesCommand)).toHaveLength(0);
  });
});

describe('parseVisibilityTimeoutProperties', () => {
  it('reads a settle time in tenths of a second, as the lab renders it', () => {
    const lab = { QueueUrl: QUEUE_URL, VisibilityTimeout: '30', StableReads: '3' };
    expect(parseVisibilityTimeoutProperties({ ...lab, SettleSeconds: '0.4' }).settleSeconds).toBe(0.4);
    expect(parseVisibilityTimeoutProperties({ ...lab, SettleSeconds: 0.4 }).settleSeconds).toBe(0.4);
    expect(() => parseVisibilityTimeoutProperties({ ...lab, SettleSeconds: '0.25' })).toThrow(
      'SettleSeconds must be a number with at most one decimal from 0 to 900, got "0.25"',
    );
  });

  it('reads strings (CloudFormation) and numbers (a template read as JSON) alike', () => {
    const expected = { queueUrl: QUEUE_URL, visibilityTimeoutSeconds: 5, settleSeconds: 0, stableReads: 1 };
    expect(
      parseVisibilityTimeoutProperties({
        QueueUrl: QUEUE_URL,
        VisibilityTimeout: '5',
        SettleSeconds: '0',
        StableReads: '1',
      }),
    ).toEqual(expected);
    expect(
      parseVisibilityTimeoutProperties({ QueueUrl: QUEUE_URL, VisibilityTimeout: 5, SettleSeconds: 0, StableReads: 1 }),
    ).toEqual(expected);
  });

  it.each([
    [{ VisibilityTimeout: '5', SettleSeconds: '0', StableReads: '1' }, /^QueueUrl must be the queue URL$/],
    [
      { QueueUrl: QUEUE_URL, VisibilityTimeout: '43201', SettleSeconds: '0', StableReads: '1' },
      /^VisibilityTimeout must/,
    ],
    [{ QueueUrl: QUEUE_URL, VisibilityTimeout: '5', SettleSeconds: '-1', StableReads: '1' }, /^SettleSeconds must/],
    [{ QueueUrl: QUEUE_URL, VisibilityTimeout: '5', SettleSeconds: '900.1', StableReads: '1' }, /^SettleSeconds must/],
    [
      { QueueUrl: QUEUE_URL, VisibilityTimeout: '5.5', SettleSeconds: '0', StableReads: '1' },
      /^VisibilityTimeout must/,
    ],
    [{ QueueUrl: QUEUE_URL, VisibilityTimeout: '5', SettleSeconds: '0', StableReads: '0' }, /^StableReads must/],
    [{ QueueUrl: QUEUE_URL, VisibilityTimeout: '5', SettleSeconds: '0', StableReads: 1.5 }, /^StableReads must/],
  ])('refuses %j', (properties, message) => {
    expect(() => parseVisibilityTimeoutProperties(properties)).toThrow(message);
  });
});

/** A fake `https.request` that records the call and answers `status`. */
function fakeRequest(status: number): {
  request: HttpsRequest;
  sent: { options?: RequestOptions; body?: string };
} {
  const sent: { options?: RequestOptions; body?: string } = {};
  const request = ((options: RequestOptions, callback: (response: IncomingMessage) => void) => {
    sent.options = options;
    const put = new EventEmitter() as EventEmitter & { end: (body: string) => void };
    put.end = (body: string) => {
      sent.body = body;
      const response = Object.assign(new EventEmitter(), { statusCode: status, resume: () => undefined });
      callback(response as unknown as IncomingMessage);
      response.emit('end');
    };
    return put as unknown as ClientRequest;
  }) as unknown as HttpsRequest;
  return { request, sent };
}

describe('sendCloudFormationResponse', () => {
  it('PUTs the answer, with the request’s ids, to the ResponseURL’s host and path', async () => {
    vi.useRealTimers();
    const { request: put, sent } = fakeRequest(200);

    await sendCloudFormationResponse(request('Create'), { status: 'SUCCESS', physicalResourceId: 'p' }, put);

    expect(sent.options).toMatchObject({
      hostname: 'cloudformation-custom-resource-response-useast1.s3.amazonaws.com',
      path: '/abc?X-Amz-Signature=s',
      method: 'PUT',
      headers: { 'content-type': '', 'content-length': Buffer.byteLength(sent.body ?? '') },
    });
    expect(JSON.parse(sent.body ?? '{}')).toEqual({
      Status: 'SUCCESS',
      PhysicalResourceId: 'p',
      StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/VisibilityDupStack/1',
      RequestId: 'request-1',
      LogicalResourceId: 'ShortVTQueueVisibilityTimeoutRaise1234',
    });
  });

  it('rejects when the ResponseURL does not answer 2xx', async () => {
    vi.useRealTimers();
    const { request: put } = fakeRequest(403);

    await expect(
      sendCloudFormationResponse(request('Create'), { status: 'SUCCESS', physicalResourceId: 'p' }, put),
    ).rejects.toThrow('the ResponseURL answered HTTP 403');
  });

  it('shortens a long reason, so the body stays under CloudFormation’s 4096 bytes', () => {
    const body = responseBody(request('Create'), {
      status: 'FAILED',
      physicalResourceId: 'p',
      reason: 'x'.repeat(5000),
    });
    expect(body.Status).toBe('FAILED');
    expect(body.Status === 'FAILED' ? body.Reason.length : 0).toBe(MAX_REASON_LENGTH);
    expect(JSON.stringify(body).length).toBeLessThan(4096);
  });
});
