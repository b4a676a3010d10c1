/**
 * Runs the chosen sections on one pair of emulators and collects `bench/results.json`'s
 * content. Progress goes to `progress`, one line per step.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createSqsClient, startEmulators } from '@sqs-lab/lab';
import { PRICES } from '../cost/prices';
import type { BenchResults, RequestsSection, SectionName } from './results';
import { type BundleRow, bundleSubjects, measureBundles } from './sections/bundles';
import { type ChaosWallTimeResult, measureChaosWallTime } from './sections/chaos-wall-time';
import { estimateCosts } from './sections/cost-estimate';
import { measureGuardRequests } from './sections/guard-requests';
import { type GuardThroughputRow, measureGuardThroughput } from './sections/guard-throughput';
import { measureHeartbeatRequests } from './sections/heartbeat-requests';
import { type LabDeployResult, measureLabDeploy } from './sections/lab-deploy';
import {
  type BacklogBenchResult,
  type EndpointOverheadResult,
  measureEndpointOverhead,
  measureSqsBacklog,
  type InsightsBenchResult,
  LAB_BENCH_FULL,
  LAB_BENCH_QUICK,
  measureInsights,
} from '@sqs-lab/lab/bench';
import { type CdkCliDeployResult, measureCdkCliDeploy } from './sections/cdk-cli-deploy';
import { type LabMemoryResult, measureLabMemory } from './sections/lab-memory';
import { measureThroughput, type PipelinePath, type ThroughputRow } from './sections/lab-throughput';
import { measurePipelineRequests } from './sections/pipeline-requests';
import { measureProducerRequests } from './sections/producer-requests';
import { measureTour, type TourTimeResult } from './sections/tour-time';
import { evaluateTargets } from './targets';

/** How big each measurement is. */
export interface BenchSizes {
  readonly producerCounts: readonly number[];
  /** Speed-up of the heartbeat's simulated minute. */
  readonly heartbeatTimeScale: number;
  readonly pipeline: { readonly batch: number; readonly guard: number };
  readonly bundleLoads: number;
  readonly throughput: Readonly<Record<PipelinePath, readonly number[]>>;
  /** Per path, messages each throughput row sends untimed first, lab and ceilings (see ThroughputOptions). */
  readonly throughputWarmUp: Readonly<Record<PipelinePath, number>>;
  readonly guard: { readonly deliveries: number; readonly concurrency: number; readonly racedKeys: number };
  readonly deploy: { readonly deploys: number; readonly passes: number; readonly messages: number };
  readonly endpoint: { readonly passes: number; readonly messages: number };
  /** Log lines per measured size of the Logs Insights section (smallest first), and passes per size. */
  readonly insights: { readonly lines: readonly number[]; readonly passes: number };
  /** Messages waiting per measured size of the SQS backlog section (smallest first), and passes per size. */
  readonly backlog: { readonly messages: readonly number[]; readonly passes: number };
  /** Messages per measured batch of the memory section (after a warm-up of a tenth). */
  readonly memoryMessages: number;
  /** The chaos sample: these mixes (Step 7 ones with the guard on and off), sequential then side by side. */
  readonly chaos: { readonly messages: number; readonly mixes: readonly string[] };
}

/** `npm run bench`: the sizes. */
export const FULL_SIZES: BenchSizes = {
  producerCounts: [1, 10, 100, 1000],
  heartbeatTimeScale: 20,
  pipeline: { batch: 1000, guard: 300 },
  bundleLoads: 9,
  throughput: { batch: [1000, 10_000], guard: [1000, 10_000] },
  throughputWarmUp: { batch: 80_000, guard: 1000 },
  guard: { deliveries: 500, concurrency: 8, racedKeys: 100 },
  deploy: { deploys: 5, passes: 4, messages: 2000 },
  endpoint: LAB_BENCH_FULL.endpoint,
  insights: LAB_BENCH_FULL.insights,
  backlog: LAB_BENCH_FULL.backlog,
  memoryMessages: 10_000,
  // About 270 s one after the other before issue 13 (bench/chaos-results.json of that time).
  chaos: { messages: 1000, mixes: ['none', 'heartbeat-errors', 'batch-poison'] },
};

/** `--quick`: every code path, small sizes (the smoke test in `npm test`). */
export const QUICK_SIZES: BenchSizes = {
  producerCounts: [1, 10, 100],
  heartbeatTimeScale: 100,
  pipeline: { batch: 100, guard: 20 },
  bundleLoads: 1,
  throughput: { batch: [100, 300], guard: [20, 40] },
  throughputWarmUp: { batch: 300, guard: 40 },
  guard: { deliveries: 30, concurrency: 8, racedKeys: 10 },
  deploy: { deploys: 1, passes: 1, messages: 100 },
  endpoint: LAB_BENCH_QUICK.endpoint,
  insights: LAB_BENCH_QUICK.insights,
  backlog: LAB_BENCH_QUICK.backlog,
  memoryMessages: 1000,
  chaos: { messages: 100, mixes: ['none', 'batch-poison'] },
};

/** Where the bench's bundles go by default, relative to the project root. */
export const DEFAULT_WORK_DIR = join('.lab', 'bench');

/** What to run and how big. */
export interface BenchOptions {
  readonly quick: boolean;
  readonly sections: readonly SectionName[];
  /** Overrides the sizes of the mode (tests). */
  readonly sizes?: BenchSizes;
  /** Where bundles go, relative to the project root (default `.lab/bench`). */
  readonly workDir?: string;
  readonly progress?: (line: string) => void;
}

/** Runs the sections and returns the results (nothing is written here). */
export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const sizes = options.sizes ?? (options.quick ? QUICK_SIZES : FULL_SIZES);
  const started = performance.now();
  const loadAverageAtStart = loadavg()[0] ?? 0;
  const say = (section: string, text: string): void =>
    options.progress?.(
      `[bench ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${section}: ${text}`,
    );
  const has = (name: SectionName): boolean => options.sections.includes(name);
  const workDir = options.workDir ?? DEFAULT_WORK_DIR;

  const emulators = await startEmulators();
  let requests: RequestsSection | undefined;
  let bundles: BundleRow[] | undefined;
  let throughput: ThroughputRow[] | undefined;
  let guardThroughput: GuardThroughputRow[] | undefined;
  let deploy: LabDeployResult | undefined;
  let endpoint: EndpointOverheadResult | undefined;
  let insights: InsightsBenchResult | undefined;
  let backlog: BacklogBenchResult | undefined;
  let memory: LabMemoryResult | undefined;
  let chaos: ChaosWallTimeResult | undefined;
  try {
    // First, so that its idle figure is the lab's and not what earlier sections left behind.
    if (has('memory')) {
      say('memory', `both stacks idle, then ${sizes.memoryMessages} messages twice through the batch path`);
      memory = await measureLabMemory(emulators, sizes.memoryMessages);
      say('memory', `idle ${memory.idleRssMb} MB; heap growth ${memory.heapBytesPerMessage} bytes per message`);
    }
    if (has('requests')) {
      say('requests', `producer, ${sizes.producerCounts.join(' / ')} messages, batched and one by one`);
      const sqs = createSqsClient(emulators);
      const producer = await measureProducerRequests(sqs, sizes.producerCounts).finally(() => sqs.destroy());
      say('requests', `heartbeat, one simulated minute at ×${sizes.heartbeatTimeScale}, 1 and 10 messages`);
      const heartbeat = await measureHeartbeatRequests(emulators, sizes.heartbeatTimeScale);
      say('requests', 'guard scenarios: project, naive, Powertools; on dynalite and with ALL_OLD');
      const guard = await measureGuardRequests(emulators);
      say(
        'requests',
        `lab pipelines: ${sizes.pipeline.batch} messages (batch path), ${sizes.pipeline.guard} (guard path), naive consumer`,
      );
      const pipeline = await measurePipelineRequests(emulators, sizes.pipeline);
      requests = { producer, heartbeat, guard, pipeline };
    }
    if (has('bundles')) {
      say('bundles', `building ${bundleSubjects().length} bundles, ${sizes.bundleLoads} load round(s)`);
      bundles = await measureBundles(sizes.bundleLoads, workDir, (line) => say('bundles', line));
    }
    if (has('throughput')) {
      throughput = [];
      for (const path of ['batch', 'guard'] as const) {
        for (const messages of sizes.throughput[path]) {
          // The guard path's fair ceiling: the same work without Lambda, at every size.
          const sameWork = path === 'guard';
          say(
            'throughput',
            `${path} path, ${messages} messages: warm-up, ceiling, lab (after its warm-up), ceiling${sameWork ? ', same work without Lambda' : ''}`,
          );
          const row = await measureThroughput(emulators, path, messages, {
            sameWork,
            warmUpMessages: sizes.throughputWarmUp,
          });
          say(
            'throughput',
            `${path} path, ${messages} messages: lab ${row.lab.messagesPerSecond.toFixed(0)} msg/s, fair ceiling ${row.fairCeilingMessagesPerSecond.toFixed(0)} msg/s (${(row.fairRatio * 100).toFixed(0)} %)`,
          );
          throughput.push(row);
        }
      }
    }
    if (has('guard')) {
      say(
        'guard',
        `${sizes.guard.deliveries} deliveries × 2 rounds per guard, ${sizes.guard.concurrency} in flight, ${sizes.guard.racedKeys} raced keys`,
      );
      guardThroughput = await measureGuardThroughput(emulators, sizes.guard);
    }
    if (has('deploy')) {
      say(
        'deploy',
        `${sizes.deploy.deploys} deploy(s) of both stacks (synth excluded); batch path ${sizes.deploy.messages} messages with and without IAM, ${sizes.deploy.passes} pass(es) each`,
      );
      deploy = await measureLabDeploy(emulators, sizes.deploy);
      say('deploy', `deploy ${deploy.medianDeployMs.toFixed(0)} ms; IAM costs ${(deploy.iamCost * 100).toFixed(1)} %`);
    }
    if (has('endpoint')) {
      say(
        'endpoint',
        `SQS batch loops of ${sizes.endpoint.messages} messages, straight to the emulator and through the one endpoint, ${sizes.endpoint.passes} pass(es) each`,
      );
      endpoint = await measureEndpointOverhead(emulators, sizes.endpoint);
      say('endpoint', `the one endpoint costs ${(endpoint.overhead * 100).toFixed(1)} % of the batch path's rate`);
    }
    if (has('insights')) {
      say(
        'insights',
        `the README's 4 Logs Insights queries over ${sizes.insights.lines.join(' / ')} lines, ${sizes.insights.passes} pass(es) each`,
      );
      insights = measureInsights(sizes.insights);
      say('insights', `×${insights.linesRatio.toFixed(0)} lines took ×${insights.timeRatio.toFixed(2)} the time`);
    }
    if (has('backlog')) {
      say(
        'backlog',
        `queues of ${sizes.backlog.messages.join(' / ')} waiting messages: receive half (a quarter left in flight), expire the rest, ${sizes.backlog.passes} pass(es) each`,
      );
      backlog = await measureSqsBacklog(sizes.backlog);
      say('backlog', `×${backlog.messagesRatio.toFixed(0)} messages took ×${backlog.timeRatio.toFixed(2)} the time`);
    }
    if (has('chaos')) {
      say(
        'chaos',
        `mixes ${sizes.chaos.mixes.join(', ')} at ${sizes.chaos.messages} messages: one run after the other, then side by side`,
      );
      chaos = await measureChaosWallTime(emulators, sizes.chaos);
      say(
        'chaos',
        `${chaos.sequential.wallSeconds.toFixed(0)} s one after the other, ${chaos.parallel.wallSeconds.toFixed(0)} s ${chaos.parallel.parallel} at a time`,
      );
    }
  } finally {
    await emulators.stop();
  }
  // After the bench's own emulators stop: the tour starts its own and runs alone.
  let tour: TourTimeResult | undefined;
  if (has('tour') && !options.quick) {
    say('tour', 'npm start (every tour experiment, side by side), timed from spawn to exit');
    tour = await measureTour();
    say(
      'tour',
      `${tour.wallSeconds.toFixed(1)} s; longest experiment ${tour.longest?.name ?? '?'} ${tour.longest?.seconds.toFixed(1) ?? '?'} s`,
    );
  }
  // Alone too, and in full runs only, as the tour: the real CDK CLI against a lab of its own.
  let cdk: CdkCliDeployResult | undefined;
  if (has('cdk') && !options.quick) {
    say('cdk', 'cdk bootstrap, synth, deploy --all and deploy --hotswap with the real CDK CLI, on a lab of its own');
    cdk = await measureCdkCliDeploy();
    say(
      'cdk',
      `synth ${(cdk.synthMs / 1000).toFixed(1)} s, publish ${(cdk.publishMs / 1000).toFixed(1)} s, change sets ${(cdk.executionMs / 1000).toFixed(1)} s; hotswap ${(cdk.hotswapMs / 1000).toFixed(1)} s`,
    );
  }
  const cost = has('cost') && requests !== undefined ? estimateCosts(requests, PRICES) : undefined;
  const partial: Omit<BenchResults, 'targets'> = {
    schemaVersion: 1,
    generatedAt: new Date().toISOString(),
    mode: options.quick ? 'quick' : 'full',
    sections: options.sections,
    wallSeconds: (performance.now() - started) / 1000,
    machine: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      loadAverageAtStart,
      loadAverageAtEnd: loadavg()[0] ?? 0,
    },
    prices: PRICES,
    ...(requests === undefined ? {} : { requests }),
    ...(cost === undefined ? {} : { cost }),
    ...(bundles === undefined ? {} : { bundles }),
    ...(throughput === undefined ? {} : { throughput }),
    ...(guardThroughput === undefined ? {} : { guardThroughput }),
    ...(deploy === undefined ? {} : { deploy }),
    ...(endpoint === undefined ? {} : { endpoint }),
    ...(insights === undefined ? {} : { insights }),
    ...(backlog === undefined ? {} : { backlog }),
    ...(memory === undefined ? {} : { memory }),
    ...(chaos === undefined ? {} : { chaos }),
    ...(tour === undefined ? {} : { tour }),
    ...(cdk === undefined ? {} : { cdk }),
  };
  say('done', 'judging targets');
  return { ...partial, targets: evaluateTargets(partial) };
}
