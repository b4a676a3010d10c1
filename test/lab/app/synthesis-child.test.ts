/**
 * The synthesis child: one process serves the lab's syntheses in turn while the modules it
 * imported are unchanged, survives an app's error, and is replaced when bin/ or lib/ change.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SynthesisChild } from '../../../lab/app/synthesis-child';

const work = mkdtempSync(join(tmpdir(), 'sqs-lab-synthesis-child-'));
const child = new SynthesisChild();
const noStacks = { kind: 'topologies', topologies: [] } as const;

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
});

describe('SynthesisChild', () => {
  it('synthesizes twice in the same process, and survives an app error', async () => {
    await child.synthesize(noStacks, join(work, 'a'), 'modules-1');
    const first = child.pid;
    expect(first).toBeTypeOf('number');
    expect(JSON.parse(readFileSync(join(work, 'a', 'manifest.json'), 'utf8'))).toHaveProperty('version');

    await child.synthesize(noStacks, join(work, 'b'), 'modules-1');
    expect(child.pid).toBe(first);

    // The project's app refuses an unknown batch size (lib/settings.ts): the child answers the
    // error and stays for the next request.
    await expect(
      child.synthesize({ kind: 'app', context: { batchSize: 'lots' } }, join(work, 'c'), 'modules-1'),
    ).rejects.toThrow(/batchSize/);
    expect(child.pid).toBe(first);
  }, 60_000);

  it('starts a new process when the modules it imported changed, and ends the old one', async () => {
    const before = child.pid;
    await child.synthesize(noStacks, join(work, 'd'), 'modules-2');
    expect(child.pid).toBeTypeOf('number');
    expect(child.pid).not.toBe(before);
    await expect.poll(() => alive(before ?? -1), { timeout: 5_000 }).toBe(false);
  }, 60_000);

  it('starts a new process after its child died between requests', async () => {
    const dead = child.pid;
    process.kill(dead ?? -1, 'SIGKILL');
    await expect.poll(() => child.pid, { timeout: 5_000 }).toBeUndefined();

    await child.synthesize(noStacks, join(work, 'e'), 'modules-2');
    expect(child.pid).toBeTypeOf('number');
    expect(child.pid).not.toBe(dead);
  }, 60_000);
});
