import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { previousPorts } from '#lab/cli/previous-ports';
import { serveOnLoopback } from '#lab/common/serve-on-loopback';
import { startTutorialLab } from '#experiments/tutorial-app';
import { writeLabOutputs } from '#lab/outputs';

const directory = mkdtempSync(join(tmpdir(), 'sqs-lab-ports-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('a restarted lab keeps its ports when they are free', () => {
  it('listens on the port the previous run wrote to its outputs file', async () => {
    const first = await startTutorialLab({ stacks: ['BatchPartialStack'] });
    const file = join(directory, 'cdk-outputs.local.json');
    await writeLabOutputs(file, first.outputs());
    const before = first.outputs();
    await first.stop();

    const second = await startTutorialLab({
      stacks: ['BatchPartialStack'],
      preferredPorts: previousPorts(file).lab,
    });
    try {
      const after = second.outputs();
      expect(after.BatchPartialStack?.ApiEndpoint).toBe(before.BatchPartialStack?.ApiEndpoint);
      expect(after.LocalLab?.SqsEndpointUrl).toBe(before.LocalLab?.SqsEndpointUrl);
      expect(after.LocalLab?.DynamoDbEndpointUrl).toBe(before.LocalLab?.DynamoDbEndpointUrl);
      expect(after.LocalLab?.LogsEndpointUrl).toBe(before.LocalLab?.LogsEndpointUrl);
    } finally {
      await second.stop();
    }
  });

  it('falls back to a free port when the preferred one is taken', async () => {
    const options = { name: 'test server', maxBodyBytes: 1024 };
    const answer = (_request: unknown, response: { end(): void }) => response.end();
    const taken = await serveOnLoopback(answer, options);
    const other = await serveOnLoopback(answer, { ...options, preferredPort: taken.port });
    try {
      expect(other.port).not.toBe(taken.port);
    } finally {
      await other.stop();
      await taken.stop();
    }
  });

  it('finds no ports when there is no previous outputs file', () => {
    expect(previousPorts(join(directory, 'none.json'))).toEqual({ lab: {} });
  });
});
