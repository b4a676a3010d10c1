import { describe, expect, it } from 'vitest';
import { findExperiment } from '#experiments/catalog';
import type { BatchObservation, ManagerObservation, VisibilityObservation } from '#experiments/observation';
import { longQueueTimeout, variantSummary, visibilityManagerWorker } from '#experiments/variants';

// The judges and variants of visibility-manager, visibility-too-long and dlq-alarm. (Their
// runs on the lab are test/docs/experiments-guide.test.ts's job: the guide shows all three.)

function visibilityExperiment(name: string) {
  const experiment = findExperiment(name);
  if (experiment.stack !== 'VisibilityDupStack') throw new Error(`${name} is not a Step 7 experiment`);
  return experiment;
}

const visibility = (fields: Partial<VisibilityObservation>): VisibilityObservation => ({
  kind: 'visibility',
  id: 'x',
  deliveries: 0,
  skipped: 0,
  inProgress: 0,
  effects: 0,
  heartbeats: 0,
  heartbeatFailures: 0,
  workFailures: 0,
  dlq: 0,
  ...fields,
});

const job = (label: string, deliveries: number, extra: object = {}) => ({
  id: `run-${label}`,
  label,
  sleep: label === 'hung' ? 12 : 6,
  deliveries,
  skipped: 0,
  inProgress: 0,
  effects: 1,
  heartbeats: 0,
  ...extra,
});

describe('visibility-manager', () => {
  const { judge } = visibilityExperiment('visibility-manager');
  const jobs = [...Array.from({ length: 9 }, (_, i) => job(`job-${i + 1}`, 1)), job('hung', 3)];
  const ids = jobs.map((j) => j.id);
  const request = (request: number, entries: number, released = 0) => ({
    invocation: 'r1',
    request,
    entries,
    extended: entries - released,
    released,
    atMs: request * 2000,
  });
  const manager: ManagerObservation = {
    requests: [request(1, 10), request(2, 10), request(3, 10, 1), { ...request(1, 1), invocation: 'r2' }],
    invocations: [
      { invocation: 'r1', ids },
      { invocation: 'r2', ids: ['run-hung'] },
    ],
    released: [{ id: 'run-hung', keptSeconds: 8, atMs: 8000, receivedAgainAtMs: 8300 }],
  };
  const calls = { ChangeMessageVisibilityBatch: 4 };

  it('matches one request per check for the whole batch, and the hung job let go and received again', () => {
    expect(judge(visibility({ jobs, manager, workerSqsCalls: calls }))).toBe(true);
  });

  it.each([
    ['a 6 s job delivered twice', { jobs: [job('job-1', 2), ...jobs.slice(1)] }],
    ['the hung job never let go', { manager: { ...manager, released: [] } }],
    [
      'a first request that carried only part of the batch',
      { manager: { ...manager, requests: [request(1, 4), ...manager.requests.slice(1)] } },
    ],
    ['a ChangeMessageVisibility per message', { workerSqsCalls: { ...calls, ChangeMessageVisibility: 10 } }],
    ['a request the logs do not show', { workerSqsCalls: { ChangeMessageVisibilityBatch: 5 } }],
    ['two effects for one job', { jobs: [job('job-1', 1, { effects: 2 }), ...jobs.slice(1)] }],
  ])('does not match with %s', (_case, change) => {
    expect(judge(visibility({ jobs, manager, workerSqsCalls: calls, ...change }))).toBe(false);
  });

  it('runs a worker with batch size 10 and the manager, the queue unchanged', () => {
    const topology = visibilityManagerWorker().topology();
    const worker = topology.functions.find((spec) => spec.id === 'Worker');

    expect(topology.mappings[0]?.batchSize).toBe(10);
    expect(worker?.environment).toMatchObject({
      HEARTBEAT_MODE: { value: 'batch-manager' },
      MANAGER_TIMER_INTERVAL_MS: { value: '1000' },
      MANAGER_MINIMAL_LIFE_MS: { value: '2000' },
      MANAGER_MAX_LIFE_SECONDS: { value: '8' },
    });
    expect(topology.queues.find((queue) => queue.id === 'ShortVTQueue')?.visibilityTimeoutSeconds).toBe(5);
  });
});

describe('visibility-too-long', () => {
  const experiment = visibilityExperiment('visibility-too-long');
  const s = (seconds: number): number => 1_700_000_000_000 + seconds * 1000;
  const crash = (shortRetry: number, longRetry: number) => ({
    atMs: s(3.4),
    jobs: [
      { id: 'run-long', label: 'long', receivedAtMs: s(0.6), deadlineAtMs: s(15.6), retriedAtMs: s(longRetry) },
      {
        id: 'run-short',
        label: 'short',
        receivedAtMs: s(0.5),
        deadlineAtMs: s(8.3),
        lastExtensionAtMs: s(3.3),
        retriedAtMs: s(shortRetry),
      },
    ],
  });
  const jobs = [job('long', 2), job('short', 2)];

  it('matches when the long job waited out its 15 s and the short one came back first', () => {
    expect(experiment.judge(visibility({ jobs, crash: crash(8.4, 15.3) }))).toBe(true);
  });

  it('does not match when the long job came back early, or after the short one', () => {
    expect(experiment.judge(visibility({ jobs, crash: crash(8.4, 9) }))).toBe(false);
    expect(experiment.judge(visibility({ jobs, crash: crash(16, 15.3) }))).toBe(false);
    expect(experiment.judge(visibility({ jobs }))).toBe(false);
  });

  it('crashes once the short job was extended twice and the long one has started', () => {
    expect(experiment.crashWhen?.(visibility({ jobs: [job('long', 1), job('short', 1, { heartbeats: 2 })] }))).toBe(
      true,
    );
    expect(experiment.crashWhen?.(visibility({ jobs: [job('long', 1), job('short', 1, { heartbeats: 1 })] }))).toBe(
      false,
    );
  });

  it('runs on a 15 s queue whose worker keeps a rolling 5 s deadline and times out after 7 s', () => {
    const variant = longQueueTimeout(15, 2.5, 7);
    const topology = variant.topology();

    expect(topology.queues.find((queue) => queue.id === 'ShortVTQueue')?.visibilityTimeoutSeconds).toBe(15);
    expect(topology.functions.find((spec) => spec.id === 'Worker')?.timeoutSeconds).toBe(7);
    expect(variantSummary(variant, 'en')).toMatch(/extends to 5 s every 1.5 s/);
    expect(variantSummary(variant, 'ja')).toMatch(/1.5 秒ごとに 5 秒へ延長/);
  });
});

describe('dlq-alarm', () => {
  const experiment = findExperiment('dlq-alarm');
  if (experiment.stack !== 'BatchPartialStack') throw new Error('wrong stack');
  const reading = (state: 'OK' | 'ALARM' | 'INSUFFICIENT_DATA') => ({ alarmName: 'a', state, reason: '', atMs: 0 });
  const batch = (alarm: BatchObservation['alarm'], dlqIndexes = [3, 6, 9]): BatchObservation => ({
    kind: 'batch',
    runId: 'r',
    count: 10,
    okByIndex: new Map(),
    failByIndex: new Map(),
    deliveries: 13,
    reprocessed: 0,
    dlqIndexes,
    batchSizes: [],
    messageIdsByIndex: new Map(),
    invalid: 0,
    processingSeconds: 10,
    alarm,
  });

  it('matches OK → ALARM with the notification (lab) or without one to read (AWS)', () => {
    const readings = [reading('OK'), reading('ALARM')];
    expect(experiment.judge(batch({ readings, notifications: ['OK: "a"', 'ALARM: "a" in US East'] }))).toBe(true);
    expect(experiment.judge(batch({ readings }))).toBe(true);
  });

  it('does not match an alarm already in ALARM, one that never fired, or a missing notification', () => {
    expect(experiment.judge(batch({ readings: [reading('ALARM')] }))).toBe(false);
    expect(experiment.judge(batch({ readings: [reading('OK')] }))).toBe(false);
    expect(experiment.judge(batch({ readings: [reading('OK'), reading('ALARM')], notifications: [] }))).toBe(false);
    expect(experiment.judge(batch({ readings: [reading('OK'), reading('ALARM')] }, [3]))).toBe(false);
  });

  it('waits for the alarm minutes on AWS and seconds on the lab', () => {
    expect(experiment.alarmWaitSeconds).toEqual({ local: 10, aws: 420 });
    expect(experiment.watchDlqAlarm).toBe(true);
  });
});
