import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAwsProbe } from '#experiments/aws-probe';
import { findExperiment } from '#experiments/catalog';
import type { ExperimentResult } from '#experiments/experiment-result';
import type { VisibilityObservation } from '#experiments/observation';
import { runExperiment } from '#experiments/runner';
import { buildTimeline } from '#experiments/timeline/timeline';
import { timelineInputOf } from '#experiments/timeline/timeline-of-result';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { pointAwsPathAtLab, withLabWaits } from '#test/helpers/aws-path-on-lab';

/**
 * message-timer and producer-retry-duplicate are only body fields of the deployed Step 7 API, so
 * they run with `--target aws`. Here their AWS path (API over HTTP, the worker's lines through
 * FilterLogEvents, the table and the queue through the SDK) runs against one lab, side by side,
 * as test/lab/experiments/aws-probe.on-lab.test.ts runs heartbeat.
 */
const NAMES = ['message-timer', 'producer-retry-duplicate'] as const;

describe('the producer experiments through the AWS path, pointed at the lab', () => {
  let lab: Lab;
  let directory: string;
  const results = new Map<string, ExperimentResult>();

  beforeAll(async () => {
    lab = await startTutorialLab({ stacks: ['VisibilityDupStack'] });
    directory = mkdtempSync(join(tmpdir(), 'sqs-lab-producer-'));
    const outputsFile = await pointAwsPathAtLab(lab, directory);
    await Promise.all(
      NAMES.map(async (name) => {
        const experiment = findExperiment(name);
        const probe = await openAwsProbe(experiment, outputsFile);
        const prompt = withLabWaits(probe);
        try {
          results.set(name, await runExperiment(experiment, prompt));
        } finally {
          await probe.close();
        }
      }),
    );
  }, 60_000);

  afterAll(async () => {
    vi.unstubAllEnvs();
    await lab?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  function run(name: (typeof NAMES)[number]): { result: ExperimentResult; o: VisibilityObservation } {
    const result = results.get(name);
    if (result?.observation.kind !== 'visibility') throw new Error(`${name} did not run`);
    return { result, o: result.observation };
  }

  it('message-timer: counted as delayed, first received no earlier than 3 s after the send, once', () => {
    const { result, o } = run('message-timer');

    expect(result.matched).toBe(true);
    expect(o.delayedSeen).toBe(1);
    expect(o.firstReceiveWaits?.[0]).toBeGreaterThanOrEqual(3);
    expect([o.deliveries, o.effects]).toEqual([1, 1]);
    const lane = buildTimeline(timelineInputOf(result)).lanes[0];
    const delayed = lane?.spans.find((span) => span.kind === 'delayed');
    const receive = lane?.marks.find((mark) => mark.kind === 'receive');
    expect(delayed?.end).toBeCloseTo((delayed?.start ?? 0) + 3, 1);
    expect(receive?.at).toBeGreaterThanOrEqual(delayed?.end ?? Infinity);
  });

  it('producer-retry-duplicate: two SQS message ids for one id, both delivered, one effect', () => {
    const { result, o } = run('producer-retry-duplicate');

    expect(result.matched).toBe(true);
    const ids = result.enqueue?.body.messageIds as string[];
    expect(new Set(ids).size).toBe(2);
    expect(o.messages).toBe(2);
    const starts = result.workerLines.filter((line) => line.event === 'start' && line.id === o.id);
    expect(new Set(starts.map((line) => line.messageId))).toEqual(new Set(ids));
    expect(o.skipped + o.inProgress).toBeGreaterThanOrEqual(1);
    expect(o.effects).toBe(1);
  });
});
