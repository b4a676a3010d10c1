/**
 * The worst-case bill's CloudWatch Logs line (cost/log-volume.ts) counts what the stacks' real
 * handlers write for the body the bill assumes: one request per stack on the lab, full batches,
 * every line the functions and Lambda's platform write to the stacks' log groups, in the bytes
 * PutLogEvents counts (each event's message plus 26 bytes: CloudWatch Logs quotas, "PutLogEvents":
 * "the sum of all event messages in UTF-8, plus 26 bytes for each log event"). Step 8's failing
 * messages are received again after their visibility timeout, here 1 s instead of 10.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabLogRecord } from '#lab/bus/lab-log-record';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { LOG_BYTES_PER_REQUEST, logEventBytes } from '#cost/log-volume';
import { BATCH_PARTIAL } from '#lib/settings';
import { batchPartialTopology, type StackTopology, visibilityDupTopology } from '#lib/topology';
import { mappingRecords } from '#lab/test/helpers/bus-records';
import { waitFor } from '#lab/test/helpers/wait-for';

let lab: Lab;
let records: LabLogRecord[];

beforeAll(async () => {
  // Step 8's queue at 1 s (raised for its mapping, as Step 7's is): a failed message is received
  // again after a second instead of ten. What the handlers log does not depend on it.
  const batchPartial = batchPartialTopology();
  const quickRetries: StackTopology = {
    ...batchPartial,
    queues: batchPartial.queues.map((queue) =>
      queue.id === batchPartial.mainQueueId
        ? { ...queue, visibilityTimeoutSeconds: 1, createVisibilityTimeoutSeconds: BATCH_PARTIAL.workerTimeoutSeconds }
        : queue,
    ),
  };
  lab = await startTutorialLab({
    stacks: [visibilityDupTopology(), quickRetries],
    batchFormation: { mode: 'full' },
    pollers: 1,
  });
  records = lab.logs.collect().records;
}, 60_000);

afterAll(async () => {
  await lab?.stop();
});

/** Bytes of every CloudWatch line the stack's functions and their platform wrote so far. */
function stackLogBytes(stackName: string): number {
  let bytes = 0;
  for (const record of records)
    if (record.kind !== 'mapping' && record.stackName === stackName) bytes += logEventBytes(record.line);
  return bytes;
}

const post = (stackName: 'VisibilityDupStack' | 'BatchPartialStack', body: object) =>
  fetch(`${lab.stack(stackName).apiEndpoint}enqueue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Measured within 15 %: ids, timestamps and durations vary a little in length from run to run. */
const near = (measured: number, modelled: number) => Math.abs(measured - modelled) / modelled;

describe('CloudWatch Logs bytes per request, as the bill counts them', () => {
  it('Step 7: one job sent twice, no sleep', async () => {
    const before = stackLogBytes('VisibilityDupStack');
    expect((await post('VisibilityDupStack', { id: 'logs-1', sleep: 0, sendTwice: true })).status).toBe(202);
    await waitFor(
      () =>
        mappingRecords(records).filter((batch) => batch.stackName === 'VisibilityDupStack').length >= 2 || undefined,
      15_000,
      'both deliveries',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const measured = stackLogBytes('VisibilityDupStack') - before;
    expect(near(measured, LOG_BYTES_PER_REQUEST.VisibilityDupStack), `measured ${measured} bytes`).toBeLessThan(0.15);
  });

  it('Step 8: {"count":100,"failEvery":2}, every failing message received twice', async () => {
    const before = stackLogBytes('BatchPartialStack');
    const batches = () => mappingRecords(records).filter((batch) => batch.stackName === 'BatchPartialStack').length;
    const batchesBefore = batches();
    expect((await post('BatchPartialStack', { count: BATCH_PARTIAL.maxCount, failEvery: 2 })).status).toBe(202);
    await waitFor(() => batches() >= batchesBefore + 10 || undefined, 15_000, 'the ten first batches');
    await waitFor(() => batches() >= batchesBefore + 15 || undefined, 15_000, 'the five retry batches');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const measured = stackLogBytes('BatchPartialStack') - before;
    expect(near(measured, LOG_BYTES_PER_REQUEST.BatchPartialStack), `measured ${measured} bytes`).toBeLessThan(0.15);
  });
});
