/**
 * What one run of an experiment produced, whether it ran a stack (runner.ts) or a queue of its
 * own (queue-runner.ts): the report, the timeline, the console and the CLI read this shape.
 */
import type { Experiment } from './experiment';
import type { Observation, WorkerLine } from './observation';
import type { EnqueueResponse } from './stack-reads';
import type { DlqMove } from './timeline/timeline';

/** What one run produced. */
export interface ExperimentResult {
  readonly experiment: Experiment;
  readonly observation: Observation;
  readonly matched: boolean;
  readonly timedOut: boolean;
  readonly seconds: number;
  /** The producer's answer to the run's first request; absent for an experiment without a stack. */
  readonly enqueue?: EnqueueResponse;
  /** Display text of the run's log lines. */
  readonly lines: readonly string[];
  /** What the lab itself did during the run (raw sends, a redrive), with the time it happened. */
  readonly notes: readonly string[];
  /** The worker's parsed log lines. */
  readonly workerLines: readonly WorkerLine[];
  /** Epoch ms just before the first send, and when the run was judged: the timeline's ends. */
  readonly startedAtMs: number;
  readonly endedAtMs: number;
  /** Messages entering and leaving the DLQ, as the runner's polls saw them. */
  readonly dlqMoves: readonly DlqMove[];
  /** The run was judged before it settled, because its verdict could no longer change. */
  readonly decidedEarly: boolean;
  /** When the lab crashed the workers, if the experiment made it do so. */
  readonly crashedAtMs?: number;
}
