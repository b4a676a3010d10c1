/**
 * Raise's wait (lambda/core/apply-visibility-timeout.ts), on a fake clock: SetQueueAttributes,
 * then GetQueueAttributes until the value reads the same several times in a row, then the rest
 * of the settle time since the change. SQS documents up to 60 s for an attribute change to
 * propagate (API reference, SetQueueAttributes), so a read may return the old value for a while.
 */
import { GetQueueAttributesCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockAwsClient } from '#lab/test/helpers/mock-aws-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyVisibilityTimeout,
  readIntervalMsFor,
  systemClock,
  type VisibilityTimeoutChange,
} from '#lambda/core/apply-visibility-timeout';
import { VisibilityTimeoutNotAppliedError } from '#lambda/core/errors';

const T0 = 1_700_000_000_000;
const QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/ShortVTQueue';
const sqsMock = mockAwsClient(SQSClient);

/** Raise as the stack renders it on AWS: 30 s, 3 reads in a row 500 ms apart, 60 s since the change. */
function raise(overrides: Partial<VisibilityTimeoutChange> = {}): VisibilityTimeoutChange {
  return {
    queueUrl: QUEUE_URL,
    seconds: 30,
    stableReads: 3,
    readIntervalMs: readIntervalMsFor(60, 3),
    settleSeconds: 60,
    deadlineMs: T0 + 145_000,
    ...overrides,
  };
}

/** GetQueueAttributes answers these values in turn, then the last one forever. */
function reads(...values: string[]): void {
  const mock = sqsMock.on(GetQueueAttributesCommand);
  for (const value of values) mock.resolvesOnce({ Attributes: { VisibilityTimeout: value } });
  mock.resolves({ Attributes: { VisibilityTimeout: values.at(-1) ?? '' } });
}

/** Starts the wait and records when it settles, in ms after T0. */
function start(change: VisibilityTimeoutChange) {
  let settledAt: number | undefined;
  const result = applyVisibilityTimeout(new SQSClient({}), systemClock, change);
  const done = result.then(
    (value) => {
      settledAt = Date.now() - T0;
      return value;
    },
    (error: unknown) => {
      settledAt = Date.now() - T0;
      throw error;
    },
  );
  done.catch(() => undefined);
  return { done, settledAt: () => settledAt };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  sqsMock.on(SetQueueAttributesCommand).resolves({});
});

afterEach(() => {
  vi.useRealTimers();
  sqsMock.reset();
});

describe('applyVisibilityTimeout', () => {
  it('sets the timeout once, reads until 3 reads in a row agree, then waits out 60 s since the change', async () => {
    reads('5', '30', '5', '30', '30', '30');
    const run = start(raise());

    await vi.advanceTimersByTimeAsync(59_999);
    expect(run.settledAt()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);

    await expect(run.done).resolves.toEqual({ reads: 6, readStableAfterMs: 2500, totalMs: 60_000 });
    expect(run.settledAt()).toBe(60_000);
    expect(sqsMock.commandCalls(SetQueueAttributesCommand).map((call) => call.args[0].input)).toEqual([
      { QueueUrl: QUEUE_URL, Attributes: { VisibilityTimeout: '30' } },
    ]);
    expect(sqsMock.commandCalls(GetQueueAttributesCommand)[0]?.args[0].input).toEqual({
      QueueUrl: QUEUE_URL,
      AttributeNames: ['VisibilityTimeout'],
    });
    expect(sqsMock.commandCalls(GetQueueAttributesCommand)).toHaveLength(6);
  });

  it('on the lab (0.4 s settle time), reads 3 times 133 ms apart and returns 400 ms after the change', async () => {
    const readAt: number[] = [];
    sqsMock.on(GetQueueAttributesCommand).callsFake(() => {
      readAt.push(Date.now() - T0);
      return { Attributes: { VisibilityTimeout: '30' } };
    });
    const run = start(raise({ settleSeconds: 0.4, readIntervalMs: readIntervalMsFor(0.4, 3) }));

    await vi.advanceTimersByTimeAsync(399);
    expect(run.settledAt()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);

    await expect(run.done).resolves.toEqual({ reads: 3, readStableAfterMs: 266, totalMs: 400 });
    expect(readAt).toEqual([0, 133, 266]);
  });

  it('returns as soon as the reads agree when the settle time has already passed', async () => {
    reads('5', '5', '5', '5', '30', '30', '30');
    const run = start(raise({ settleSeconds: 2 }));

    await vi.advanceTimersByTimeAsync(3000);

    await expect(run.done).resolves.toEqual({ reads: 7, readStableAfterMs: 3000, totalMs: 3000 });
  });

  it('needs only one read for Lower (StableReads 1, no settle time)', async () => {
    reads('5');
    const run = start(raise({ seconds: 5, stableReads: 1, settleSeconds: 0 }));

    await vi.advanceTimersByTimeAsync(0);

    await expect(run.done).resolves.toEqual({ reads: 1, readStableAfterMs: 0, totalMs: 0 });
  });

  it('gives up at the deadline, naming the value the queue still reads', async () => {
    reads('5');
    const run = start(raise({ settleSeconds: 5, deadlineMs: T0 + 10_000 }));

    await vi.advanceTimersByTimeAsync(10_000);

    await expect(run.done).rejects.toBeInstanceOf(VisibilityTimeoutNotAppliedError);
    await expect(run.done).rejects.toThrow(
      /^set VisibilityTimeout 30 on .*ShortVTQueue, but after 10 s and 21 reads it still reads 5 \(SQS documents up to 60 s/,
    );
    expect(run.settledAt()).toBe(10_000);
  });

  it('refuses at once when the settle time would outlast the deadline (a function timeout too short)', async () => {
    reads('30');
    const run = start(raise({ deadlineMs: T0 + 30_000 }));

    await vi.advanceTimersByTimeAsync(0);

    await expect(run.done).rejects.toThrow(/the 60 s settle time would end after the handler's deadline/);
    expect(sqsMock.commandCalls(GetQueueAttributesCommand)).toHaveLength(0);
  });

  it('passes an SQS error through (the handler answers FAILED with it)', async () => {
    sqsMock.on(SetQueueAttributesCommand).rejects(Object.assign(new Error('not authorized'), { name: 'AccessDenied' }));
    const run = start(raise());

    await vi.advanceTimersByTimeAsync(0);

    await expect(run.done).rejects.toMatchObject({ name: 'AccessDenied' });
  });
});

describe('readIntervalMsFor', () => {
  it.each([
    { case: 'AWS’s Raise (60 s, 3 reads)', settleSeconds: 60, stableReads: 3, expected: 500 },
    { case: 'the lab’s Raise (0.4 s, 3 reads)', settleSeconds: 0.4, stableReads: 3, expected: 133 },
    { case: '1.5 s, 3 reads: exactly the longest pause', settleSeconds: 1.5, stableReads: 3, expected: 500 },
    { case: '1.2 s, 3 reads', settleSeconds: 1.2, stableReads: 3, expected: 400 },
    { case: '0.1 s, 3 reads: the floor', settleSeconds: 0.1, stableReads: 3, expected: 50 },
    { case: 'Lower (no settle time, 1 read)', settleSeconds: 0, stableReads: 1, expected: 500 },
  ])('paces $case at $expected ms', ({ settleSeconds, stableReads, expected }) => {
    expect(readIntervalMsFor(settleSeconds, stableReads)).toBe(expected);
  });
});
