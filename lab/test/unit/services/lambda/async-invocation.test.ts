/**
 * Lambda's asynchronous invocation, with a clock of the test's own: retries after a function
 * error "with a one-minute wait between the first two attempts, and two minutes between the second
 * and third", `MaximumRetryAttempts` 0 to 2, an event older than `MaximumEventAgeInSeconds` not
 * run again, and the record of the last attempt sent to the destination (Lambda developer guide,
 * "How Lambda handles errors and retries with asynchronous invocation"; the record's shape from
 * CDK's aws-lambda-destinations README, "Invocation record").
 */
import { describe, expect, it } from 'vitest';
import { invokeAsynchronously } from '#lab/services/lambda/async-invocation';
import {
  DEFAULT_EVENT_INVOKE_CONFIG,
  eventInvokeConfigOf,
  type InvocationRecord,
} from '#lab/services/lambda/event-invoke-config';
import type { Invocable, InvocationResult } from '#lab/services/lambda/runtime/local-function';

/** A function whose attempts answer `outcomes` in turn, on a clock that `sleep` moves. */
function scripted(outcomes: readonly ('ok' | 'error')[]) {
  let clock = 1_000_000;
  const waits: number[] = [];
  let calls = 0;
  const fn: Invocable = {
    ref: { stackName: 'S', functionId: 'Worker', functionName: 'worker' },
    timeoutSeconds: 3,
    invoke: async (): Promise<InvocationResult> => {
      const outcome = outcomes[calls] ?? 'error';
      calls += 1;
      return outcome === 'ok'
        ? { status: 'success', requestId: `r${calls}`, payload: { done: calls }, durationMs: 1 }
        : {
            status: 'error',
            requestId: `r${calls}`,
            error: { errorType: 'Error', errorMessage: `attempt ${calls} failed`, trace: [] },
            durationMs: 1,
          };
    },
  };
  const records: { destination: string; record: InvocationRecord }[] = [];
  return {
    fn,
    waits,
    records,
    calls: () => calls,
    options: {
      functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:worker',
      now: () => clock,
      sleep: async (ms: number) => {
        waits.push(ms);
        clock += ms;
      },
      sendRecord: async (destination: string, record: InvocationRecord) => {
        records.push({ destination, record });
      },
    },
  };
}

const destinations = {
  onSuccess: 'arn:aws:sns:us-east-1:000000000000:done',
  onFailure: 'arn:aws:sqs:us-east-1:000000000000:failed',
};

describe('an asynchronous invocation', () => {
  it('retries a function error twice by default, one minute and then two minutes later', async () => {
    const run = scripted(['error', 'error', 'error']);
    const result = await invokeAsynchronously(
      run.fn,
      { order: 1 },
      { ...run.options, config: { ...DEFAULT_EVENT_INVOKE_CONFIG, ...destinations } },
    );
    expect(run.calls()).toBe(3);
    expect(run.waits).toEqual([60_000, 120_000]);
    expect(result?.status).toBe('error');
    expect(run.records).toEqual([
      {
        destination: destinations.onFailure,
        record: expect.objectContaining({
          requestContext: {
            requestId: 'r3',
            functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:worker:$LATEST',
            condition: 'RetriesExhausted',
            approximateInvokeCount: 3,
          },
          requestPayload: { order: 1 },
          responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
          responsePayload: { errorType: 'Error', errorMessage: 'attempt 3 failed', trace: [] },
        }),
      },
    ]);
  });

  it('stops at the first success and sends its record to onSuccess', async () => {
    const run = scripted(['error', 'ok']);
    await invokeAsynchronously(
      run.fn,
      { order: 2 },
      { ...run.options, config: { ...DEFAULT_EVENT_INVOKE_CONFIG, ...destinations } },
    );
    expect(run.calls()).toBe(2);
    expect(run.waits).toEqual([60_000]);
    expect(run.records[0]?.destination).toBe(destinations.onSuccess);
    expect(run.records[0]?.record).toMatchObject({
      requestContext: { condition: 'Success', approximateInvokeCount: 2 },
      responsePayload: { done: 2 },
    });
    expect(run.records[0]?.record.responseContext).not.toHaveProperty('functionError');
  });

  it('runs once with MaximumRetryAttempts 0', async () => {
    const run = scripted(['error']);
    await invokeAsynchronously(
      run.fn,
      {},
      { ...run.options, config: { ...DEFAULT_EVENT_INVOKE_CONFIG, maximumRetryAttempts: 0, ...destinations } },
    );
    expect(run.calls()).toBe(1);
    expect(run.waits).toEqual([]);
    expect(run.records[0]?.record.requestContext.condition).toBe('RetriesExhausted');
  });

  it('does not retry an event older than its maximum age, and says so in the record', async () => {
    const run = scripted(['error', 'error', 'error']);
    // 90 s: the retry after one minute runs (60 s old), the one two minutes later would be 180 s old.
    await invokeAsynchronously(
      run.fn,
      {},
      { ...run.options, config: { maximumRetryAttempts: 2, maximumEventAgeSeconds: 90, ...destinations } },
    );
    expect(run.calls()).toBe(2);
    expect(run.records[0]?.record.requestContext).toMatchObject({
      condition: 'EventAgeExceeded',
      approximateInvokeCount: 2,
    });
  });

  it('sends nothing without a destination', async () => {
    const run = scripted(['ok']);
    await invokeAsynchronously(run.fn, {}, run.options);
    expect(run.records).toEqual([]);
  });
});

describe('the settings, as Lambda checks them', () => {
  it('takes the defaults: two retries, six hours', () => {
    expect(eventInvokeConfigOf({})).toEqual({ maximumRetryAttempts: 2, maximumEventAgeSeconds: 21_600 });
  });

  it('refuses values outside 0–2 retries and 60–21,600 seconds in Lambda’s words', () => {
    expect(() => eventInvokeConfigOf({ MaximumRetryAttempts: 3 })).toThrow(
      "1 validation error detected: Value '3' at 'maximumRetryAttempts' failed to satisfy constraint: Member must have value less than or equal to 2",
    );
    expect(() => eventInvokeConfigOf({ MaximumEventAgeInSeconds: 59 })).toThrow(
      "Value '59' at 'maximumEventAgeInSeconds' failed to satisfy constraint: Member must have value greater than or equal to 60",
    );
  });

  it('reads the destinations of DestinationConfig', () => {
    expect(
      eventInvokeConfigOf({ DestinationConfig: { OnFailure: { Destination: destinations.onFailure } } }),
    ).toMatchObject({ onFailure: destinations.onFailure });
  });
});
