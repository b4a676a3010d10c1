import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClaimLostError, IdempotencyInProgressError, InvalidMessageError } from '#lambda/core/errors';
import type { VisibilityExtender } from '#lambda/core/heartbeat';
import type { ClaimResult, IdempotencyStore } from '#lambda/core/idempotency-store';
import { type JobDependencies, processVisibilityRecord } from '#lambda/visibility-dup/process-job';
import { sqsRecord } from '#lab/test/helpers/factories';
import { captureLogs } from '#test/helpers/log-capture';

const T0 = 1_700_000_000_000;

/** A store whose claim answers are scripted; the other calls record and succeed. */
function scriptedStore(claim: ClaimResult = { kind: 'claimed' }): IdempotencyStore & {
  claim: ReturnType<typeof vi.fn>;
  completeWithEffect: ReturnType<typeof vi.fn>;
  release: ReturnType<typeof vi.fn>;
  applyUnguardedEffect: ReturnType<typeof vi.fn>;
} {
  return {
    claim: vi.fn(async () => claim),
    completeWithEffect: vi.fn(async () => 1),
    release: vi.fn(async () => undefined),
    applyUnguardedEffect: vi.fn(async () => 3),
  };
}

function deps(overrides: Partial<JobDependencies> = {}): {
  deps: JobDependencies;
  events: () => string[];
  lines: ReturnType<typeof captureLogs>['lines'];
  extend: ReturnType<typeof vi.fn>;
} {
  const { logger, lines, events } = captureLogs();
  const extend = vi.fn<VisibilityExtender>(async () => []);
  return {
    deps: {
      store: scriptedStore(),
      extender: extend,
      heartbeat: { intervalMs: 3000, extensionSeconds: 10 },
      completedTtlSeconds: 3600,
      logger,
      owner: 'req/1',
      now: Date.now,
      remainingTimeMs: () => 30_000,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      ...overrides,
    },
    events,
    lines,
    extend,
  };
}

const job = (extra: object = {}) =>
  sqsRecord({ id: 'msg-1', sleep: 8, heartbeat: true, failHeartbeat: false, idempotency: true, ...extra });

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('processVisibilityRecord', () => {
  it("logs Start, heartbeats while working, completes with the tutorial's words", async () => {
    const { deps: d, events, lines, extend } = deps();

    const run = processVisibilityRecord(job(), d);
    await vi.advanceTimersByTimeAsync(8000);
    await run;

    expect(events()).toEqual(['start', 'heartbeat', 'heartbeat', 'completed']);
    expect(lines[0]?.message).toBe('Start msg-1 sleep 8');
    // SQS's own send and first-receive times, so a reader can see how long a delay held it.
    expect(lines[0]).toMatchObject({ sentTimestamp: 1_700_000_000_000, firstReceiveTimestamp: 1_700_000_000_001 });
    expect(lines.at(-1)?.message).toBe('Completed msg-1');
    expect(lines.every((line) => line.id === 'msg-1' && typeof line.messageId === 'string')).toBe(true);
    expect(extend).toHaveBeenCalledTimes(2);
    // The heartbeat stopped with the job: no extension however long the clock runs on.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(extend).toHaveBeenCalledTimes(2);
  });

  it('"heartbeat": false never extends the visibility', async () => {
    const { deps: d, events, extend } = deps();

    const run = processVisibilityRecord(job({ heartbeat: false }), d);
    await vi.advanceTimersByTimeAsync(8000);
    await run;

    expect(extend).not.toHaveBeenCalled();
    expect(events()).toEqual(['start', 'completed']);
  });

  it('"failHeartbeat": true logs the failed extension once and still completes the work', async () => {
    const { deps: d, events, lines, extend } = deps();

    const run = processVisibilityRecord(job({ failHeartbeat: true }), d);
    await vi.advanceTimersByTimeAsync(8000);
    await run;

    expect(extend).not.toHaveBeenCalled();
    expect(events()).toEqual(['start', 'heartbeat-failed', 'completed']);
    expect(lines[1]?.message).toMatch(/SimulatedHeartbeatError/);
  });

  it('a completed duplicate is skipped: "Duplicate detect. Skip: msg-1", no work, no throw', async () => {
    const store = scriptedStore({ kind: 'completed', effects: 1 });
    const { deps: d, lines, extend } = deps({ store });

    await processVisibilityRecord(job(), d);

    expect(lines.map((l) => l.message)).toEqual(['Start msg-1 sleep 8', 'Duplicate detect. Skip: msg-1']);
    expect(extend).not.toHaveBeenCalled();
    expect(store.completeWithEffect).not.toHaveBeenCalled();
  });

  it('a duplicate in progress throws, so the record is reported failed and retried', async () => {
    const store = scriptedStore({ kind: 'in-progress', expiresAtMs: T0 + 20_000 });
    const { deps: d, events } = deps({ store });

    await expect(processVisibilityRecord(job(), d)).rejects.toBeInstanceOf(IdempotencyInProgressError);
    expect(events()).toEqual(['start', 'duplicate-in-progress']);
  });

  it('"idempotency": false applies the effect without claiming', async () => {
    const store = scriptedStore();
    const { deps: d, lines } = deps({ store });

    const run = processVisibilityRecord(job({ idempotency: false, sleep: 0 }), d);
    await vi.advanceTimersByTimeAsync(0);
    await run;

    expect(store.claim).not.toHaveBeenCalled();
    expect(store.applyUnguardedEffect).toHaveBeenCalledWith('msg-1', expect.any(Number));
    expect(lines.at(-1)).toMatchObject({ event: 'completed', effects: 3, guard: false });
  });

  it('a lost claim is logged and thrown (not acknowledged)', async () => {
    const store = scriptedStore();
    store.completeWithEffect.mockRejectedValue(new ClaimLostError('msg-1'));
    const { deps: d, events } = deps({ store });

    const run = processVisibilityRecord(job({ sleep: 0 }), d);
    const settled = expect(run).rejects.toBeInstanceOf(ClaimLostError);
    await vi.advanceTimersByTimeAsync(0);
    await settled;
    expect(events()).toEqual(['start', 'claim-lost']);
  });

  it('failed work stops the heartbeat, releases the claim and throws', async () => {
    const store = scriptedStore();
    const {
      deps: d,
      events,
      extend,
    } = deps({
      store,
      sleep: async (ms) => {
        await new Promise((resolve) => setTimeout(resolve, ms / 2));
        throw new Error('disk full');
      },
    });

    const run = processVisibilityRecord(job(), d);
    const settled = expect(run).rejects.toThrow('disk full');
    await vi.advanceTimersByTimeAsync(4000);
    await settled;
    await vi.advanceTimersByTimeAsync(30_000);

    expect(store.release).toHaveBeenCalledWith('msg-1', 'req/1');
    expect(extend).toHaveBeenCalledTimes(1);
    expect(events()).toEqual(['start', 'heartbeat', 'work-failed']);
  });

  it('the heartbeat keeps the message hidden until a slow completion write fails, then stops', async () => {
    // The SDK retries a throttled UpdateItem before the handler sees the error (the pinned
    // @aws-sdk/client-dynamodb defaults to 4 attempts; @smithy/core's retry backoff waits up to
    // 1, 2 and 4 s on throttling): seconds in which a message whose heartbeat had stopped would
    // come back while its claim is still held.
    const store = scriptedStore();
    store.completeWithEffect.mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 7000));
      throw Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
    });
    const { deps: d, events, extend } = deps({ store });

    const run = processVisibilityRecord(job({ sleep: 1 }), d);
    const settled = expect(run).rejects.toThrow('throttled');
    await vi.advanceTimersByTimeAsync(8000);
    await settled;
    await vi.advanceTimersByTimeAsync(30_000);

    // Extensions at 3 s and 6 s, while the write was still being retried; none after it failed.
    expect(extend).toHaveBeenCalledTimes(2);
    expect(events()).toEqual(['start', 'heartbeat', 'heartbeat', 'work-failed']);
    expect(store.release).toHaveBeenCalledWith('msg-1', 'req/1');
  });

  it('a body the producer would not send is a poison message: logged and thrown', async () => {
    const { deps: d, lines } = deps();

    await expect(processVisibilityRecord(sqsRecord('not json'), d)).rejects.toBeInstanceOf(InvalidMessageError);
    expect(lines).toEqual([expect.objectContaining({ event: 'invalid-message', level: 'ERROR' })]);
  });
});
