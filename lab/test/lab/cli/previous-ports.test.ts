import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { previousPorts } from '#lab/cli/previous-ports';
import { serveOnLoopback } from '#lab/common/serve-on-loopback';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { startLab } from '#lab/lab';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';
import { writeLabOutputs } from '#lab/outputs';

const directory = mkdtempSync(join(tmpdir(), 'sqs-lab-ports-'));
/** A learner's REST API in front of a queue: its URL names the port the lab serves it on. */
const APP = cdkAppDirectory(fixtureApp('api-queue-app'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('a restarted lab keeps its ports when they are free', () => {
  it('listens on the port the previous run wrote to its outputs file', async () => {
    const first = await startLab({ app: APP });
    const file = join(directory, 'cdk-outputs.local.json');
    await writeLabOutputs(file, first.outputs());
    const before = first.outputs();
    await first.stop();

    const second = await startLab({ app: APP, preferredPorts: previousPorts(file).lab });
    try {
      const after = second.outputs();
      expect(after.ApiQueueStack?.ApiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(after.ApiQueueStack?.ApiUrl).toBe(before.ApiQueueStack?.ApiUrl);
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

  it("reads a stack's API port from whichever output names it, past URLs on the lab's own ports", () => {
    const file = join(directory, 'learner-outputs.json');
    writeFileSync(
      file,
      JSON.stringify({
        OrdersStack: {
          OrdersQueueUrl: 'http://127.0.0.1:4566/000000000000/orders',
          OrdersApiEndpoint4F2A: 'http://127.0.0.1:4710/prod/',
          TableName: 'orders',
        },
        NoApiStack: { QueueUrl: 'http://127.0.0.1:4566/000000000000/other' },
        LocalLab: { EndpointUrl: 'http://127.0.0.1:4566', SqsEndpointUrl: 'http://127.0.0.1:4567' },
      }),
    );

    expect(previousPorts(file).lab).toEqual({ sqs: 4567, endpoint: 4566, apis: { OrdersStack: 4710 } });
  });

  it('finds no ports when there is no previous outputs file', () => {
    expect(previousPorts(join(directory, 'none.json'))).toEqual({ lab: {} });
  });
});
