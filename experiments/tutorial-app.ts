/**
 * The tutorial's app as the lab serves it: stack names resolve to the project's topologies
 * (lib/topology.ts) with the lab's switches; whole topologies (tests' fixtures, experiments'
 * variants) are synthesized as they are; otherwise bin/sqs-lab.ts's app is, with the CDK context
 * the switches and the lab's settle time make. `startTutorialLab` starts a lab serving it.
 */
import { dirname, join, resolve } from 'node:path';
import {
  type AppSynthesis,
  type Lab,
  type LabApp,
  LAB_QUEUE_SETTLE_SECONDS,
  labQueueSettleSeconds,
  type PropagationOptions,
  resolvePropagation,
  startLab,
  type StartLabOptions,
  TopologyError,
} from '@sqs-lab/lab';
import type { TutorialSynthesisRequest } from '../bin/lab-synthesis';
import { parseEventFilterOption } from '../lib/batch-partial-options';
import { PROJECT_ROOT } from '../lib/project-root';
import {
  type BatchPartialOptions,
  batchPartialTopology,
  DEFAULT_BATCH_PARTIAL_OPTIONS,
  type StackTopology,
  visibilityDupTopology,
} from '../lib/topology';
import { parseVisibilityDupOptions } from '../lib/visibility-dup-options';

/** The stacks the tutorial's app has. */
export type StackName = StackTopology['stackName'];

/** All stack names, in the tutorial's order. */
export const STACK_NAMES: readonly StackName[] = ['VisibilityDupStack', 'BatchPartialStack'];

/** What decides the tutorial app's stacks and the app synthesized for them. */
export interface TutorialAppOptions {
  /**
   * Stacks to serve: names (built from lib/topology.ts) or whole topologies (tests use
   * fixture handlers and short timeouts this way). Default: both stacks.
   */
  readonly stacks?: readonly (StackName | StackTopology)[];
  /** BatchPartialStack's deploy-time switches (CDK context `batchSize`, `reportBatchItemFailures`, `eventFilter`). */
  readonly batchOptions?: BatchPartialOptions;
  /** CDK context for the app (`-c name=value`), beyond `batchOptions`. */
  readonly context?: Readonly<Record<string, string>>;
  /** The lab's propagation: the Raise step around the Step 7 mapping waits at least as long. */
  readonly propagation?: PropagationOptions;
}

/** How to start a lab serving the tutorial's app: the app's options and the lab's. */
export type TutorialLabOptions = Omit<StartLabOptions, 'app'> & TutorialAppOptions;

/** Starts a lab serving the tutorial's app (both stacks by default). */
export function startTutorialLab(options: TutorialLabOptions = {}): Promise<Lab> {
  return startLab({ ...options, app: tutorialApp(options) });
}

/** The module the lab's synthesis process imports: this app's entry for the lab. */
const SYNTHESIS_MODULE = join(PROJECT_ROOT, 'bin', 'lab-synthesis.ts');

/** What the app reads besides the entries of variant functions. */
const APP_INPUTS = ['bin', 'lib', 'lambda', 'cdk.json', 'package-lock.json'].map((input) => join(PROJECT_ROOT, input));

/** What the synthesis module imports. */
const MODULE_INPUTS = ['bin', 'lib'].map((input) => join(PROJECT_ROOT, input));

/** The tutorial's app as a lab serves it, with `options`' stacks and switches. */
export function tutorialApp(options: TutorialAppOptions = {}): LabApp {
  const topologies = resolveTopologies(options);
  const custom = servesCustomTopologies(options);
  const request: TutorialSynthesisRequest = custom ? { kind: 'topologies', topologies } : { kind: 'app' };
  const inputs = [...APP_INPUTS];
  if (custom)
    for (const topology of topologies)
      for (const spec of topology.functions) inputs.push(dirname(resolve(PROJECT_ROOT, spec.entry)));
  return {
    stacks: topologies,
    synthesis: (context = {}): AppSynthesis => ({
      root: PROJECT_ROOT,
      module: SYNTHESIS_MODULE,
      request,
      // Variant stacks take no switches: their topologies say everything.
      context: custom ? {} : { ...appContext(options), ...context },
      inputs,
      moduleInputs: MODULE_INPUTS,
    }),
  };
}

/** The topologies of the stacks the lab serves; a stack asked for twice is a TopologyError. */
export function resolveTopologies(options: TutorialAppOptions): StackTopology[] {
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
function servesCustomTopologies(options: TutorialAppOptions): boolean {
  return options.stacks?.some((entry) => typeof entry !== 'string') === true;
}

/** The CDK context of the project's app: the batch switches, the lab's settle time, then `context`. */
export function appContext(options: TutorialAppOptions): Record<string, string> {
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
function batchOptionsOf(options: TutorialAppOptions): BatchPartialOptions {
  const batch = options.batchOptions ?? DEFAULT_BATCH_PARTIAL_OPTIONS;
  return {
    ...batch,
    eventFilter: batch.eventFilter ?? parseEventFilterOption({ eventFilter: options.context?.eventFilter }),
  };
}
