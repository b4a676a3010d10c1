/**
 * `npm run lab` (experiments/cli/lab.ts) to readiness and back: it deploys the stacks, writes its
 * outputs where `--outputs` says, serves the console with the tutorial's experiments registered,
 * and stops cleanly on SIGTERM.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServingCommand, startServing, stopServing } from '#lab/test/helpers/serving-command';

const dir = mkdtempSync(join(tmpdir(), 'sqs-lab-cli-'));
const outputsFile = join(dir, 'outputs.json');

describe('npm run lab -- --outputs FILE', () => {
  let lab: ServingCommand;

  beforeAll(async () => {
    lab = await startServing('experiments/cli/lab.ts', ['--quiet', '--outputs', outputsFile]);
  }, 130_000);

  afterAll(() => {
    if (lab?.child.exitCode === null) lab.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes its outputs to that file and says so', () => {
    expect(lab.stdout()).toContain(`Outputs: ${outputsFile}`);
    const outputs = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>;
    expect(outputs.LocalLab?.ConsoleUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(outputs.VisibilityDupStack?.ApiEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/prod\/$/);
  });

  it("serves the console with the tutorial's experiments registered", async () => {
    const outputs = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>;
    const answer = await fetch(new URL('api/experiments', outputs.LocalLab?.ConsoleUrl));
    const listed = (await answer.json()) as { name: string }[];
    expect(listed.map((entry) => entry.name)).toEqual(expect.arrayContaining(['heartbeat', 'partial-batch']));
  });

  it('stops cleanly on SIGTERM', async () => {
    expect(await stopServing(lab.child)).toBe(0);
    expect(lab.stdout()).toContain('Lab stopped.');
  }, 60_000);
});
