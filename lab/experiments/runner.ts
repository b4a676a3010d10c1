import type { Experiment } from './catalog';
import { type Observation, observeBatch, observeVisibility, type WorkerLine } from './observation';
import type { EnqueueResponse, StackProbe } from './probe';

/** What one run produced. */
export interface ExperimentResult {
  readonly experiment: Experiment;
  readonly observation: Observation;
  readonly matched: boolean;
  readonly timedOut: boolean;
  readonly seconds: number;
  readonly enqueue: EnqueueResponse;
  /** Display text of the run's log lines. */
  readonly lines: readonly string[];
  /** The worker's parsed log lines. */
  readonly workerLines: readonly WorkerLine[];
}

/** Progress while a run waits: the observation so far. */
export type ProgressListener = (update: { readonly experiment: Experiment; readonly elapsedSeconds: number; readonly observation: Observation; readonly queueDepth: number }) => void;

/** The producer refused the experiment's request. */
export class EnqueueRejectedError extends Error {
  override readonly name = 'EnqueueRejectedError';
}

/**
 * Runs one experiment against a probe: enqueue, wait until the main queue is empty and the
 * logs have been still for `probe.quietMs`, then observe and judge. A run that does not settle
 * within the experiment's timeout is judged as it stands and marked timed out (not matched).
 */
export async function runExperiment(
  experiment: Experiment,
  probe: StackProbe,
  onProgress: ProgressListener = () => undefined,
): Promise<ExperimentResult> {
  const started = Date.now();
  const jobId = `${experiment.name}-${started.toString(36)}`;
  const body = experiment.stack === 'VisibilityDupStack' ? { id: jobId, ...experiment.body } : experiment.body;
  const enqueue = await probe.enqueue(body);
  if (enqueue.statusCode !== 202) {
    throw new EnqueueRejectedError(`POST /enqueue answered ${enqueue.statusCode}: ${JSON.stringify(enqueue.body)}`);
  }
  const runId = String(enqueue.body.runId ?? '');

  const observe = async (): Promise<Observation> => {
    const lines = await probe.workerLines();
    if (experiment.stack === 'VisibilityDupStack') {
      const dlq = (await probe.dlqIds()).filter((id) => id === jobId).length;
      return observeVisibility(lines, jobId, await probe.effects(jobId), dlq);
    }
    return observeBatch(lines, runId, experiment.body.count, await probe.dlqIds());
  };

  const deadline = started + experiment.timeoutSeconds * 1000;
  let lastSignature = '';
  let stillSince = Date.now();
  let observation = await observe();
  let timedOut = true;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, probe.pollMs));
    const [depth, lines, pending] = await Promise.all([
      probe.queueDepth(),
      probe.workerLines(),
      probe.pendingInvocations(),
    ]);
    observation = await observe();
    onProgress({ experiment, elapsedSeconds: (Date.now() - started) / 1000, observation, queueDepth: depth });
    const busy = pending + unfinishedDeliveries(lines, jobId);
    const signature = `${depth}/${busy}/${lines.length}`;
    if (signature !== lastSignature) {
      lastSignature = signature;
      stillSince = Date.now();
      continue;
    }
    if (depth === 0 && busy === 0 && lines.length > 0 && Date.now() - stillSince >= probe.quietMs) {
      timedOut = false;
      break;
    }
  }
  observation = await observe();
  return {
    experiment,
    observation,
    matched: !timedOut && judge(experiment, observation),
    timedOut,
    seconds: (Date.now() - started) / 1000,
    enqueue,
    lines: probe.displayLines(),
    workerLines: await probe.workerLines(),
  };
}

/** Terminal events of a Step 7 delivery: every `start` ends with exactly one of these. */
const DELIVERY_ENDS = new Set(['completed', 'duplicate-skipped', 'duplicate-in-progress', 'claim-lost', 'work-failed']);

/** Step 7 deliveries of `id` that started and have not logged their end yet. */
function unfinishedDeliveries(lines: readonly WorkerLine[], id: string): number {
  const mine = lines.filter((line) => line.id === id);
  return mine.filter((l) => l.event === 'start').length - mine.filter((l) => DELIVERY_ENDS.has(l.event)).length;
}

function judge(experiment: Experiment, observation: Observation): boolean {
  if (experiment.stack === 'VisibilityDupStack' && observation.kind === 'visibility') return experiment.judge(observation);
  if (experiment.stack === 'BatchPartialStack' && observation.kind === 'batch') return experiment.judge(observation);
  return false;
}
