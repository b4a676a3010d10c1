import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReport } from '#bench/report';
import { type BenchResults, SECTIONS, writeResultsFile } from '#bench/results';
import { type BenchSizes, runBench } from '#bench/run-bench';
import { testBundleDir } from '#lab/test/helpers/test-bundle-dir';

/** Smaller than `--quick`: every section and code path, in seconds. */
const SMOKE_SIZES: BenchSizes = {
  producerCounts: [1, 10, 25],
  heartbeatTimeScale: 100,
  pipeline: { batch: 50, guard: 5 },
  bundleLoads: 1,
  throughput: { batch: [50], guard: [] },
  throughputWarmUp: { batch: 100, guard: 0 },
  guard: { deliveries: 10, concurrency: 4, racedKeys: 4 },
  deploy: { deploys: 1, passes: 1, messages: 30 },
  endpoint: { passes: 1, messages: 30 },
  insights: { lines: [250, 1000], passes: 1 },
  backlog: { messages: [100, 400], passes: 1 },
  memoryMessages: 50,
  chaos: { messages: 20, mixes: ['batch-poison'] },
};

/**
 * The bench's shape and its counts, never its speed: throughput depends on the machine, the
 * request counts do not. Targets are reported by `npm run bench`, not asserted here.
 */
describe('runBench (smoke, all sections)', () => {
  let results: BenchResults;
  let written: BenchResults;
  const directory = mkdtempSync(join(tmpdir(), 'sqs-lab-bench-'));

  beforeAll(async () => {
    results = await runBench({ quick: true, sections: SECTIONS, sizes: SMOKE_SIZES, workDir: testBundleDir('bench') });
    const path = join(directory, 'results.json');
    await writeResultsFile(path, results);
    written = JSON.parse(readFileSync(path, 'utf8')) as BenchResults;
    // No wall-clock limit: the smoke run checks shapes and counts, and a busy machine (another
    // CPU-heavy job beside npm test) only makes it slower (it once broke a 90 s limit). Each
    // section's own loops are bounded by count.
  }, 0);

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('writes every section to the JSON file, with the price table and its date', () => {
    expect(written).toMatchObject({ schemaVersion: 1, mode: 'quick', sections: [...SECTIONS] });
    for (const key of [
      'requests',
      'cost',
      'bundles',
      'throughput',
      'guardThroughput',
      'deploy',
      'endpoint',
      'insights',
      'backlog',
      'memory',
      'chaos',
      'targets',
    ] as const) {
      expect(written[key]).toBeDefined();
    }
    expect(written.prices.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('times the deploy of both stacks and runs the batch path with and without IAM', () => {
    expect(results.deploy?.deployMs).toHaveLength(1);
    expect(Object.keys(results.deploy?.stackMs ?? {}).sort()).toEqual(['BatchPartialStack', 'VisibilityDupStack']);
    expect(results.deploy?.withIam).toHaveLength(1);
    expect(results.deploy?.withoutIam).toHaveLength(1);
    expect(results.targets.map((target) => target.id)).toEqual(expect.arrayContaining(['lab-deploy', 'iam-cost']));
  });

  it('runs the SQS batch loops straight to the emulator and through the one endpoint, one figure each per pass', () => {
    expect(results.endpoint?.direct).toHaveLength(1);
    expect(results.endpoint?.throughEndpoint).toHaveLength(1);
    expect(results.endpoint?.throughEndpoint[0]).toBeGreaterThan(0);
    // The main thread's CPU per message on each path, one figure per pass.
    expect(results.endpoint?.mainThreadCpu?.direct).toEqual([expect.any(Number)]);
    expect(results.endpoint?.mainThreadCpu?.throughEndpoint[0]).toBeGreaterThan(0);
    expect(results.targets.map((target) => target.id)).toContain('endpoint-overhead');
  });

  it('times the Logs Insights queries at each size and judges their growth', () => {
    expect(results.insights?.rows.map((row) => row.lines)).toEqual([250, 1000]);
    expect(results.insights?.rows.every((row) => row.medianMs > 0)).toBe(true);
    expect(results.insights?.linesRatio).toBe(4);
    expect(results.targets.map((target) => target.id)).toContain('insights-scaling');
    expect(results.backlog?.rows.map((row) => row.messages)).toEqual([100, 400]);
    expect(results.backlog?.messagesRatio).toBe(4);
  });

  it('counts ⌈n/10⌉ SendMessageBatch calls for n messages, and n SendMessage calls for the naive producer', () => {
    const rows = results.requests?.producer ?? [];

    expect(rows.map((row) => [row.messages, row.sendMessageBatch, row.naiveSendMessage])).toEqual([
      [1, 1, 1],
      [10, 1, 10],
      [25, 3, 25],
    ]);
  });

  it('counts the lab producer, the mapping and the guarded worker per message', () => {
    const pipeline = results.requests?.pipeline;

    expect(pipeline?.batch.producer).toEqual({ 'SQS.SendMessageBatch': 0.1 });
    expect(pipeline?.batch.mapping['SQS.DeleteMessageBatch']).toBeGreaterThanOrEqual(0.1);
    expect(pipeline?.batch.mapping['SQS.ReceiveMessage']).toBeGreaterThanOrEqual(0.1);
    expect(pipeline?.guard.producer).toEqual({ 'SQS.SendMessage': 1 });
    expect(pipeline?.guard.worker).toEqual({ 'DynamoDB.UpdateItem': 2 });
    expect(pipeline?.naiveConsumer.perMessage['SQS.DeleteMessage']).toBe(1);
  });

  it("counts the guard's writes and reads as AWS and as dynalite answer a refused write", () => {
    const guard = results.requests?.guard;

    expect(guard?.aws.project['first-delivery']).toMatchObject({
      writes: 2,
      reads: 0,
      outcome: 'completed',
      effects: 1,
    });
    expect(guard?.aws.project['duplicate-after-completion']).toMatchObject({
      writes: 1,
      reads: 0,
      outcome: 'duplicate',
    });
    expect(guard?.lab.project['duplicate-after-completion']).toMatchObject({ writes: 1, reads: 1 });
    expect(guard?.aws.project['lapsed-owner-completes']).toMatchObject({ outcome: 'claim-lost', effects: 1 });
    expect(guard?.aws.powertools['lapsed-owner-completes']).toMatchObject({ outcome: 'completed', effects: 2 });
    expect(guard?.aws.naive['first-delivery']).toMatchObject({ writes: 1, reads: 1 });
  });

  it('extends a batch with ChangeMessageVisibilityBatch and the naive heartbeat with one call per message', () => {
    const heartbeat = results.requests?.heartbeat;

    // How many ticks fit in the scaled minute depends on the machine; which calls they make does not.
    for (const name of Object.keys(heartbeat?.batch.project.calls ?? {}))
      expect(name).toBe('SQS.ChangeMessageVisibilityBatch');
    for (const name of Object.keys(heartbeat?.batch.naive.calls ?? {}))
      expect(name).toBe('SQS.ChangeMessageVisibility');
    for (const name of Object.keys(heartbeat?.single.project.calls ?? {}))
      expect(name).toBe('SQS.ChangeMessageVisibility');
    expect(heartbeat?.nominalTicksPerMinute).toBe(20);
  });

  it('prices both pipelines, the batched producer below the naive one', () => {
    const lines = results.cost?.lines ?? [];
    const step8 = lines.filter((line) => line.scenario.startsWith('Step 8'));

    expect(lines).toHaveLength(6);
    expect(step8.find((line) => line.variant === 'project')?.total).toBeLessThan(
      step8.find((line) => line.variant === 'naive')?.total ?? 0,
    );
  });

  it('bundles every function of both stacks and the two Powertools workers', () => {
    const bundles = results.bundles ?? [];

    expect(bundles.map((row) => `${row.variant}:${row.stackName}/${row.functionId}`)).toEqual([
      'project:VisibilityDupStack/Producer',
      'project:VisibilityDupStack/Worker',
      'project:BatchPartialStack/Producer',
      'project:BatchPartialStack/Worker',
      'powertools:VisibilityDupStack/Worker',
      'powertools:BatchPartialStack/Worker',
    ]);
    for (const row of bundles) {
      expect(row.bytes).toBeGreaterThan(0);
      expect(row.loadRunsMs).toHaveLength(1);
    }
  });

  it('measures the lab against the emulator ceiling and the guards side by side', () => {
    expect(results.throughput?.map((row) => [row.path, row.messages])).toEqual([['batch', 50]]);
    expect(results.guardThroughput?.map((row) => [row.name, row.writesPerFirstDelivery])).toEqual([
      ['project', 2],
      ['naive', 1],
      ['powertools', 2],
    ]);
    expect(results.guardThroughput?.find((row) => row.name === 'project')?.doubleEffects).toBe(0);
  });

  it('runs the chaos sample one after the other, then side by side, with CPU time beside the wall time', () => {
    expect(results.chaos).toMatchObject({ messages: 20, mixes: ['batch-poison'], runs: 1 });
    expect(results.chaos?.sequential).toMatchObject({ parallel: 1, invariantHolds: true });
    expect(results.chaos?.parallel).toMatchObject({ invariantHolds: true });
    expect(Object.keys(results.chaos?.parallel.runSeconds ?? {})).toEqual(['batch-poison/n/a']);
    expect(results.chaos?.sequential.cpuSeconds).toBeGreaterThan(0);
    expect(renderReport(results)).toContain('### Chaos wall time');
  });

  it('counts the emulator threads in the memory section', () => {
    for (const row of results.memory?.rssMbAfter ?? []) expect(row.emulatorHeapMb).toBeGreaterThan(0);
  });

  it('judges every target and renders the tables', () => {
    expect(results.targets.map((target) => target.id)).toEqual([
      'producer-batching',
      'guard-writes',
      'bundle-size',
      'batch-throughput-ratio',
      'batch-throughput-scaling',
      'guard-throughput-ratio',
      'guard-throughput-scaling',
      'lab-deploy',
      'iam-cost',
      'cli-deploy-time',
      'tour-overhead',
      'endpoint-overhead',
      'insights-scaling',
      'sqs-backlog-scaling',
      'memory-growth',
      'chaos-wall-time',
    ]);
    expect(renderReport(results)).toContain('### AWS requests per message');
    expect(renderReport(results)).toContain('### cdk deploy to the lab');
    expect(renderReport(results)).toContain('### Logs Insights: 4 queries over growing logs');
    expect(renderReport(results)).toContain('### The SQS emulator under a long backlog');
  });
});
