/**
 * The lab's own sections, run on fresh emulators: the SQS emulator's ceiling for batch loops,
 * what the one endpoint costs them, Logs Insights' query time as the log grows, and the SQS
 * emulator's cost per message as a queue's backlog grows; with their
 * tables and targets. `npm run bench -w @sqs-lab/lab` prints them (main.ts); an app's bench runs
 * the same sections through the package's `bench` entry.
 */
import { startEmulators } from '../emulators/emulators';
import { type BenchTarget, targetsTable } from './bench-target';
import { batchLoopShape, type CeilingRun, ceilingTable, measureCeiling } from './emulator-ceiling';
import {
  type EndpointOverheadResult,
  endpointTable,
  endpointTarget,
  measureEndpointOverhead,
} from './endpoint-overhead';
import { type InsightsBenchResult, insightsTable, insightsTarget, measureInsights } from './logs-insights';
import { type BacklogBenchResult, backlogTable, backlogTarget, measureSqsBacklog } from './sqs-backlog';

/** How large each section runs. */
export interface LabBenchSizes {
  /** Messages per ceiling run, and how many runs (after an untimed warm-up of the first size). */
  readonly ceiling: { readonly messages: readonly number[]; readonly runs: number };
  readonly endpoint: { readonly passes: number; readonly messages: number };
  readonly insights: { readonly lines: readonly number[]; readonly passes: number };
  /** Messages waiting per measured size of the backlog section (smallest first), and passes per size. */
  readonly backlog: { readonly messages: readonly number[]; readonly passes: number };
}

/**
 * The full sizes (the tutorial's bench uses the same for its endpoint and insights sections). The
 * endpoint's passes are short (about 0.2 s): 8 of each path, so that one slow pass on a shared
 * machine does not move the median past the target (4 passes once read 5.9 % with the main
 * thread's CPU per message the same on both paths).
 */
export const LAB_BENCH_FULL: LabBenchSizes = {
  ceiling: { messages: [1000, 10_000], runs: 3 },
  endpoint: { passes: 8, messages: 2000 },
  insights: { lines: [25_000, 50_000, 100_000], passes: 3 },
  // Both past the ~11 000 messages where V8 stops shifting an array in place (ready-list.ts).
  backlog: { messages: [25_000, 100_000], passes: 3 },
};

/** `--quick`: every code path, small sizes. */
export const LAB_BENCH_QUICK: LabBenchSizes = {
  ceiling: { messages: [200], runs: 1 },
  endpoint: { passes: 1, messages: 200 },
  insights: { lines: [2500, 5000, 10_000], passes: 1 },
  backlog: { messages: [500, 2000], passes: 1 },
};

/** What a run of the lab's bench found. */
export interface LabBenchResults {
  readonly generatedAt: string;
  readonly ceiling: readonly CeilingRun[];
  readonly endpoint: EndpointOverheadResult;
  readonly insights: InsightsBenchResult;
  readonly backlog: BacklogBenchResult;
  readonly targets: readonly BenchTarget[];
}

/** Runs the four sections; `progress` hears which one starts. */
export async function runLabBench(
  sizes: LabBenchSizes,
  progress: (section: 'ceiling' | 'endpoint' | 'insights' | 'backlog', seconds: number) => void = () => undefined,
): Promise<LabBenchResults> {
  const started = performance.now();
  const elapsed = (): number => (performance.now() - started) / 1000;
  const emulators = await startEmulators();
  try {
    progress('ceiling', elapsed());
    await measureCeiling(emulators, batchLoopShape(sizes.ceiling.messages[0] ?? 200));
    const ceiling: CeilingRun[] = [];
    for (const messages of sizes.ceiling.messages)
      for (let run = 0; run < sizes.ceiling.runs; run += 1)
        ceiling.push(await measureCeiling(emulators, batchLoopShape(messages)));
    progress('endpoint', elapsed());
    const endpoint = await measureEndpointOverhead(emulators, sizes.endpoint);
    progress('insights', elapsed());
    const insights = measureInsights(sizes.insights);
    progress('backlog', elapsed());
    const backlog = await measureSqsBacklog(sizes.backlog);
    return {
      generatedAt: new Date().toISOString(),
      ceiling,
      endpoint,
      insights,
      backlog,
      targets: [endpointTarget(endpoint), insightsTarget(insights), backlogTarget(backlog)],
    };
  } finally {
    await emulators.stop();
  }
}

/** The run as Markdown: each section's table, then the targets. */
export function renderLabBench(results: LabBenchResults): string {
  return [
    ceilingTable('The SQS emulator’s ceiling: batch loops (4 producers, 5 consumers, receives of 10)', results.ceiling),
    endpointTable(results.endpoint),
    insightsTable(results.insights),
    backlogTable(results.backlog),
    targetsTable(results.targets),
  ].join('\n\n');
}
