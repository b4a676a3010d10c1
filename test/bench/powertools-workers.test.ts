import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { powertoolsTopologies } from '#bench/powertools/topologies';
import { enqueueEvent } from '#bench/proxy-event';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { waitFor } from '#lab/test/helpers/wait-for';

/**
 * The Powertools workers the bench compares bundle sizes with must be real workers: on the lab,
 * they take the same messages as the project's and settle them the same way.
 */
describe('the Powertools workers of bench/powertools on the lab', () => {
  let lab: Lab;

  beforeAll(async () => {
    lab = await startTutorialLab({
      stacks: powertoolsTopologies(),
    });
  });

  afterAll(async () => {
    await lab?.stop();
  });

  it('processes a Step 8 run with one failing record: the rest deleted, the failure kept', async () => {
    const stack = lab.stack('BatchPartialStack');

    await stack.invoke('Producer', enqueueEvent({ count: 10, failEvery: 10 }));
    await waitFor(() => (lab.counters()['BatchPartialStack/Worker']?.messagesDeleted ?? 0) >= 9, 15_000, '9 deletions');

    const counters = lab.counters()['BatchPartialStack/Worker'];
    expect(counters?.messagesDeleted).toBe(9);
    expect(counters?.functionErrors).toBe(0);
  });

  it('runs each Step 7 job once and records its Powertools idempotency record', async () => {
    const stack = lab.stack('VisibilityDupStack');

    for (const id of ['pt-1', 'pt-2', 'pt-3']) await stack.invoke('Producer', enqueueEvent({ id, sleep: 0 }));
    await waitFor(
      () => (lab.counters()['VisibilityDupStack/Worker']?.messagesDeleted ?? 0) >= 3,
      15_000,
      '3 deletions',
    );

    const { Items = [] } = await lab.clients.dynamodb.send(new ScanCommand({ TableName: stack.tableNames.IdemTable }));
    const effects = Items.filter((item) => item.id?.S?.startsWith('effect#')).map((item) => [
      item.id?.S,
      item.effects?.N,
    ]);
    expect(effects.sort()).toEqual([
      ['effect#pt-1', '1'],
      ['effect#pt-2', '1'],
      ['effect#pt-3', '1'],
    ]);
    expect(Items.filter((item) => item.status?.S === 'COMPLETED')).toHaveLength(3);
  });
});
