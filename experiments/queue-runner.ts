/**
 * Runs an experiment without a stack: its own producer and consumer on a queue of the probe,
 * then judges what their SQS calls saw. The result has the shape of a stack run's (no worker
 * lines, no DLQ moves), so the report, the CLI and the tests treat both alike.
 */
import type { QueueExperiment } from './experiment';
import type { QueueObservation } from './observation';
import type { QueueProbe } from './probe';
import { runFifoDedup } from './queue-runs/fifo-dedup-run';
import { runPolling } from './queue-runs/polling-run';
import { runLog } from './queue-runs/run-log';
import type { ExperimentResult } from './experiment-result';

/** Runs `experiment` on `probe` and judges it. */
export async function runQueueExperiment(experiment: QueueExperiment, probe: QueueProbe): Promise<ExperimentResult> {
  const started = Date.now();
  const tag = `${experiment.name}-${started.toString(36)}`;
  const lines: string[] = [];
  const log = runLog(started, lines);
  const observation: QueueObservation =
    experiment.run === 'fifo-dedup'
      ? await runFifoDedup(probe, experiment.plan, tag, log)
      : await runPolling(probe, experiment.plan, tag, log);
  const endedAtMs = Date.now();
  const seconds = (endedAtMs - started) / 1000;
  const timedOut = seconds > experiment.timeoutSeconds;
  return {
    experiment,
    observation,
    matched: !timedOut && judgeQueueRun(experiment, observation),
    timedOut,
    seconds,
    lines,
    notes: [],
    workerLines: [],
    startedAtMs: started,
    endedAtMs,
    dlqMoves: [],
    decidedEarly: false,
  };
}

function judgeQueueRun(experiment: QueueExperiment, observation: QueueObservation): boolean {
  if (experiment.run === 'fifo-dedup' && observation.kind === 'fifo-dedup') return experiment.judge(observation);
  if (experiment.run === 'polling' && observation.kind === 'polling') return experiment.judge(observation);
  return false;
}
