import type {
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityBatchCommandInput,
  ChangeMessageVisibilityBatchCommandOutput,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeartbeatTarget } from '#lambda/core/heartbeat';
import {
  checkVisibilityManagerSettings,
  type VisibilityBatchClient,
  VisibilityManager,
  VisibilityManagerConfigurationError,
  type VisibilityManagerEvent,
  type VisibilityManagerSettings,
} from '#lambda/core/visibility-manager';

const T0 = 1_700_000_000_000;
const QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/000000000000/q';

/** The lab's scaled settings: 5 s queue, a check every 1 s, 2 s minimal life, 8 s maximum life. */
const SETTINGS: VisibilityManagerSettings = {
  queueVisibilityTimeoutSeconds: 5,
  timerIntervalMs: 1000,
  minimalLifeMs: 2000,
  maxLifeMs: 8000,
};

/** A message received now, or a redelivery whose receive time is `unknown`. */
function target(id: string, received: 'now' | 'unknown' = 'now'): HeartbeatTarget {
  const base = { id, messageId: `mid-${id}`, receiptHandle: `rh-${id}`, firstReceivedAtMs: T0 };
  return received === 'now' ? { ...base, receivedAtMs: T0 } : base;
}

/** A client that records each request's input and time, answering `failed` for the listed handles. */
function recordingClient(options: { failed?: Record<string, string>; reject?: Error } = {}): {
  sqs: VisibilityBatchClient;
  calls: { at: number; input: ChangeMessageVisibilityBatchCommandInput }[];
} {
  const calls: { at: number; input: ChangeMessageVisibilityBatchCommandInput }[] = [];
  const sqs: VisibilityBatchClient = {
    async send(command: ChangeMessageVisibilityBatchCommand): Promise<ChangeMessageVisibilityBatchCommandOutput> {
      calls.push({ at: Date.now() - T0, input: command.input });
      if (options.reject) throw options.reject;
      const entries = command.input.Entries ?? [];
      const failed = entries
        .filter((entry) => options.failed?.[entry.ReceiptHandle ?? ''] !== undefined)
        .map((entry) => ({
          Id: entry.Id,
          Code: options.failed?.[entry.ReceiptHandle ?? ''],
          Message: 'Message does not exist',
          SenderFault: true,
        }));
      return {
        Successful: entries.filter((e) => !failed.some((f) => f.Id === e.Id)).map((e) => ({ Id: e.Id })),
        Failed: failed,
        $metadata: {},
      } as ChangeMessageVisibilityBatchCommandOutput;
    },
  };
  return { sqs, calls };
}

const entry = (id: string, timeout: number, index: number) => ({
  Id: String(index),
  ReceiptHandle: `rh-${id}`,
  VisibilityTimeout: timeout,
});

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('checkVisibilityManagerSettings', () => {
  it("accepts the note's rule: the queue's timeout above the interval plus the minimal life", () => {
    expect(() => checkVisibilityManagerSettings(SETTINGS)).not.toThrow();
  });

  it('refuses a timeout not above interval + minimal life, naming the numbers', () => {
    const settings = { ...SETTINGS, timerIntervalMs: 3000, minimalLifeMs: 2000 };

    expect(() => checkVisibilityManagerSettings(settings)).toThrow(VisibilityManagerConfigurationError);
    expect(() => checkVisibilityManagerSettings(settings)).toThrow(
      "the queue's visibility timeout (5 s) must be longer than the timer interval (3 s) plus the message's minimal life (2 s), 5 s: otherwise a message extended at one check can time out before the next",
    );
  });

  it.each([
    ['timerIntervalMs', { timerIntervalMs: 0 }],
    ['maxLifeMs', { maxLifeMs: -1 }],
    ['queueVisibilityTimeoutSeconds', { queueVisibilityTimeoutSeconds: Number.NaN }],
  ])('refuses a %s that is not positive', (name, change) => {
    expect(() => checkVisibilityManagerSettings({ ...SETTINGS, ...change })).toThrow(name);
  });

  it('is checked when a manager is built', () => {
    const { sqs } = recordingClient();
    expect(
      () => new VisibilityManager({ sqs, queueUrl: QUEUE_URL, settings: { ...SETTINGS, minimalLifeMs: 4500 } }),
    ).toThrow(VisibilityManagerConfigurationError);
  });
});

describe('VisibilityManager', () => {
  it('extends the whole batch in one ChangeMessageVisibilityBatch per due check, then clears its timer', async () => {
    const { sqs, calls } = recordingClient();
    const manager = new VisibilityManager({ sqs, queueUrl: QUEUE_URL, settings: SETTINGS });
    const batch = ['a', 'b', 'c'].map((id) => target(id));

    await manager.register(batch);
    await vi.advanceTimersByTimeAsync(6500);
    await manager.stop();
    await vi.advanceTimersByTimeAsync(30_000);

    // Deadline at 5 s; due once less than 2 s + 1 s is left: at 3 s, then 5 s after each call.
    expect(calls.map((call) => call.at)).toEqual([3000, 6000]);
    expect(calls[0]?.input).toEqual({
      QueueUrl: QUEUE_URL,
      Entries: [entry('a', 5, 0), entry('b', 5, 1), entry('c', 5, 2)],
    });
    expect(manager.requests).toBe(2);
  });

  it('extends a redelivery (receive time unknown) at once, in the registration request', async () => {
    const { sqs, calls } = recordingClient();
    const manager = new VisibilityManager({ sqs, queueUrl: QUEUE_URL, settings: SETTINGS });

    await manager.register([target('again', 'unknown')]);
    await manager.stop();

    expect(calls).toEqual([{ at: 0, input: { QueueUrl: QUEUE_URL, Entries: [entry('again', 5, 0)] } }]);
  });

  it('lets go of a job past its maximum life in the same request that extends the rest of the batch', async () => {
    const { sqs, calls } = recordingClient();
    const events: VisibilityManagerEvent[] = [];
    const manager = new VisibilityManager({
      sqs,
      queueUrl: QUEUE_URL,
      settings: SETTINGS,
      onEvent: (event) => events.push(event),
    });
    await manager.register([target('quick'), target('hung')]);

    await vi.advanceTimersByTimeAsync(4000);
    manager.finish('mid-quick', 'succeeded');
    await vi.advanceTimersByTimeAsync(5000);
    await manager.stop();

    // 3 s and 6 s: both extended; 8 s: the hung job's maximum life, released (0 s) while the
    // finished one, which the mapping deletes only when the invocation returns, rides along.
    expect(calls.map((call) => call.at)).toEqual([3000, 6000, 8000]);
    expect(calls[2]?.input.Entries).toEqual([entry('hung', 0, 0), entry('quick', 5, 1)]);
    expect(events.at(-1)).toEqual({
      type: 'request',
      request: 3,
      entries: 2,
      extended: [{ target: target('quick'), seconds: 5 }],
      released: [{ target: target('hung'), keptMs: 8000 }],
    });
    expect(manager.registered).toEqual([]);
  });

  it('stops extending a message whose work failed, so it comes back when its visibility runs out', async () => {
    const { sqs, calls } = recordingClient();
    const manager = new VisibilityManager({ sqs, queueUrl: QUEUE_URL, settings: SETTINGS });
    await manager.register([target('ok'), target('bad')]);

    manager.finish('mid-bad', 'failed');
    await vi.advanceTimersByTimeAsync(3500);
    await manager.stop();

    expect(calls[0]?.input.Entries).toEqual([entry('ok', 5, 0)]);
  });

  it('makes no request while no message is due, and stops ticking when nothing is registered', async () => {
    const { sqs, calls } = recordingClient();
    const manager = new VisibilityManager({ sqs, queueUrl: QUEUE_URL, settings: SETTINGS });
    await manager.register([target('short')]);

    await vi.advanceTimersByTimeAsync(2500);
    manager.finish('mid-short', 'failed');
    await vi.advanceTimersByTimeAsync(30_000);

    expect(calls).toEqual([]);
    await manager.stop();
  });

  it('sends at most ten entries per request', async () => {
    const { sqs, calls } = recordingClient();
    const manager = new VisibilityManager({ sqs, queueUrl: QUEUE_URL, settings: SETTINGS });

    await manager.register(Array.from({ length: 12 }, (_, i) => target(`m${i}`, 'unknown')));
    await manager.stop();

    expect(calls.map((call) => call.input.Entries?.length)).toEqual([10, 2]);
  });

  it('drops an entry SQS refuses and reports it, keeping the others', async () => {
    const { sqs, calls } = recordingClient({ failed: { 'rh-gone': 'InvalidParameterValue' } });
    const events: VisibilityManagerEvent[] = [];
    const manager = new VisibilityManager({
      sqs,
      queueUrl: QUEUE_URL,
      settings: SETTINGS,
      onEvent: (event) => events.push(event),
    });

    await manager.register([target('gone', 'unknown'), target('kept', 'unknown')]);
    await vi.advanceTimersByTimeAsync(3000);
    await manager.stop();

    expect(events[0]).toMatchObject({ type: 'failed', code: 'InvalidParameterValue', messageGone: true });
    expect(events[1]).toMatchObject({ type: 'request', request: 1, entries: 2, released: [] });
    expect(calls[1]?.input.Entries).toEqual([entry('kept', 5, 0)]);
  });

  it('reports a request that fails as a whole and stops extending its messages, without throwing', async () => {
    const { sqs, calls } = recordingClient({
      reject: Object.assign(new Error('throttled'), { name: 'ThrottlingException' }),
    });
    const events: VisibilityManagerEvent[] = [];
    const manager = new VisibilityManager({
      sqs,
      queueUrl: QUEUE_URL,
      settings: SETTINGS,
      onEvent: (event) => events.push(event),
    });

    await manager.register([target('x', 'unknown')]);
    await vi.advanceTimersByTimeAsync(10_000);
    await manager.stop();

    expect(calls).toHaveLength(1);
    expect(events).toEqual([
      {
        type: 'failed',
        target: target('x', 'unknown'),
        code: 'ThrottlingException',
        message: 'throttled',
        messageGone: false,
      },
    ]);
  });

  it('never calls after stop(), even with a check in flight', async () => {
    let release: () => void = () => undefined;
    const calls: number[] = [];
    const sqs: VisibilityBatchClient = {
      send: async () => {
        calls.push(Date.now() - T0);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { $metadata: {} } as ChangeMessageVisibilityBatchCommandOutput;
      },
    };
    const manager = new VisibilityManager({ sqs, queueUrl: QUEUE_URL, settings: SETTINGS });
    await manager.register([target('slow')]);
    await vi.advanceTimersByTimeAsync(3000);

    const stopped = manager.stop();
    release();
    await stopped;
    await vi.advanceTimersByTimeAsync(30_000);

    expect(calls).toEqual([3000]);
  });
});
