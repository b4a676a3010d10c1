import { mockClient } from 'aws-sdk-client-mock';
import { afterAll } from 'vitest';

/**
 * `mockClient` from aws-sdk-client-mock, restored when the test file ends. The stub replaces
 * the client class's `send` in the whole worker, and test files share their worker
 * (vitest.config.ts: isolate false): a stub left behind would answer the next file's lab calls.
 * The lint (oxlint.config.ts) lets test files mock AWS clients through this function only.
 */
export const mockAwsClient = ((client: Parameters<typeof mockClient>[0]) => {
  const mock = mockClient(client);
  afterAll(() => {
    mock.restore();
  });
  return mock;
}) as typeof mockClient;
