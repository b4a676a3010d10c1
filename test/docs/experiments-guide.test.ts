import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERIMENTS, findExperiment, labOnlyReason } from '#experiments/catalog';
import type { ExperimentResult } from '#experiments/experiment-result';
import { openLocalProbe } from '#experiments/local-probe';
import type { BatchObservation, VisibilityObservation, WorkerLine } from '#experiments/observation';
import { toRow } from '#experiments/report';
import { runExperiment } from '#experiments/runner';
import { type Emulators, startEmulators } from '#lab/emulators/emulators';
import { experimentCommands, missingFrom, shellCommands } from './fenced-commands';

// The guides cannot rot: the English and Japanese versions show the same commands, every
// `npm run experiment` line names a real experiment, and every local one is run here, on the
// lab, on one pair of emulators as `npm start` runs them, and must match its prediction.
// (`--target aws` lines are checked for their name only: tests never reach AWS.) The same runs
// then answer the tutorials' predictions in detail (Step 7 and Step 8 below): one run of each
// experiment serves both, so the suite waits for each visibility timeout once.
//
// At most LANES run at once, the longest first (by the duration the guide itself recorded):
// most of a run is waiting for visibility timeouts, but starting a lab is CPU work, and on a
// 2-core machine sixteen cold starts at once pushed producers past their 10 s timeout.
const LANES = 6;

const PAIRS = [
  ['README.md', 'README.ja.md'],
  ['docs/experiments.md', 'docs/experiments.ja.md'],
  ['docs/lab.md', 'docs/lab.ja.md'],
  ['docs/aws.md', 'docs/aws.ja.md'],
  ['docs/project.md', 'docs/project.ja.md'],
] as const;

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const commandsOf = (path: string): string[] => shellCommands(read(path));
const DOCUMENTS = PAIRS.flat();
const EXPERIMENT_COMMANDS = DOCUMENTS.flatMap((path) =>
  experimentCommands(commandsOf(path)).map((command) => ({ ...command, path })),
);
const LOCAL_NAMES = [...new Set(EXPERIMENT_COMMANDS.filter((c) => c.target === 'local').map((c) => c.name))].filter(
  (name) => EXPERIMENTS.some((experiment) => experiment.name === name),
);
/** Seconds each run took when the guide's output was recorded (`── <name>: … (12.3 s) ──`). */
const RECORDED_SECONDS = new Map(
  [...read('docs/experiments.md').matchAll(/^── (\S+): .* \((\d+(?:\.\d+)?) s\) ──$/gm)].map((m) => [
    m[1] ?? '',
    Number(m[2]),
  ]),
);

describe.each(PAIRS)('%s and %s', (english, japanese) => {
  it('show the same shell commands (whitespace and comments aside)', () => {
    const en = commandsOf(english);
    const ja = commandsOf(japanese);

    expect(en.length, `${english} has no shell commands`).toBeGreaterThan(0);
    expect(missingFrom(en, ja), `commands of ${english} missing from ${japanese}`).toEqual([]);
    expect(missingFrom(ja, en), `commands of ${japanese} missing from ${english}`).toEqual([]);
  });
});

describe('npm run experiment lines in the docs', () => {
  it('exist, and every one names an experiment of the catalog', () => {
    expect(LOCAL_NAMES.length).toBeGreaterThan(0);
    const unknown = EXPERIMENT_COMMANDS.filter((c) => !EXPERIMENTS.some((experiment) => experiment.name === c.name));
    expect(unknown.map((c) => `${c.path}: ${c.command}`)).toEqual([]);
  });

  it('each come with the output a run printed (docs/experiments.md)', () => {
    const guide = experimentCommands(commandsOf('docs/experiments.md')).filter((c) => c.target === 'local');
    expect(guide.map((c) => c.name).filter((name) => !RECORDED_SECONDS.has(name))).toEqual([]);
  });

  it('never ask AWS for an experiment that runs on the lab only', () => {
    const labOnly = EXPERIMENT_COMMANDS.filter(
      (c) => c.target === 'aws' && labOnlyReason(findExperiment(c.name)) !== undefined,
    );
    expect(labOnly.map((c) => `${c.path}: ${c.command}`)).toEqual([]);
  });
});

/** The tutorials' experiments, each checked in detail below; the docs show every one of them. */
const TUTORIAL_NAMES = ['heartbeat', 'no-heartbeat', 'no-idempotency', 'partial-batch', 'no-partial-report'] as const;
type TutorialName = (typeof TUTORIAL_NAMES)[number];

const results = new Map<string, ExperimentResult>();
const errors = new Map<string, unknown>();

describe('every local experiment the docs show, run on the lab', () => {
  let emulators: Emulators | undefined;

  beforeAll(async () => {
    emulators = await startEmulators();
    const shared = emulators;
    const runOne = async (name: string): Promise<void> => {
      const experiment = findExperiment(name);
      try {
        const probe = await openLocalProbe(experiment, shared);
        try {
          results.set(name, await runExperiment(experiment, probe));
        } finally {
          await probe.close();
        }
      } catch (error) {
        // Reported by this experiment's own test, so the others still run and report.
        errors.set(name, error);
      }
    };
    const queue = [...LOCAL_NAMES].sort((a, b) => (RECORDED_SECONDS.get(b) ?? 60) - (RECORDED_SECONDS.get(a) ?? 60));
    const lane = async (): Promise<void> => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) await runOne(name);
    };
    await Promise.all(Array.from({ length: LANES }, lane));
  }, 180_000);

  afterAll(async () => {
    await emulators?.stop();
  });

  it('include every experiment of the tutorials', () => {
    expect(TUTORIAL_NAMES.filter((name) => !LOCAL_NAMES.includes(name))).toEqual([]);
  });

  it.each(LOCAL_NAMES)('%s matches its prediction', (name) => {
    const result = results.get(name);
    expect(errors.get(name), `${name} could not run`).toBeUndefined();
    expect(result, `${name} did not run`).toBeDefined();
    const row = result === undefined ? undefined : toRow(result);
    expect(row?.outcome, `${name}: ${JSON.stringify(row)}\n${result?.lines.join('\n')}`).toBe('matched');
  });
});

// The tutorial's predictions, checked as outcomes on the real handlers, emulators and the local
// event source mapping, from the runs above.
function visibility(name: TutorialName): VisibilityObservation {
  const observation = results.get(name)?.observation;
  if (observation?.kind !== 'visibility') throw new Error(`${name} has no Step 7 observation`);
  return observation;
}

function batch(name: TutorialName): { observation: BatchObservation; lines: readonly WorkerLine[] } {
  const result = results.get(name);
  if (result?.observation.kind !== 'batch') throw new Error(`${name} has no Step 8 observation`);
  return { observation: result.observation, lines: result.workerLines };
}

/** Receive counts seen in the worker's lines for index `i` of a run, with the event. */
function receivesOf(lines: readonly WorkerLine[], runId: string, index: number): string[] {
  return lines.filter((line) => line.id === `${runId}-${index}`).map((line) => `${line.event}@${line.receiveCount}`);
}

describe('Step 7 on the lab', () => {
  it('with the heartbeat: one delivery, no duplicate, one effect', () => {
    const o = visibility('heartbeat');
    expect([o.deliveries, o.skipped + o.inProgress, o.effects]).toEqual([1, 0, 1]);
    expect(o.heartbeats).toBeGreaterThanOrEqual(2);
  });

  it('without the heartbeat: the duplicate happens, the guard sees it, the effect still happens once', () => {
    const o = visibility('no-heartbeat');
    expect(o.deliveries).toBeGreaterThanOrEqual(2);
    expect(o.skipped + o.inProgress).toBe(o.deliveries - 1);
    expect(o.effects).toBe(1);
    expect(o.dlq).toBe(0);
  });

  it('without the guard: the effect count equals the deliveries', () => {
    const o = visibility('no-idempotency');
    expect(o.deliveries).toBeGreaterThanOrEqual(2);
    expect(o.effects).toBeGreaterThanOrEqual(2);
    // The run is judged as soon as two effects prove the point, so the last delivery may still
    // be running: every delivery but that one has applied the effect.
    expect(o.effects).toBeGreaterThanOrEqual(o.deliveries - 1);
    expect(o.effects).toBeLessThanOrEqual(o.deliveries);
  });

  it('every run ends with its message out of the queue and the verdict matched', () => {
    for (const name of ['heartbeat', 'no-heartbeat', 'no-idempotency'] as const) {
      expect(results.get(name)?.timedOut, name).toBe(false);
      expect(results.get(name)?.matched, name).toBe(true);
    }
  });
});

describe('Step 8 on the lab', () => {
  it('failEvery 3: exactly 3, 6 and 9 end in the DLQ, after exactly two receives each', () => {
    const { observation, lines } = batch('partial-batch');
    expect(observation.dlqIndexes).toEqual([3, 6, 9]);
    for (const index of [3, 6, 9]) {
      expect(receivesOf(lines, observation.runId, index)).toEqual(['fail@1', 'fail@2']);
    }
  });

  it('failEvery 3: every other message is processed once, on its first receive, and deleted', () => {
    const { observation, lines } = batch('partial-batch');
    for (const index of [1, 2, 4, 5, 7, 8, 10]) {
      expect(receivesOf(lines, observation.runId, index)).toEqual(['ok@1']);
    }
    expect(results.get('partial-batch')?.matched).toBe(true);
  });

  it('reportBatchItemFailures off: the successes are processed again', () => {
    const { observation } = batch('no-partial-report');
    expect(observation.reprocessed).toBeGreaterThanOrEqual(1);
    expect(observation.dlqIndexes).toEqual(expect.arrayContaining([3, 6, 9]));
    expect(results.get('no-partial-report')?.matched).toBe(true);
  });
});
