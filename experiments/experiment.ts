/**
 * What an experiment is: a Step 7 job through VisibilityDupStack, a Step 8 run through
 * BatchPartialStack, or a run on a queue of its own (FIFO deduplication, polling), with what it
 * predicts and how a run's observation is judged. The catalog (catalog.ts and its catalog-*.ts
 * parts) lists them.
 */
import type { Language, Localized } from '@sqs-lab/lab';
import type { BatchPartialOptions } from '../lib/topology';
import type { BatchObservation, FifoDedupObservation, PollingObservation, VisibilityObservation } from './observation';
import type { LabVariant } from './variants';

/** What the lab does once the run has settled, before it settles again and is judged. */
export type AfterSettleAction = 'redrive-dlq';

/**
 * What the lab does while the run goes on. `crash-worker-after-in-progress-duplicate`: once a
 * duplicate has been refused as in progress and only the first delivery still runs, kill that
 * delivery's execution environment (a crash: no code of it runs afterwards). A run in which
 * the moment never came does not match. `crash-every-worker-when-ready`: kill every running
 * worker environment once the experiment's `crashWhen` holds.
 */
export type DuringRunAction = 'crash-worker-after-in-progress-duplicate' | 'crash-every-worker-when-ready';

interface ExperimentBase {
  /** The CLI name: `npm run experiment -- <name>`. */
  readonly name: string;
  /** One line for humans. */
  readonly title: Localized;
  /** What the tutorial predicts, in words. */
  readonly prediction: Localized;
  /** Longest the run may take before it counts as not matching. */
  readonly timeoutSeconds: number;
  /** `false`: `npm start` (the tour) skips it; `npm run experiment -- <name>` still runs it. Default true. */
  readonly inTour?: boolean;
  /**
   * A stack set up differently from the deployed one: the experiment is lab-only, unless the
   * variant names the deploy-time switch (`deployedWith`) that sets the deployed stack up so.
   */
  readonly variant?: LabVariant;
  /** Runs once the first phase has settled (then the run settles again before it is judged). */
  readonly afterSettle?: AfterSettleAction;
  /** Runs once, while the run goes on, when its moment comes. */
  readonly duringRun?: DuringRunAction;
}

/** A Step 7 experiment: one job through VisibilityDupStack. */
export interface VisibilityExperiment extends ExperimentBase {
  readonly stack: 'VisibilityDupStack';
  /** The enqueue body without `id` (each run gets a fresh id). */
  readonly body: VisibilityJobBody;
  /**
   * A sweep: one job per value, each `body` with this `sleep`, enqueued together. The
   * observation then sums the jobs and lists each one in `jobs`.
   */
  readonly sleeps?: readonly number[];
  /**
   * Named jobs instead of `sleeps` (ids `<run>-<name>`), each with its own body, observed as a
   * sweep: for runs whose jobs differ in more than their sleep.
   */
  readonly jobs?: readonly { readonly name: string; readonly body: VisibilityJobBody }[];
  /**
   * `send-message-batch`: the jobs go straight to the queue in one SendMessageBatch (so that
   * they can arrive as one batch) instead of one `POST /enqueue` each. Default `api`.
   */
  readonly send?: 'api' | 'send-message-batch';
  /** For `duringRun: 'crash-every-worker-when-ready'`: the moment to crash. */
  readonly crashWhen?: (observation: VisibilityObservation) => boolean;
  readonly judge: (observation: VisibilityObservation) => boolean;
  /**
   * True once the observation already shows the experiment's point and nothing later can
   * change the verdict: the runner stops waiting and judges (the run is not settled then).
   */
  readonly decidedWhen?: (observation: VisibilityObservation) => boolean;
  /** Extra lines under the log block (per-job rows of a sweep, …). */
  readonly details?: (observation: VisibilityObservation, language: Language) => readonly string[];
}

/** A Step 7 `POST /enqueue` body without its `id`. */
export interface VisibilityJobBody {
  readonly sleep: number;
  readonly heartbeat?: boolean;
  readonly failHeartbeat?: boolean;
  readonly idempotency?: boolean;
  /** A message timer: SendMessage `DelaySeconds`, 0 to 900. */
  readonly delaySeconds?: number;
  /** The producer sends the job twice (a retry after a lost response). */
  readonly sendTwice?: boolean;
}

/** A Step 8 experiment: one run through BatchPartialStack deployed with `options`. */
export interface BatchExperiment extends ExperimentBase {
  readonly stack: 'BatchPartialStack';
  readonly body: { readonly count: number; readonly failEvery: number };
  /** The deploy-time switches this experiment needs (CDK context / lab flags). */
  readonly options: BatchPartialOptions;
  /**
   * Bodies sent straight to the queue after the enqueue (bypassing the producer's
   * validation), built from the run id: messages the producer would never send.
   */
  readonly rawMessages?: (runId: string) => readonly string[];
  /** Read the stack's DLQ alarm before the run and at every poll (observation `alarm`). */
  readonly watchDlqAlarm?: boolean;
  /**
   * Once the run has settled, how long to keep reading the alarm until it is in ALARM, per
   * target (CloudWatch evaluates a 1-minute period on AWS; the lab every second).
   */
  readonly alarmWaitSeconds?: { readonly local: number; readonly aws: number };
  readonly judge: (observation: BatchObservation) => boolean;
  /** Extra lines under the log block. */
  readonly details?: (observation: BatchObservation, language: Language) => readonly string[];
}

/**
 * An experiment without a stack: its own producer and consumer (the lab's SQS client) send,
 * receive and count, so the SQS calls themselves are the observation.
 */
interface QueueExperimentBase extends ExperimentBase {
  readonly stack: 'SQS';
  /** Why `--target aws` cannot run it (one sentence); absent when it can. */
  readonly labOnly?: Localized;
}

/** `fifo-dedup`: how long the slow consumer of its last phase works, against which visibility timeout. */
export interface FifoDedupPlan {
  readonly visibilityTimeoutSeconds: number;
  readonly processSeconds: number;
}

/** A FIFO queue of the lab: deduplication within and after the 5-minute interval, group order, a slow consumer. */
export interface FifoDedupExperiment extends QueueExperimentBase {
  readonly run: 'fifo-dedup';
  readonly plan: FifoDedupPlan;
  readonly judge: (observation: FifoDedupObservation) => boolean;
  readonly details?: (observation: FifoDedupObservation, language: Language) => readonly string[];
}

/** `short-vs-long-polling`: each consumer's period, when messages are sent in it, and the short poller's pause. */
export interface PollingPlan {
  readonly periodSeconds: number;
  /** Seconds into each period at which one message is sent. */
  readonly sendAtSeconds: readonly number[];
  /** The long poller's WaitTimeSeconds (its last call waits only for the rest of the period). */
  readonly longWaitTimeSeconds: number;
  /** How long the short poller waits after an empty response before it polls again. */
  readonly pauseAfterEmptyMs: number;
}

/** Two consumers, one after the other, on one sparse queue: a fresh queue on the lab, a deployed DLQ on AWS. */
export interface PollingExperiment extends QueueExperimentBase {
  readonly run: 'polling';
  readonly plan: PollingPlan;
  /** The deployed queue `--target aws` polls: a DLQ, which no worker reads. */
  readonly awsQueue: { readonly stack: 'VisibilityDupStack' | 'BatchPartialStack'; readonly output: 'DlqUrl' };
  readonly judge: (observation: PollingObservation) => boolean;
  readonly details?: (observation: PollingObservation, language: Language) => readonly string[];
}

export type QueueExperiment = FifoDedupExperiment | PollingExperiment;

/** An experiment that runs a stack's worker. */
export type StackExperiment = VisibilityExperiment | BatchExperiment;

/** Any experiment of the catalog. */
export type Experiment = StackExperiment | QueueExperiment;
