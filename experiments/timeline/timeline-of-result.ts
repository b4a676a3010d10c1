/**
 * The timeline input of a finished run: which messages get a lane, what they are called and
 * the queue's visibility timeout, from the run's own result (on either target).
 */
import { BATCH_PARTIAL, VISIBILITY_DUP } from '../../lib/settings';
import type { Language } from '@sqs-lab/lab';
import { batchIndexOf } from '../observation';
import type { ExperimentResult } from '../experiment-result';
import { buildTimeline, type Timeline, type TimelineInput } from './timeline';
import { MESSAGES } from '../locales/messages';

/** What `buildTimeline` needs for `result`, titled in `language`; plain data, so it can be saved and drawn again. */
export function timelineInputOf(result: ExperimentResult, language: Language = 'en'): TimelineInput {
  const { experiment, observation } = result;
  const say = MESSAGES[language].timeline;
  const base = {
    title: `${experiment.name}: ${experiment.title[language]}`,
    startedAtMs: result.startedAtMs,
    endedAtMs: result.endedAtMs,
    lines: result.workerLines,
    dlqMoves: result.dlqMoves,
    ...(result.crashedAtMs === undefined ? {} : { crashedAtMs: result.crashedAtMs }),
    ...(observation.kind === 'batch' && observation.alarm !== undefined
      ? {
          alarmStates: observation.alarm.readings.map(({ atMs, state, alarmName }) => ({ atMs, state, alarmName })),
        }
      : {}),
  };
  if (observation.kind === 'visibility') {
    const lanes =
      observation.jobs !== undefined
        ? observation.jobs.map((job) => ({
            id: job.id,
            label: job.label === undefined ? say.laneJob(job.sleep) : say.laneNamedJob(job.label, job.sleep),
          }))
        : [
            {
              id: observation.id,
              label: say.laneJob(experiment.stack === 'VisibilityDupStack' ? experiment.body.sleep : 0),
            },
          ];
    const topology = experiment.variant?.topology();
    const mainQueue = topology?.queues.find((queue) => queue.id === topology.mainQueueId);
    const queueDelaySeconds = mainQueue?.delaySeconds;
    return {
      ...base,
      visibilityTimeoutSeconds: mainQueue?.visibilityTimeoutSeconds ?? VISIBILITY_DUP.queueVisibilityTimeoutSeconds,
      lanes,
      ...(queueDelaySeconds === undefined ? {} : { queueDelaySeconds }),
    };
  }
  // An experiment without a stack has no worker lines to draw.
  if (observation.kind === 'fifo-dedup' || observation.kind === 'polling') {
    return { ...base, visibilityTimeoutSeconds: 0, lanes: [] };
  }
  const indexes = new Set<number>();
  for (let i = 1; i <= observation.count; i += 1) indexes.add(i);
  for (const index of observation.dlqIndexes) indexes.add(index);
  for (const move of result.dlqMoves) {
    const index = batchIndexOf(move.id, observation.runId);
    if (index !== undefined) indexes.add(index);
  }
  const lanes = [...indexes]
    .sort((a, b) => a - b)
    .map((index) => ({ id: `${observation.runId}-${index}`, label: say.laneMessage(index) }));
  return { ...base, visibilityTimeoutSeconds: BATCH_PARTIAL.queueVisibilityTimeoutSeconds, lanes };
}

/** The run's timeline, in `language`. */
export function timelineOf(result: ExperimentResult, language: Language = 'en'): Timeline {
  return buildTimeline(timelineInputOf(result, language), language);
}
