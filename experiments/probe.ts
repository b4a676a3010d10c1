import type { SQSClient } from '@aws-sdk/client-sqs';
import type { AlarmReading, WorkerLine } from './observation';
import type { RedriveReport } from '@sqs-lab/lab';
import type { EnqueueResponse, QueueCounts } from './stack-reads';

/**
 * One experiment's view of a running stack, locally or on AWS: the runner and the verdict
 * only ever talk to this, so both targets are judged by the same code.
 */
export interface StackProbe {
  /** `POST {ApiEndpoint}enqueue` with a JSON body. */
  enqueue(body: object): Promise<EnqueueResponse>;
  /** The worker's JSON log lines seen so far (since the probe opened). */
  workerLines(): Promise<WorkerLine[]>;
  /** Lines to show the reader: the producer's and the worker's, as text. */
  displayLines(): string[];
  /** The effect counter of a Step 7 job id (0 when there is no record). */
  effects(id: string): Promise<number>;
  /** The main queue's counts: visible, in flight and delayed. */
  queueCounts(): Promise<QueueCounts>;
  /** Worker invocations running now, where the target can tell (0 where it cannot). */
  pendingInvocations(): Promise<number>;
  /** Body ids of the messages in the DLQ (read without removing them). */
  dlqIds(): Promise<string[]>;
  /** Sends bodies straight to the main queue (not through the producer); returns their message ids. */
  sendRaw(bodies: readonly string[]): Promise<string[]>;
  /** Moves every DLQ message back to the main queue. */
  redriveDlq(): Promise<RedriveReport>;
  /** Kills the worker's running invocation as a crash would; false when none was running (lab only). */
  crashWorker(): Promise<boolean>;
  /** The stack's DLQ alarm now (undefined when the stack has none). */
  dlqAlarm(): Promise<AlarmReading | undefined>;
  /** Subjects of what the DLQ alarm's topic was sent, where the target can tell (the lab); undefined on AWS. */
  alarmNotifications(): Promise<readonly string[] | undefined>;
  /** The worker's SQS calls so far (`ChangeMessageVisibilityBatch` → count) where the target counts them (the lab). */
  workerSqsCalls(): Promise<Readonly<Record<string, number>> | undefined>;
  /** Where the stack runs. */
  readonly target: 'local' | 'aws';
  /** How long the counts must stay still before the run counts as settled, in ms. */
  readonly quietMs: number;
  /** How often the runner polls, in ms. */
  readonly pollMs: number;
  close(): Promise<void>;
}

/**
 * What an experiment without a stack talks to: an SQS client and the queue it may use. On the
 * lab each run gets a fresh queue; on AWS it is a deployed queue (a DLQ, which no worker reads).
 */
export interface QueueProbe {
  readonly kind: 'queue';
  readonly target: 'local' | 'aws';
  readonly sqs: SQSClient;
  /**
   * The run's queue: on the lab, a new queue called `name` (`.fifo` added for a FIFO queue) with
   * `attributes`; on AWS, the deployed queue (it refuses attributes it does not have).
   */
  queue(name: string, attributes: Readonly<Record<string, string>>): Promise<string>;
  /** Moves SQS's clock forward (the lab's fidelity clock), resolving once the emulator sees it; absent where time cannot be moved (AWS). */
  readonly advanceClock?: (ms: number) => Promise<void>;
  close(): Promise<void>;
}

/** What `openLocalProbe` and `openAwsProbe` return: a stack's probe, or a queue's for an experiment without a stack. */
export type ExperimentProbe = StackProbe | QueueProbe;

/** True for a queue probe. */
export function isQueueProbe(probe: ExperimentProbe): probe is QueueProbe {
  return 'kind' in probe && probe.kind === 'queue';
}
