/** The backlog section's target: linear growth passes, n² growth misses, any pair of sizes judged per ×4. */
import { describe, expect, it } from 'vitest';
import { type BacklogBenchResult, backlogTable, backlogTarget } from '#lab/bench/sqs-backlog';

function result(messages: [number, number], medianMs: [number, number]): BacklogBenchResult {
  const rows = messages.map((count, index) => ({
    messages: count,
    drainMs: [medianMs[index] ?? 0],
    expireMs: [0],
    medianMs: medianMs[index] ?? 0,
    microsPerMessage: ((medianMs[index] ?? 0) * 1000) / count,
  }));
  return { rows, timeRatio: medianMs[1] / medianMs[0], messagesRatio: messages[1] / messages[0] };
}

describe('backlogTarget', () => {
  it('passes a backlog whose time grows with it, and misses one whose time grows with its square', () => {
    expect(backlogTarget(result([25_000, 100_000], [300, 1100])).status).toBe('pass');
    // The fauxqs array shift before the ReadyList: ×4 messages took ×7.7 the time.
    expect(backlogTarget(result([25_000, 100_000], [331, 2550])).status).toBe('miss');
  });

  it('judges other sizes as if they were ×4 apart', () => {
    // ×2 messages, ×2.5 time: ×6.25 per ×4.
    expect(backlogTarget(result([10_000, 20_000], [100, 250])).status).toBe('miss');
    // ×2 messages, ×2.1 time: ×4.41 per ×4.
    expect(backlogTarget(result([10_000, 20_000], [100, 210])).status).toBe('pass');
  });

  it('says not-run when the section did not run, and names the largest size in its figure', () => {
    expect(backlogTarget(undefined).status).toBe('not-run');
    expect(backlogTarget(result([25_000, 100_000], [300, 1100])).figure).toContain('100000 messages at 11.0 µs each');
    expect(backlogTable(result([25_000, 100_000], [300, 1100]))).toContain('| 100000 |');
  });
});
