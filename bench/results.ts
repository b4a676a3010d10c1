/**
 * The shape of `bench/results.json`: what `npm run bench` measured, section by section, and
 * how the targets fared. A section that was not run (`--only`) is absent.
 */
import type { BacklogBenchResult, BenchTarget, EndpointOverheadResult, InsightsBenchResult } from '@sqs-lab/lab/bench';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root';
import type { PriceTable } from '../cost/prices';
import type { BundleRow } from './sections/bundles';
import type { ChaosWallTimeResult } from './sections/chaos-wall-time';
import type { CostResult } from './sections/cost-estimate';
import type { GuardRequestsResult } from './sections/guard-requests';
import type { GuardThroughputRow } from './sections/guard-throughput';
import type { HeartbeatRequestsResult } from './sections/heartbeat-requests';
import type { ThroughputRow } from './sections/lab-throughput';
import type { PipelineRequestsResult } from './sections/pipeline-requests';
import type { ProducerRequestsRow } from './sections/producer-requests';
import type { LabDeployResult } from './sections/lab-deploy';
import type { CdkCliDeployResult } from './sections/cdk-cli-deploy';
import type { LabMemoryResult } from './sections/lab-memory';
import type { TourTimeResult } from './sections/tour-time';

/** Where `npm run bench` writes by default. */
export const RESULTS_FILE = join(PROJECT_ROOT, 'bench', 'results.json');

/** The sections `--only` can pick, in the order they run. */
export const SECTIONS = [
  'requests',
  'cost',
  'bundles',
  'throughput',
  'guard',
  'deploy',
  'endpoint',
  'insights',
  'backlog',
  'memory',
  'chaos',
  'tour',
  'cdk',
] as const;
/** One of {@link SECTIONS}. */
export type SectionName = (typeof SECTIONS)[number];

/** AWS requests per message, scenario by scenario. */
export interface RequestsSection {
  readonly producer: readonly ProducerRequestsRow[];
  readonly heartbeat: HeartbeatRequestsResult;
  readonly guard: GuardRequestsResult;
  readonly pipeline: PipelineRequestsResult;
}

/** The machine the figures come from (throughput depends on it; request counts do not). */
export interface MachineInfo {
  readonly node: string;
  readonly platform: string;
  readonly cpus: number;
  readonly cpuModel: string;
  /** 1-minute load average when the run started and when it ended: others' work skews speed. */
  readonly loadAverageAtStart: number;
  readonly loadAverageAtEnd: number;
}

/** The whole file. */
export interface BenchResults {
  readonly schemaVersion: 1;
  readonly generatedAt: string;
  readonly mode: 'full' | 'quick';
  readonly sections: readonly SectionName[];
  readonly wallSeconds: number;
  readonly machine: MachineInfo;
  readonly prices: PriceTable;
  readonly requests?: RequestsSection;
  readonly cost?: CostResult;
  readonly bundles?: readonly BundleRow[];
  readonly throughput?: readonly ThroughputRow[];
  readonly guardThroughput?: readonly GuardThroughputRow[];
  readonly deploy?: LabDeployResult;
  /** What the lab's one endpoint costs the SQS batch path. */
  readonly endpoint?: EndpointOverheadResult;
  /** `cdk deploy` with the real CDK CLI on a lab, split into its parts, and a hotswap (full runs only). */
  readonly cdk?: CdkCliDeployResult;
  /** Logs Insights' query time over growing logs. */
  readonly insights?: InsightsBenchResult;
  /** The SQS emulator's CPU time per message as a queue's backlog grows. */
  readonly backlog?: BacklogBenchResult;
  readonly memory?: LabMemoryResult;
  /** `npm run chaos` on a sample of mixes, one run after the other and side by side. */
  readonly chaos?: ChaosWallTimeResult;
  /** `npm start`'s wall time (full runs only: the quick smoke run skips it). */
  readonly tour?: TourTimeResult;
  /** Each target and how this run fared (`not-run`: its section was left out, `--only`). */
  readonly targets: readonly BenchTarget[];
}

/** Writes `results` as pretty JSON, creating the folder if needed. */
export async function writeResultsFile(path: string, results: BenchResults): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
}
