/**
 * The fault mixes of `npm run chaos`: what goes wrong, and how often, during a run. Every
 * fault is lab-level (the AWS call interceptor, environment kills, the function timeout);
 * the handlers run unchanged.
 */
import type { AwsFaultRule } from '@sqs-lab/lab';

/** One mix. */
export interface ChaosMix {
  readonly name: string;
  readonly stack: 'VisibilityDupStack' | 'BatchPartialStack';
  /** One line for the report. */
  readonly description: string;
  readonly faults: readonly AwsFaultRule[];
  /**
   * Chance per second that a running invocation's environment is killed (a hazard rate per
   * invocation, so the tail of a run, with few invocations left, is not hammered).
   */
  readonly killHazardPerSecond: number;
  /** Share of jobs longer than the worker timeout (they time out on every delivery, then go to the DLQ). */
  readonly longJobShare: number;
  /** BatchPartialStack only: share of bodies the worker cannot parse. */
  readonly poisonShare: number;
  /** BatchPartialStack only: share of valid items marked `shouldFail`. */
  readonly failShare: number;
}

const THROTTLED = {
  name: 'ProvisionedThroughputExceededException',
  message: 'injected by the chaos harness: throughput exceeded',
};

/** The claim: the guard's first write, the only one conditioned on `attribute_not_exists`. */
const CLAIM = { path: 'ConditionExpression', contains: 'attribute_not_exists' } as const;
/** The completion: the only write that adds to `effects` (the unguarded effect too). */
const COMPLETION = { path: 'UpdateExpression', contains: 'ADD' } as const;

const heartbeatErrors = (probability: number): AwsFaultRule => ({
  service: 'SQS',
  operation: 'ChangeMessageVisibility',
  probability,
  error: { name: 'RequestThrottled', message: 'injected by the chaos harness: ChangeMessageVisibility failed' },
});
const claimThrottle = (probability: number): AwsFaultRule => ({
  service: 'DynamoDB',
  operation: 'UpdateItem',
  probability,
  error: THROTTLED,
  match: CLAIM,
});
const completionThrottle = (probability: number): AwsFaultRule => ({
  service: 'DynamoDB',
  operation: 'UpdateItem',
  probability,
  error: THROTTLED,
  match: COMPLETION,
});
/** Crash right before the completion write: the work is done, the effect not applied. */
const crashBeforeCompletion = (probability: number): AwsFaultRule => ({
  service: 'DynamoDB',
  operation: 'UpdateItem',
  probability,
  crash: true,
  match: COMPLETION,
});
/** A completion that hangs past the worker timeout. */
const hangingCompletion = (probability: number): AwsFaultRule => ({
  service: 'DynamoDB',
  operation: 'UpdateItem',
  probability,
  delayMs: 5000,
  match: COMPLETION,
});
/** A heartbeat call that hangs past the worker timeout (the work waits for it to stop). */
const hangingHeartbeat = (probability: number): AwsFaultRule => ({
  service: 'SQS',
  operation: 'ChangeMessageVisibility',
  probability,
  delayMs: 5000,
});

const NONE = { faults: [], killHazardPerSecond: 0, longJobShare: 0, poisonShare: 0, failShare: 0 } as const;

/** Every mix, in the report's order. */
export const CHAOS_MIXES: readonly ChaosMix[] = [
  {
    ...NONE,
    name: 'none',
    stack: 'VisibilityDupStack',
    description: 'no faults (a quarter of the jobs run without heartbeat)',
  },
  {
    ...NONE,
    name: 'crash',
    stack: 'VisibilityDupStack',
    description:
      'running worker environments killed at random (10 % per second of work) and 5 % crash right before the completion write',
    faults: [crashBeforeCompletion(0.05)],
    killHazardPerSecond: 0.1,
  },
  {
    ...NONE,
    name: 'timeout',
    stack: 'VisibilityDupStack',
    description:
      'function timeouts: 1 % of jobs longer than the timeout, 3 % completions and 2 % heartbeats hang past it',
    faults: [hangingCompletion(0.03), hangingHeartbeat(0.02)],
    longJobShare: 0.01,
  },
  {
    ...NONE,
    name: 'heartbeat-errors',
    stack: 'VisibilityDupStack',
    description: '30 % of ChangeMessageVisibility calls fail (the heartbeat stops, the message reappears)',
    faults: [heartbeatErrors(0.3)],
  },
  {
    ...NONE,
    name: 'claim-throttle',
    stack: 'VisibilityDupStack',
    description:
      '20 % of claims throttled (ProvisionedThroughputExceededException); with the guard off there is no claim to throttle',
    faults: [claimThrottle(0.2)],
  },
  {
    ...NONE,
    name: 'completion-throttle',
    stack: 'VisibilityDupStack',
    description: '20 % of completion writes throttled (ProvisionedThroughputExceededException)',
    faults: [completionThrottle(0.2)],
  },
  {
    ...NONE,
    name: 'combined',
    stack: 'VisibilityDupStack',
    description: 'all of the above at once, at lower rates',
    faults: [
      crashBeforeCompletion(0.02),
      hangingCompletion(0.01),
      hangingHeartbeat(0.01),
      heartbeatErrors(0.1),
      claimThrottle(0.1),
      completionThrottle(0.1),
    ],
    killHazardPerSecond: 0.05,
    longJobShare: 0.005,
  },
  {
    ...NONE,
    name: 'batch-poison',
    stack: 'BatchPartialStack',
    description:
      'BatchPartialStack, batches of 10: 5 % poison bodies and 5 % shouldFail items (both must end in the DLQ)',
    poisonShare: 0.05,
    failShare: 0.05,
  },
];

/** A mix name that is not in the catalog. */
export class UnknownMixError extends Error {
  override readonly name = 'UnknownMixError';
}

/** The mix called `name`, or an error listing the valid names. */
export function findMix(name: string): ChaosMix {
  const mix = CHAOS_MIXES.find((candidate) => candidate.name === name);
  if (mix === undefined)
    throw new UnknownMixError(`unknown mix "${name}"; choose from: ${CHAOS_MIXES.map((m) => m.name).join(', ')}`);
  return mix;
}
