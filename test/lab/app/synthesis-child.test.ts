/**
 * The synthesis child: one process serves the lab's syntheses in turn while the modules it
 * imported are unchanged, survives an app's error, and is replaced when bin/ or lib/ change.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SynthesisChild } from '#lab/app/synthesis-child';
import { LAB_WORK_DIR } from '#lab/common/lab-work-dir';
import { PROJECT_ROOT } from '#lib/project-root';
import type { StackTopology } from '#lib/topology';
import type { TutorialSynthesisRequest } from '#bin/lab-synthesis';
import { fixtureTopology } from '#test/helpers/fixture-topology';

const work = mkdtempSync(join(tmpdir(), 'sqs-lab-synthesis-child-'));
const child = new SynthesisChild();
const noStacks = { kind: 'topologies', topologies: [] } as const;

/** The tutorial's module for the lab (bin/lab-synthesis.ts), as experiments/tutorial-app.ts names it. */
const MODULE = join(PROJECT_ROOT, 'bin', 'lab-synthesis.ts');

/** Asks the child to synthesize the tutorial's `request` with `context` into `outdir`. */
function ask(
  request: TutorialSynthesisRequest,
  outdir: string,
  moduleKey: string,
  inputsKey: string,
  context: Record<string, string> = {},
): Promise<void> {
  return child.synthesize({ module: MODULE, call: { context, request }, outdir, inputsKey }, PROJECT_ROOT, moduleKey);
}

/** A handler under the project (esbuild bundles what the topology names, relative to the root). */
const entries = mkdtempSync(join(LAB_WORK_DIR, 'synthesis-child-entries-'));
const entry = join(entries, 'handler.ts');

/** The fixture stack with its worker built from `entry`. */
function topologyWithEntry(stackName: StackTopology['stackName']): StackTopology {
  const topology = fixtureTopology();
  return {
    ...topology,
    stackName,
    functions: topology.functions.map((spec) =>
      spec.id === 'Worker' ? { ...spec, entry: relative(PROJECT_ROOT, entry) } : spec,
    ),
  };
}

/** The edition the worker's bundle in an assembly says (the one asset with an edition in it). */
function workerEdition(outdir: string): string[] {
  return readdirSync(outdir)
    .filter((name) => name.startsWith('asset.'))
    .map((name) => /["'`](\w+) edition["'`]/.exec(readFileSync(join(outdir, name, 'index.js'), 'utf8'))?.[1])
    .filter((edition): edition is string => edition !== undefined);
}

/** True while a process with this id runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(() => {
  child.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(entries, { recursive: true, force: true });
});

describe('SynthesisChild', () => {
  it('synthesizes twice in the same process, and survives an app error', async () => {
    await ask(noStacks, join(work, 'a'), 'modules-1', 'inputs-1');
    const first = child.pid;
    expect(first).toBeTypeOf('number');
    expect(JSON.parse(readFileSync(join(work, 'a', 'manifest.json'), 'utf8'))).toHaveProperty('version');

    await ask(noStacks, join(work, 'b'), 'modules-1', 'inputs-1');
    expect(child.pid).toBe(first);

    // The project's app refuses an unknown batch size (lib/settings.ts): the child answers the
    // error and stays for the next request.
    await expect(ask({ kind: 'app' }, join(work, 'c'), 'modules-1', 'inputs-1', { batchSize: 'lots' })).rejects.toThrow(
      /batchSize/,
    );
    expect(child.pid).toBe(first);
  }, 60_000);

  it('bundles a function once while the inputs are the same, and again when they change', async () => {
    mkdirSync(entries, { recursive: true });
    writeFileSync(entry, "export const handler = async () => 'first edition';\n");
    await ask(
      { kind: 'topologies', topologies: [topologyWithEntry('BatchPartialStack')] },
      join(work, 'f'),
      'modules-1',
      'inputs-A',
    );
    expect(workerEdition(join(work, 'f'))).toEqual(['first']);

    // The handler changes, but the caller says the inputs are the same: the bundle CDK made in
    // this work directory is reused, for another stack too (this is what saves the time).
    writeFileSync(entry, "export const handler = async () => 'second edition';\n");
    await ask(
      { kind: 'topologies', topologies: [topologyWithEntry('VisibilityDupStack')] },
      join(work, 'g'),
      'modules-1',
      'inputs-A',
    );
    expect(workerEdition(join(work, 'g'))).toEqual(['first']);

    // New inputs (the lab's key covers the handler's content): bundled afresh.
    await ask(
      { kind: 'topologies', topologies: [topologyWithEntry('VisibilityDupStack')] },
      join(work, 'h'),
      'modules-1',
      'inputs-B',
    );
    expect(workerEdition(join(work, 'h'))).toEqual(['second']);
  }, 60_000);

  it('starts a new process when the modules it imported changed, and ends the old one', async () => {
    const before = child.pid;
    await ask(noStacks, join(work, 'd'), 'modules-2', 'inputs-1');
    expect(child.pid).toBeTypeOf('number');
    expect(child.pid).not.toBe(before);
    await expect.poll(() => alive(before ?? -1), { timeout: 5_000 }).toBe(false);
  }, 60_000);

  it('starts a new process after its child died between requests', async () => {
    const dead = child.pid;
    process.kill(dead ?? -1, 'SIGKILL');
    await expect.poll(() => child.pid, { timeout: 5_000 }).toBeUndefined();

    await ask(noStacks, join(work, 'e'), 'modules-2', 'inputs-1');
    expect(child.pid).toBeTypeOf('number');
    expect(child.pid).not.toBe(dead);
  }, 60_000);
});
