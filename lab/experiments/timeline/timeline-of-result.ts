/**
 * The timeline input of a finished run: which messages get a lane, what they are called and
 * the queue's visibility timeout, from the run's own result (on either target).
 */
import { BATCH_PARTIAL, VISIBILITY_DUP } from '../../../lib/settings';
import { batchIndexOf } from '../observation';
import type { ExperimentResult } from '../runner';
import { buildTimeline, type Timeline, type TimelineInput } from './timeline';

/** What `buildTimeline` needs for `result`; plain data, so it can be saved and drawn again. */
export function timelineInputOf(result: ExperimentResult): TimelineInput {
  const { experiment, observation } = result;
  const base = {
    title: `${experiment.name}: ${experiment.title.en}`,
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
            label: job.label === undefined ? `job, sleep ${job.sleep} s` : `${job.label}, sleep ${job.sleep} s`,
          }))
        : [
            {
              id: observation.id,
              label: `job, sleep ${experiment.stack === 'VisibilityDupStack' ? experiment.body.sleep : 0} s`,
            },
          ];
    const visibilityTimeoutSeconds =
      experiment.variant?.queueVisibilityTimeoutSeconds ?? VISIBILITY_DUP.queueVisibilityTimeoutSeconds;
    return { ...base, visibilityTimeoutSeconds, lanes };
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
    .map((index) => ({ id: `${observation.runId}-${index}`, label: `message ${index}` }));
  return { ...base, visibilityTimeoutSeconds: BATCH_PARTIAL.queueVisibilityTimeoutSeconds, lanes };
}

/** The run's timeline. */
export function timelineOf(result: ExperimentResult): Timeline {
  return buildTimeline(timelineInputOf(result));
}
