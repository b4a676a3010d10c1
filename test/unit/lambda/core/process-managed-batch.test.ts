import type {
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityBatchCommandOutput,
} from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { processManagedBatch } from '#lambda/core/process-managed-batch';
import { VisibilityManager } from '#lambda/core/visibility-manager';
import { ConfigurationError } from '#lambda/commons/environment';
import { bodyIdOf, heartbeatTargetOf } from '#lambda/visibility-dup/process-job';
import { readVisibilityMode } from '#lambda/visibility-dup/visibility-mode';
import { sqsRecord } from '#lab/test/helpers/factories';

const T0 = 1_700_000_000_001;
const SETTINGS = { queueVisibilityTimeoutSeconds: 5, timerIntervalMs: 1000, minimalLifeMs: 2000, maxLifeMs: 8000 };

/** A manager whose client records how many entries each request carried, and when. */
function recordingManager(): { manager: VisibilityManager; requests: { at: number; handles: string[] }[] } {
  const requests: { at: number; handles: string[] }[] = [];
  const manager = new VisibilityManager({
    sqs: {
      send: async (command: ChangeMessageVisibilityBatchCommand) => {
        requests.push({
          at: Date.now() - T0,
          handles: (command.input.Entries ?? []).map((entry) => `${entry.ReceiptHandle}:${entry.VisibilityTimeout}`),
        });
        return { $metadata: {} } as ChangeMessageVisibilityBatchCommandOutput;
      },
    },
    queueUrl: 'https://sqs.us-east-1.amazonaws.com/000000000000/q',
    settings: SETTINGS,
  });
  return { manager, requests };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('processManagedBatch', () => {
  it('works the records together under one manager, keeps the successes hidden until the end, and stops it', async () => {
    const { manager, requests } = recordingManager();
    const records = [sqsRecord({ id: 'a' }), sqsRecord({ id: 'b' }), sqsRecord({ id: 'bad' })];
    const work: Record<string, number> = { a: 6000, b: 2000, bad: 1000 };

    const run = processManagedBatch(
      records,
      manager,
      (record) => heartbeatTargetOf(record, bodyIdOf(record), Date.now),
      async (record) => {
        const id = bodyIdOf(record);
        await sleep(work[id] ?? 0);
        if (id === 'bad') throw new Error('failed on purpose');
      },
    );
    await vi.advanceTimersByTimeAsync(6000);
    const failures = await run;

    // Due at 3 s (5 s timeout, less than 2 s + 1 s left): one request for a and b ('bad' failed
    // at 1 s and was let go); b, finished at 2 s, rides along until the batch ends.
    expect(requests).toEqual([
      { at: 3000, handles: [`${records[0]?.receiptHandle}:5`, `${records[1]?.receiptHandle}:5`] },
    ]);
    expect(failures.map((failure) => bodyIdOf(failure.record))).toEqual(['bad']);
    expect(manager.registered).toEqual([]);
    // The manager stopped with the batch: no request however long the clock runs on.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(requests).toHaveLength(1);
  });
});

describe('heartbeatTargetOf', () => {
  it('knows the receive time of a first delivery only', () => {
    const first = sqsRecord({ id: 'x' });
    const again = sqsRecord({ id: 'x' }, { attributes: { ApproximateReceiveCount: '2' } as SQSRecord['attributes'] });

    expect(heartbeatTargetOf(first, 'x', Date.now).receivedAtMs).toBe(1_700_000_000_001);
    expect(heartbeatTargetOf(again, 'x', Date.now).receivedAtMs).toBeUndefined();
  });
});

describe('readVisibilityMode', () => {
  const manager = {
    HEARTBEAT_MODE: 'batch-manager',
    MANAGER_TIMER_INTERVAL_MS: '1000',
    MANAGER_MINIMAL_LIFE_MS: '2000',
    MANAGER_MAX_LIFE_SECONDS: '8',
  };

  it('is per-message when HEARTBEAT_MODE is absent (the deployed worker)', () => {
    expect(readVisibilityMode({}, 5)).toEqual({ kind: 'per-message' });
  });

  it("reads the manager's settings with the queue's timeout", () => {
    expect(readVisibilityMode(manager, 5)).toEqual({ kind: 'batch-manager', settings: SETTINGS });
  });

  it("refuses settings that break the note's rule at module load, naming the numbers", () => {
    expect(() => readVisibilityMode({ ...manager, MANAGER_TIMER_INTERVAL_MS: '3000' }, 5)).toThrow(
      "the queue's visibility timeout (5 s) must be longer than the timer interval (3 s) plus the message's minimal life (2 s), 5 s",
    );
  });

  it.each([
    [{ HEARTBEAT_MODE: 'sometimes' }, 'HEARTBEAT_MODE must be "per-message" or "batch-manager"'],
    [{ ...manager, MANAGER_MINIMAL_LIFE_MS: 'soon' }, 'MANAGER_MINIMAL_LIFE_MS'],
    [{ ...manager, MANAGER_MAX_LIFE_SECONDS: undefined }, 'MANAGER_MAX_LIFE_SECONDS'],
  ])('refuses %j', (env, message) => {
    expect(() => readVisibilityMode(env, 5)).toThrow(ConfigurationError);
    expect(() => readVisibilityMode(env, 5)).toThrow(message);
  });
});
