/**
 * A SetQueueAttributes change reaches another reader (Lambda's mapping check) after its seeded
 * delay, "up to 60 seconds" on AWS (SQS API reference, SetQueueAttributes); until then the
 * reader sees the value before the change. A Raise that waits at least the longest delay since
 * the change is past it.
 */
import { describe, expect, it } from 'vitest';
import { LAB_QUEUE_SETTLE_SECONDS, labQueueSettleSeconds } from '#lab/app/lab-cdk-context';
import {
  LAB_MAX_PROPAGATION_MS,
  propagationDelayMs,
  resolvePropagation,
  settleSecondsOf,
} from '#lab/common/propagation';
import { propagatedValue } from '#lab/services/sqs/attribute-propagation';

const propagation = resolvePropagation({ maxDelayMs: 1000, seed: 7 });
const raise = { attribute: 'VisibilityTimeout', from: '5', to: '30', atMs: 10_000 };
const seen = (nowMs: number, changes = [raise]) =>
  propagatedValue({ changes, attribute: 'VisibilityTimeout', current: '30', propagation, reader: 'lambda', nowMs });

describe('propagatedValue', () => {
  const delay = propagationDelayMs(propagation, 'lambda|VisibilityTimeout#0');

  it('draws each delay from the seed, between half the maximum and the maximum', () => {
    expect(delay).toBeGreaterThanOrEqual(500);
    expect(delay).toBeLessThanOrEqual(1000);
    expect(propagationDelayMs(resolvePropagation({ maxDelayMs: 1000, seed: 7 }), 'lambda|VisibilityTimeout#0')).toBe(
      delay,
    );
    expect(propagationDelayMs(resolvePropagation({ maxDelayMs: 0 }), 'lambda|VisibilityTimeout#0')).toBe(0);
  });

  it('answers the old value until the change has propagated, then the new one', () => {
    expect(seen(raise.atMs)).toBe('5');
    expect(seen(raise.atMs + delay - 1)).toBe('5');
    expect(seen(raise.atMs + delay)).toBe('30');
  });

  it('answers the latest change that has propagated, and the current value of an attribute never changed', () => {
    const lower = { attribute: 'VisibilityTimeout', from: '30', to: '5', atMs: 20_000 };
    expect(seen(lower.atMs, [raise, lower])).toBe('30');
    expect(seen(lower.atMs + 1000, [raise, lower])).toBe('5');
    expect(seen(0, [])).toBe('30');
  });

  it('refuses a maximum outside 0 to 3 600 000 ms', () => {
    expect(() => resolvePropagation({ maxDelayMs: -1 })).toThrow(/propagation.maxDelayMs/);
  });
});

describe('the settle time a Raise needs on the lab', () => {
  it('is the longest delay, rounded up to tenths of a second (the precision of queueSettleSeconds)', () => {
    expect(settleSecondsOf(resolvePropagation({ maxDelayMs: 200 }))).toBe(0.2);
    expect(settleSecondsOf(resolvePropagation({ maxDelayMs: 250 }))).toBe(0.3);
    expect(settleSecondsOf(resolvePropagation({ maxDelayMs: 2000 }))).toBe(2);
    expect(settleSecondsOf(resolvePropagation({ maxDelayMs: 0 }))).toBe(0);
  });

  it('is the lab’s 0.4 s by default, twice the default longest delay', () => {
    expect(labQueueSettleSeconds(resolvePropagation())).toBe(LAB_QUEUE_SETTLE_SECONDS);
    expect(LAB_QUEUE_SETTLE_SECONDS).toBe(0.4);
    expect(LAB_QUEUE_SETTLE_SECONDS * 1000).toBeGreaterThanOrEqual(2 * LAB_MAX_PROPAGATION_MS);
  });

  it('grows with a longer delay, so the Raise still waits for it', () => {
    expect(labQueueSettleSeconds(resolvePropagation({ maxDelayMs: 1500 }))).toBe(1.5);
    expect(labQueueSettleSeconds(resolvePropagation({ maxDelayMs: 60_000 }))).toBe(60);
  });
});
