/**
 * The lab's own bench, at sizes smaller than `--quick`: every section runs on fresh emulators and
 * reports its figures, tables and targets. Its shape and its request counts, never its speed
 * (speed lives in the bench as ratios, never in timed tests).
 */
import { describe, expect, it } from 'vitest';
import { type LabBenchSizes, renderLabBench, runLabBench } from '#lab/bench/lab-bench';

const SMOKE: LabBenchSizes = {
  ceiling: { messages: [50], runs: 1 },
  endpoint: { passes: 1, messages: 30 },
  insights: { lines: [250, 1000], passes: 1 },
  backlog: { messages: [100, 400], passes: 1 },
};

describe('runLabBench (smoke)', () => {
  it("measures the emulator's ceiling, the one endpoint, Logs Insights and a long backlog, and judges their targets", async () => {
    const sections: string[] = [];
    const results = await runLabBench(SMOKE, (section) => sections.push(section));

    expect(sections).toEqual(['ceiling', 'endpoint', 'insights', 'backlog']);
    const [ceiling] = results.ceiling;
    expect(ceiling?.messages).toBe(50);
    // 50 messages in batches of 10: 5 SendMessageBatch; every message received and deleted once.
    expect(ceiling?.calls['SQS.SendMessageBatch']).toBe(5);
    expect(ceiling?.calls['SQS.DeleteMessageBatch']).toBeGreaterThanOrEqual(5);
    expect(results.endpoint.direct).toHaveLength(1);
    expect(results.endpoint.throughEndpoint).toHaveLength(1);
    expect(results.insights.rows.map((row) => row.lines)).toEqual([250, 1000]);
    expect(results.backlog.rows.map((row) => row.messages)).toEqual([100, 400]);
    expect(results.backlog.messagesRatio).toBe(4);
    expect(results.targets.map((target) => [target.id, target.status === 'not-run'])).toEqual([
      ['endpoint-overhead', false],
      ['insights-scaling', false],
      ['sqs-backlog-scaling', false],
    ]);

    const report = renderLabBench(results);
    for (const title of ['emulator’s ceiling', 'The one endpoint', 'Logs Insights', 'a long backlog', 'Targets'])
      expect(report).toContain(title);
  });
});
