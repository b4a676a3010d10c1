import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext, sqsEvent, sqsRecord } from '#lab/test/helpers/factories';
import { captureStdout } from '#test/helpers/log-capture';

type Handler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

async function loadWorker(reportBatchItemFailures: string): Promise<Handler> {
  vi.resetModules();
  process.env.REPORT_BATCH_ITEM_FAILURES = reportBatchItemFailures;
  return (await import('#lambda/batch-partial/worker')).handler;
}

function run(count: number, failEvery: number): SQSEvent {
  return sqsEvent(
    ...Array.from({ length: count }, (_, offset) => {
      const index = offset + 1;
      return sqsRecord({
        id: `1700000000000-${index}`,
        runId: '1700000000000',
        index,
        shouldFail: index % failEvery === 0,
      });
    }),
  );
}

afterEach(() => {
  delete process.env.REPORT_BATCH_ITEM_FAILURES;
});

describe('BatchPartialStack worker', () => {
  it('returns batchItemFailures with exactly the failed records, and logs OK / FAIL', async () => {
    const handler = await loadWorker('true');
    const event = run(10, 3);

    const { result, lines } = await captureStdout(() => handler(event, lambdaContext()));

    const failedIds = [2, 5, 8].map((i) => event.Records[i]?.messageId);
    expect(result).toEqual({ batchItemFailures: failedIds.map((itemIdentifier) => ({ itemIdentifier })) });
    const messages = lines.map((line) => line.message);
    expect(messages.filter((m) => m.startsWith('OK: '))).toEqual(
      [1, 2, 4, 5, 7, 8, 10].map((i) => `OK: 1700000000000-${i}`),
    );
    expect(messages).toContain(`FAIL: ${event.Records[2]?.messageId} Intentional failure 1700000000000-3`);
  });

  it('returns an empty list when every record succeeds', async () => {
    const handler = await loadWorker('true');

    const { result } = await captureStdout(() => handler(run(4, 100), lambdaContext()));

    expect(result).toEqual({ batchItemFailures: [] });
  });

  it('with reportBatchItemFailures off, any failure fails the whole batch', async () => {
    const handler = await loadWorker('false');

    const { result, lines } = await captureStdout(() =>
      handler(run(10, 3), lambdaContext()).catch((error: unknown) => error),
    );

    expect(result).toMatchObject({ name: 'BatchFailedError', message: '3 of 10 records failed' });
    expect(lines.at(-1)).toMatchObject({ event: 'batch-failed', failed: 3, records: 10 });
  });

  it('a body that is not a Step 8 message is failed, so it ends in the DLQ instead of vanishing', async () => {
    const handler = await loadWorker('true');
    const poison = sqsRecord('{"hello":');

    const { result } = await captureStdout(() => handler(sqsEvent(poison), lambdaContext()));

    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: poison.messageId }] });
  });

  it('refuses to load without REPORT_BATCH_ITEM_FAILURES', async () => {
    vi.resetModules();
    delete process.env.REPORT_BATCH_ITEM_FAILURES;

    await expect(import('#lambda/batch-partial/worker')).rejects.toThrow(/REPORT_BATCH_ITEM_FAILURES is required/);
  });
});
