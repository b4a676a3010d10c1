/**
 * The targets, judged from the figures of a run. They are reported, never asserted:
 * a miss is a finding to explain, not a failing test.
 */
import { backlogTarget, type BenchTarget, endpointTarget, insightsTarget, median } from '@sqs-lab/lab/bench';
import type { BenchResults } from './results';
import type { PipelinePath, ThroughputRow } from './sections/lab-throughput';

/** Largest a handler's own code may be, minified: its bundle without the AWS SDK. */
export const MAX_BUNDLE_BYTES = 100 * 1024;
/**
 * Lab throughput at the smaller size, as a share of the path's fair ceiling (the emulators'
 * capacity for that path's own request mix, measured in the same run).
 */
export const MIN_FAIR_RATIO = { batch: 0.7, guard: 0.5 } as const;
/** The ratio at the larger size may fall by at most a fifth. */
export const MAX_RATIO_FALL = 0.2;

const EPSILON = 1e-9;

function producerTarget(results: Omit<BenchResults, 'targets'>): BenchTarget {
  const target = 'producer ≤ 0.1 SendMessageBatch per message for batches ≥ 10';
  const rows = results.requests?.producer.filter((row) => row.messages >= 10) ?? [];
  if (rows.length === 0) return { id: 'producer-batching', target, status: 'not-run', figure: '' };
  const lab = results.requests?.pipeline.batch.producer['SQS.SendMessageBatch'];
  const worst = Math.max(...rows.map((row) => row.batchRequestsPerMessage), lab ?? 0);
  const parts = rows.map((row) => `${row.messages}: ${row.batchRequestsPerMessage.toFixed(3)}`);
  if (lab !== undefined) parts.push(`lab producer: ${lab.toFixed(3)}`);
  return {
    id: 'producer-batching',
    target,
    status: worst <= 0.1 + EPSILON ? 'pass' : 'miss',
    figure: parts.join(', '),
  };
}

function guardTarget(results: Omit<BenchResults, 'targets'>): BenchTarget {
  const target = 'guard ≤ 2 writes per first delivery, 1 per duplicate, no extra read';
  const guard = results.requests?.guard;
  if (guard === undefined) return { id: 'guard-writes', target, status: 'not-run', figure: '' };
  const aws = guard.aws.project;
  const lab = guard.lab.project;
  const first = aws['first-delivery'];
  const duplicates = [aws['duplicate-after-completion'], aws['duplicate-in-progress']];
  const pass = first.writes <= 2 && first.reads === 0 && duplicates.every((row) => row.writes <= 1 && row.reads === 0);
  const figure =
    `first delivery ${first.writes} W / ${first.reads} R; duplicate ${aws['duplicate-after-completion'].writes} W / ${aws['duplicate-after-completion'].reads} R ` +
    `(on dynalite ${lab['duplicate-after-completion'].writes} W / ${lab['duplicate-after-completion'].reads} R: it does not return ALL_OLD)`;
  return { id: 'guard-writes', target, status: pass ? 'pass' : 'miss', figure };
}

function bundleTarget(results: Omit<BenchResults, 'targets'>): BenchTarget {
  const target =
    "each handler's own code ≤ 100 KB minified (its bundle without the AWS SDK, which the deployed bundle carries too)";
  const rows = results.bundles?.filter((row) => row.variant === 'project') ?? [];
  if (rows.length === 0) return { id: 'bundle-size', target, status: 'not-run', figure: '' };
  const largest = rows.reduce((a, b) => (b.sdkExternalBytes > a.sdkExternalBytes ? b : a));
  return {
    id: 'bundle-size',
    target,
    status: rows.every((row) => row.sdkExternalBytes <= MAX_BUNDLE_BYTES) ? 'pass' : 'miss',
    figure: `largest ${largest.stackName}/${largest.functionId} ${(largest.sdkExternalBytes / 1024).toFixed(1)} KB (${(largest.bytes / 1024).toFixed(1)} KB with the SDK)`,
  };
}

/** The rows of one path, smallest first. */
export function throughputRows(results: Pick<BenchResults, 'throughput'>, path: PipelinePath): ThroughputRow[] {
  return (results.throughput ?? []).filter((row) => row.path === path).sort((a, b) => a.messages - b.messages);
}

function throughputTargets(results: Omit<BenchResults, 'targets'>, path: PipelinePath): BenchTarget[] {
  const rows = throughputRows(results, path);
  const small: ThroughputRow | undefined = rows[0];
  const large: ThroughputRow | undefined = rows[rows.length - 1];
  const label = path === 'batch' ? 'batch path' : 'guard path';
  const minimum = MIN_FAIR_RATIO[path];
  const ratioTarget = `${label}: lab ≥ ${minimum * 100} % of its fair ceiling (its own request mix, straight to the emulators) at ${small?.messages ?? 1000} messages`;
  const fallTarget = `${label}: ratio falls by at most a fifth from ${small?.messages ?? 1000} to ${large?.messages ?? 10000} messages`;
  if (small === undefined || large === undefined || small === large) {
    return [
      {
        id: `${path}-throughput-ratio`,
        target: ratioTarget,
        status: small === undefined ? 'not-run' : small.fairRatio >= minimum ? 'pass' : 'miss',
        figure: small === undefined ? '' : `${(small.fairRatio * 100).toFixed(0)} %`,
      },
      { id: `${path}-throughput-scaling`, target: fallTarget, status: 'not-run', figure: '' },
    ];
  }
  const kept = large.fairRatio / small.fairRatio;
  const pureSqs = path === 'guard' ? `; ${(small.ratio * 100).toFixed(0)} % of a pure SQS loop` : '';
  return [
    {
      id: `${path}-throughput-ratio`,
      target: ratioTarget,
      status: small.fairRatio >= minimum ? 'pass' : 'miss',
      figure: `${small.lab.messagesPerSecond.toFixed(0)} vs ${small.fairCeilingMessagesPerSecond.toFixed(0)} msg/s = ${(small.fairRatio * 100).toFixed(0)} %${pureSqs}`,
    },
    {
      id: `${path}-throughput-scaling`,
      target: fallTarget,
      status: kept >= 1 - MAX_RATIO_FALL ? 'pass' : 'miss',
      figure: `${(small.fairRatio * 100).toFixed(0)} % → ${(large.fairRatio * 100).toFixed(0)} % (×${kept.toFixed(2)})`,
    },
  ];
}

/** Every target, in the order. */
export function evaluateTargets(results: Omit<BenchResults, 'targets'>): BenchTarget[] {
  return [
    producerTarget(results),
    guardTarget(results),
    bundleTarget(results),
    ...throughputTargets(results, 'batch'),
    ...throughputTargets(results, 'guard'),
    ...deployTargets(results),
    cliDeployTarget(results),
    tourTarget(results),
    endpointTarget(results.endpoint),
    insightsTarget(results.insights),
    backlogTarget(results.backlog),
    memoryTarget(results),
    chaosTarget(results),
  ];
}

/** How much longer than its longest experiment `npm start` may take, from spawn to exit (#33). */
export const MAX_TOUR_OVER_LONGEST_SECONDS = 3;

/**
 * `npm start` against its longest experiment, in the same run: the experiments run side by side,
 * so what is above the longest is the tour's own start, its gaps and its end.
 */
function tourTarget(results: Omit<BenchResults, 'targets'>): BenchTarget {
  const target = `npm start within ${MAX_TOUR_OVER_LONGEST_SECONDS} s of its longest experiment`;
  const { tour } = results;
  if (tour === undefined || tour.longest === undefined)
    return { id: 'tour-overhead', target, status: 'not-run', figure: '' };
  const over = tour.wallSeconds - tour.longest.seconds;
  return {
    id: 'tour-overhead',
    target,
    status: tour.exitCode === 0 && over <= MAX_TOUR_OVER_LONGEST_SECONDS ? 'pass' : 'miss',
    figure: `${tour.wallSeconds.toFixed(1)} s vs ${tour.longest.name} ${tour.longest.seconds.toFixed(1)} s (+${over.toFixed(1)} s)`,
  };
}

/** How much longer than the lab's own deploy the CDK CLI's "Deployment time" may be, both stacks (#33). */
export const MAX_CLI_DEPLOY_OVER_LAB_MS = 2000;

/**
 * The CLI's "Deployment time" (change sets created and executed, events followed) for both stacks
 * against the lab's own deploy of them, measured in the same run: what is left is the lab
 * answering the CLI's calls later than it could.
 */
function cliDeployTarget(results: Omit<BenchResults, 'targets'>): BenchTarget {
  const target = `cdk deploy --all on the lab: the CLI's "Deployment time" within ${MAX_CLI_DEPLOY_OVER_LAB_MS / 1000} s of the lab's own deploy, both stacks`;
  const { cdk, deploy } = results;
  if (cdk === undefined || deploy === undefined)
    return { id: 'cli-deploy-time', target, status: 'not-run', figure: '' };
  const over = cdk.executionMs - deploy.medianDeployMs;
  return {
    id: 'cli-deploy-time',
    target,
    status: over <= MAX_CLI_DEPLOY_OVER_LAB_MS ? 'pass' : 'miss',
    figure: `${(cdk.executionMs / 1000).toFixed(2)} s vs ${(deploy.medianDeployMs / 1000).toFixed(2)} s (+${(over / 1000).toFixed(2)} s)`,
  };
}

/** The chaos sample side by side takes at most this share of its one-after-the-other wall time. */
export const MAX_CHAOS_WALL_RATIO = 0.5;

function chaosTarget(results: Omit<BenchResults, 'targets'>): BenchTarget {
  const target = `chaos sample side by side in ≤ ${MAX_CHAOS_WALL_RATIO * 100} % of its one-after-the-other wall time, invariant holding in every run`;
  const chaos = results.chaos;
  if (chaos === undefined) return { id: 'chaos-wall-time', target, status: 'not-run', figure: '' };
  const holds = chaos.sequential.invariantHolds && chaos.parallel.invariantHolds;
  return {
    id: 'chaos-wall-time',
    target,
    status: chaos.wallRatio <= MAX_CHAOS_WALL_RATIO && holds ? 'pass' : 'miss',
    figure: `${chaos.runs} runs of ${chaos.mixes.join(', ')} at ${chaos.messages} messages: ${chaos.sequential.wallSeconds.toFixed(0)} s → ${chaos.parallel.wallSeconds.toFixed(0)} s (${(chaos.wallRatio * 100).toFixed(0)} %, ${chaos.parallel.parallel} at a time)${holds ? '' : '; INVARIANT BROKEN'}`,
  };
}

/** Heap growth per message after the warm-up, bytes at most: nothing kept per message. */
export const MAX_HEAP_BYTES_PER_MESSAGE = 64;

function memoryTarget(results: Omit<BenchResults, 'targets'>): BenchTarget {
  const target = `no memory growth per message after warm-up (main + emulator threads' heap ≤ ${MAX_HEAP_BYTES_PER_MESSAGE} bytes/message)`;
  const memory = results.memory;
  if (memory === undefined) return { id: 'memory-growth', target, status: 'not-run', figure: '' };
  const last = memory.rssMbAfter.at(-1);
  return {
    id: 'memory-growth',
    target,
    status: memory.heapBytesPerMessage <= MAX_HEAP_BYTES_PER_MESSAGE ? 'pass' : 'miss',
    figure: `${memory.heapBytesPerMessage} bytes/message; RSS ${memory.idleRssMb} MB idle, ${last?.rssMb ?? 0} MB after ${last?.messages ?? 0}`,
  };
}

/** Deploying both stacks to the lab, synth excluded, in ms at most. */
export const MAX_DEPLOY_MS = 5000;
/** IAM may cost at most this share of the batch path's throughput. */
export const MAX_IAM_COST = 0.1;

function deployTargets(results: Omit<BenchResults, 'targets'>): BenchTarget[] {
  const deploy = results.deploy;
  const deployTarget = `deploying both stacks to the lab (synth excluded) ≤ ${MAX_DEPLOY_MS / 1000} s`;
  const iamTarget = `IAM costs ≤ ${MAX_IAM_COST * 100} % of the batch path's throughput`;
  if (deploy === undefined)
    return [
      { id: 'lab-deploy', target: deployTarget, status: 'not-run', figure: '' },
      { id: 'iam-cost', target: iamTarget, status: 'not-run', figure: '' },
    ];
  return [
    {
      id: 'lab-deploy',
      target: deployTarget,
      status: deploy.medianDeployMs <= MAX_DEPLOY_MS ? 'pass' : 'miss',
      figure: `median ${(deploy.medianDeployMs / 1000).toFixed(2)} s over ${deploy.deployMs.length}`,
    },
    {
      id: 'iam-cost',
      target: iamTarget,
      status: deploy.iamCost <= MAX_IAM_COST ? 'pass' : 'miss',
      figure: `${(deploy.iamCost * 100).toFixed(1)} % (median ${median(deploy.withIam).toFixed(0)} vs ${median(deploy.withoutIam).toFixed(0)} msg/s)`,
    },
  ];
}
