import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, startEmulators } from '../../lab';
import { EXPERIMENTS, findExperiment, labOnlyReason } from '../../lab';
import { openLocalProbe } from '../../lab';
import { toRow } from '../../lab';
import { type ExperimentResult, runExperiment } from '../../lab';
import { APP_HAS_DEPLOY_FIXES } from '../lab/helpers';
import { experimentCommands, missingFrom, shellCommands } from './fenced-commands';

// The guides cannot rot: the English and Japanese versions show the same commands, every
// `npm run experiment` line names a real experiment, and every local one is run here, on the
// lab, on one pair of emulators as `npm start` runs them, and must match its prediction.
// (`--target aws` lines are checked for their name only: tests never reach AWS.)
//
// At most LANES run at once, the longest first (by the duration the guide itself recorded):
// most of a run is waiting for visibility timeouts, but starting a lab is CPU work, and on a
// 2-core machine sixteen cold starts at once pushed producers past their 10 s timeout.
const LANES = 6;

const PAIRS = [
  ['README.md', 'README.ja.md'],
  ['docs/experiments.md', 'docs/experiments.ja.md'],
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

describe('every local experiment the docs show, run on the lab', () => {
  let emulators: Emulators | undefined;
  const results = new Map<string, ExperimentResult>();
  const errors = new Map<string, unknown>();

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

  it.each(LOCAL_NAMES)('%s matches its prediction', (name) => {
    const result = results.get(name);
    expect(errors.get(name), `${name} could not run`).toBeUndefined();
    expect(result, `${name} did not run`).toBeDefined();
    const row = result === undefined ? undefined : toRow(result);
    if (name === 'dlq-alarm' && !APP_HAS_DEPLOY_FIXES) {
      // Today's topic policy (only the enforceSSL deny) lets CloudWatch publish nothing, on the
      // lab as on AWS (test/conformance/deploy/service-principal-policy.test.ts): the alarm fires,
      // and the notification dlq-alarm predicts is never sent.
      expect(row?.outcome).toBe('NOT matched');
      expect(result?.observation).toMatchObject({ alarm: { notifications: [] } });
      return;
    }
    expect(row?.outcome, `${name}: ${JSON.stringify(row)}\n${result?.lines.join('\n')}`).toBe('matched');
  });
});
