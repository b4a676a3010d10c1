/**
 * The stacks a lab serves, and the app it synthesizes for them: stack names resolve to the
 * project's topologies (lib/topology.ts) with the lab's switches; whole topologies (tests'
 * fixtures) are synthesized as they are; otherwise the project's CDK app is, with the CDK
 * context the switches and the lab's settle time make.
 */
import {
  type BatchPartialOptions,
  batchPartialTopology,
  DEFAULT_BATCH_PARTIAL_OPTIONS,
  type StackTopology,
  visibilityDupTopology,
} from '../../lib/topology';
import { parseEventFilterOption } from '../../lib/batch-partial-options';
import { parseVisibilityDupOptions } from '../../lib/visibility-dup-options';
import { type PropagationOptions, resolvePropagation } from '../common/propagation';
import type { AppSource } from './app-source';
import { LAB_QUEUE_SETTLE_SECONDS, labQueueSettleSeconds } from './lab-cdk-context';
import { TopologyError } from './topology-error';

/** The stacks the lab knows by name. */
export type StackName = StackTopology['stackName'];

/** All stack names, in the tutorial's order. */
export const STACK_NAMES: readonly StackName[] = ['VisibilityDupStack', 'BatchPartialStack'];

/** What decides a lab's stacks and the app it synthesizes for them. */
export interface LabAppOptions {
  /**
   * Stacks to serve: names (built from lib/topology.ts) or whole topologies (tests use
   * fixture handlers and short timeouts this way). Default: both stacks.
   */
  readonly stacks?: readonly (StackName | StackTopology)[];
  /** BatchPartialStack's deploy-time switches (CDK context `batchSize`, `reportBatchItemFailures`, `eventFilter`). */
  readonly batchOptions?: BatchPartialOptions;
  /** CDK context for the app (`-c name=value`), beyond `batchOptions`. */
  readonly context?: Readonly<Record<string, string>>;
  /**
   * How long changes take to reach other services (lab/common/propagation.ts): a queue
   * attribute change reaches Lambda's checks after a seeded delay, and (with `iamGrants`) a new
   * IAM grant takes effect after one. Default: up to `LAB_MAX_PROPAGATION_MS` (200 ms), seed 1.
   */
  readonly propagation?: PropagationOptions;
}

/** The topologies of the stacks the lab serves; a stack asked for twice is a {@link TopologyError}. */
export function resolveTopologies(options: LabAppOptions): StackTopology[] {
  const requested = options.stacks ?? STACK_NAMES;
  const topologies = requested.map((entry) => {
    if (typeof entry !== 'string') return entry;
    return entry === 'VisibilityDupStack'
      ? visibilityDupTopology(parseVisibilityDupOptions({ visibilityManager: options.context?.visibilityManager }))
      : batchPartialTopology(batchOptionsOf(options));
  });
  const names = topologies.map((topology) => topology.stackName);
  if (new Set(names).size !== names.length)
    throw new TopologyError(`a lab serves each stack once, got ${names.join(', ')}`);
  return topologies;
}

/** Whether the lab was given whole topologies (synthesized as they are) rather than stack names. */
export function servesCustomTopologies(options: LabAppOptions): boolean {
  return options.stacks?.some((entry) => typeof entry !== 'string') === true;
}

/** What the lab synthesizes: the topologies it was given, or the project's app with its context. */
export function appSource(options: LabAppOptions, topologies: readonly StackTopology[]): AppSource {
  return servesCustomTopologies(options)
    ? { kind: 'topologies', topologies }
    : { kind: 'app', context: appContext(options) };
}

/** The CDK context of the project's app: the batch switches, the lab's settle time, then `context`. */
export function appContext(options: LabAppOptions): Record<string, string> {
  const batch = options.batchOptions ?? DEFAULT_BATCH_PARTIAL_OPTIONS;
  // The Raise step waits at least as long as this lab's queue attribute changes take to settle.
  const settle = labQueueSettleSeconds(resolvePropagation(options.propagation));
  return {
    batchSize: String(batch.batchSize),
    reportBatchItemFailures: String(batch.reportBatchItemFailures),
    ...(settle === LAB_QUEUE_SETTLE_SECONDS ? {} : { queueSettleSeconds: String(settle) }),
    ...(batch.eventFilter === undefined ? {} : { eventFilter: String(batch.eventFilter) }),
    ...options.context,
  };
}

/** BatchPartialStack's switches: `batchOptions`, the event filter from `-c eventFilter` when they do not set it. */
function batchOptionsOf(options: LabAppOptions): BatchPartialOptions {
  const batch = options.batchOptions ?? DEFAULT_BATCH_PARTIAL_OPTIONS;
  return {
    ...batch,
    eventFilter: batch.eventFilter ?? parseEventFilterOption({ eventFilter: options.context?.eventFilter }),
  };
}
