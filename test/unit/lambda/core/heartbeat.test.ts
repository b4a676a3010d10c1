import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Extension,
  HeartbeatConfigurationError,
  type HeartbeatEvent,
  type HeartbeatTarget,
  MAX_VISIBILITY_SECONDS,
  isMessageGone,
  startHeartbeat,
  type VisibilityExtender,
} from '#lambda/core/heartbeat';
import { heartbeatTimingFor } from '#lib/settings';

const T0 = 1_700_000_000_000;

/** A message received at `receivedAtMs` (default: now, as the work starts). */
function target(
  id: string,
  firstReceivedAtMs = T0,
  receivedAtMs: number | undefined = firstReceivedAtMs,
): HeartbeatTarget {
  return { id, messageId: `mid-${id}`, receiptHandle: `rh-${id}`, firstReceivedAtMs, receivedAtMs };
}

/** An extender that records each request (time + extensions) and resolves after `latencyMs`. */
function recordingExtender(latencyMs = 0): {
  extend: VisibilityExtender;
  calls: { at: number; extensions: readonly Extension[] }[];
} {
  const calls: { at: number; extensions: readonly Extension[] }[] = [];
  const extend: VisibilityExtender = async (extensions) => {
    calls.push({ at: Date.now() - T0, extensions });
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    return [];
  };
  return { extend, calls };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('heartbeatTimingFor', () => {
  it("gives the tutorial's numbers for a 5 s queue: every 3 s, to 10 s", () => {
    expect(heartbeatTimingFor(5)).toEqual({ intervalMs: 3000, extensionSeconds: 10 });
  });
});

describe('startHeartbeat', () => {
  it('extends every interval while work runs, and never after stop()', async () => {
    const { extend, calls } = recordingExtender();
    const heartbeat = startHeartbeat([target('msg-1')], { extend, intervalMs: 3000, extensionSeconds: 10 });

    await vi.advanceTimersByTimeAsync(9500);
    await heartbeat.stop();
    await vi.advanceTimersByTimeAsync(30_000);

    expect(calls.map((call) => call.at)).toEqual([3000, 6000, 9000]);
    expect(calls[0]?.extensions).toEqual([{ target: target('msg-1'), seconds: 10 }]);
    expect(heartbeat.requests).toBe(3);
  });

  it('makes no call when work ends before the first tick', async () => {
    const { extend, calls } = recordingExtender();
    const heartbeat = startHeartbeat([target('msg-1')], { extend, intervalMs: 3000, extensionSeconds: 10 });

    await vi.advanceTimersByTimeAsync(2999);
    await heartbeat.stop();
    await vi.advanceTimersByTimeAsync(10_000);

    expect(calls).toHaveLength(0);
  });

  it('counts the first interval from the receive, not from the start of the work', async () => {
    const { extend, calls } = recordingExtender();
    // Received 2 s ago (a cold start): first extension 1 s from now, then every 3 s.
    const heartbeat = startHeartbeat([target('msg-1', T0 - 2000)], { extend, intervalMs: 3000, extensionSeconds: 10 });

    await vi.advanceTimersByTimeAsync(4500);
    await heartbeat.stop();

    expect(calls.map((call) => call.at)).toEqual([1000, 4000]);
  });

  it('extends a redelivered copy (receive time unknown) at once', async () => {
    const { extend, calls } = recordingExtender();
    const heartbeat = startHeartbeat([target('msg-1', T0 - 60_000, undefined)], {
      extend,
      intervalMs: 3000,
      extensionSeconds: 10,
    });

    await vi.advanceTimersByTimeAsync(3500);
    await heartbeat.stop();

    expect(calls.map((call) => call.at)).toEqual([0, 3000]);
  });

  it('never has two extensions in flight: a slow call delays the next tick', async () => {
    const { extend, calls } = recordingExtender(5000);
    const heartbeat = startHeartbeat([target('msg-1')], { extend, intervalMs: 3000, extensionSeconds: 10 });

    await vi.advanceTimersByTimeAsync(20_000);
    const stopping = heartbeat.stop();
    await vi.advanceTimersByTimeAsync(5000);
    await stopping;

    // 3 s wait + 5 s call, repeated: calls start at 3, 11, 19 s.
    expect(calls.map((call) => call.at)).toEqual([3000, 11_000, 19_000]);
  });

  it('stop() waits for the extension in flight to finish', async () => {
    const { extend } = recordingExtender(2000);
    const heartbeat = startHeartbeat([target('msg-1')], { extend, intervalMs: 3000, extensionSeconds: 10 });
    await vi.advanceTimersByTimeAsync(3500);

    let stopped = false;
    const stopping = heartbeat.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await stopping;
    expect(stopped).toBe(true);
  });

  it('reports a failed request and stops, without throwing', async () => {
    const events: HeartbeatEvent[] = [];
    let calls = 0;
    const extend: VisibilityExtender = async () => {
      calls += 1;
      throw Object.assign(new Error('boom'), { name: 'InternalError' });
    };
    const heartbeat = startHeartbeat([target('msg-1')], {
      extend,
      intervalMs: 3000,
      extensionSeconds: 10,
      onEvent: (event) => events.push(event),
    });

    await vi.advanceTimersByTimeAsync(20_000);
    await heartbeat.stop();

    expect(calls).toBe(1);
    expect(events).toEqual([
      { type: 'failed', target: target('msg-1'), code: 'InternalError', message: 'boom', messageGone: false },
    ]);
  });

  it('drops a target SQS refuses and keeps extending the others', async () => {
    const events: HeartbeatEvent[] = [];
    const seen: string[][] = [];
    const extend: VisibilityExtender = async (extensions) => {
      seen.push(extensions.map((e) => e.target.id));
      return extensions
        .filter((e) => e.target.id === 'b')
        .map((e) => ({ target: e.target, code: 'ReceiptHandleIsInvalid', message: 'gone' }));
    };
    const heartbeat = startHeartbeat([target('a'), target('b')], {
      extend,
      intervalMs: 3000,
      extensionSeconds: 10,
      onEvent: (event) => events.push(event),
    });

    await vi.advanceTimersByTimeAsync(6500);
    await heartbeat.stop();

    expect(seen).toEqual([['a', 'b'], ['a']]);
    expect(events.filter((e) => e.type === 'failed')).toEqual([
      { type: 'failed', target: target('b'), code: 'ReceiptHandleIsInvalid', message: 'gone', messageGone: true },
    ]);
  });

  it.each([
    ['InvalidParameterValue', true],
    ['ReceiptHandleIsInvalid', true],
    ['MessageNotInflight', false],
    ['ThrottlingException', false],
  ])('reports SQS code %s as message gone: %s', async (code, gone) => {
    const events: HeartbeatEvent[] = [];
    const extend: VisibilityExtender = async (extensions) =>
      extensions.map((e) => ({ target: e.target, code, message: 'refused' }));
    const heartbeat = startHeartbeat([target('a')], {
      extend,
      intervalMs: 3000,
      extensionSeconds: 10,
      onEvent: (event) => events.push(event),
    });

    await vi.advanceTimersByTimeAsync(3500);
    await heartbeat.stop();

    expect(events).toEqual([{ type: 'failed', target: target('a'), code, message: 'refused', messageGone: gone }]);
    expect(isMessageGone(code)).toBe(gone);
  });

  it('never asks for visibility beyond 12 hours after the first receive', async () => {
    const events: HeartbeatEvent[] = [];
    const { extend, calls } = recordingExtender();
    // First received 12 h minus 4 s ago: only 4 s may still be granted.
    const old = target('old', T0 - (MAX_VISIBILITY_SECONDS - 7) * 1000, T0);
    const heartbeat = startHeartbeat([old], {
      extend,
      intervalMs: 3000,
      extensionSeconds: 10,
      onEvent: (event) => events.push(event),
    });

    await vi.advanceTimersByTimeAsync(12_000);
    await heartbeat.stop();

    expect(calls).toHaveLength(1);
    expect(calls[0]?.extensions[0]?.seconds).toBe(4);
  });

  it('reports the ceiling when no time is left', async () => {
    const events: HeartbeatEvent[] = [];
    const { extend, calls } = recordingExtender();
    const expired = target('expired', T0 - MAX_VISIBILITY_SECONDS * 1000, T0);
    const heartbeat = startHeartbeat([expired], {
      extend,
      intervalMs: 3000,
      extensionSeconds: 10,
      onEvent: (e) => events.push(e),
    });

    await vi.advanceTimersByTimeAsync(3000);
    await heartbeat.stop();

    expect(calls).toHaveLength(0);
    expect(events).toEqual([{ type: 'ceiling', target: expired }]);
  });

  it('refuses an interval that is not shorter than the extension', () => {
    const { extend } = recordingExtender();
    expect(() => startHeartbeat([target('a')], { extend, intervalMs: 10_000, extensionSeconds: 10 })).toThrow(
      HeartbeatConfigurationError,
    );
  });
});
