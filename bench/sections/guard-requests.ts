/**
 * DynamoDB requests per delivery of each guard, scenario by scenario, counted on the guard's
 * own client: on dynalite as it is, and with failed conditional writes answered as DynamoDB
 * answers them (ALL_OLD), which is what AWS would bill.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { EmulatorEndpoints } from '@sqs-lab/lab';
import { type CallCounts, diffCounts } from '@sqs-lab/lab/bench';
import { type DeliveryOutcome, WorkFailedError } from '../guards/guard-contender';
import { type ContenderName, createGuardRigs, type GuardRig } from '../guards/guard-rig';

/** The deliveries each guard goes through. */
export const GUARD_SCENARIOS = [
  'first-delivery',
  'duplicate-after-completion',
  'duplicate-in-progress',
  'takeover-after-lapse',
  'lapsed-owner-completes',
  'failed-work',
] as const;
/** One of {@link GUARD_SCENARIOS}. */
export type GuardScenario = (typeof GUARD_SCENARIOS)[number];

/** What one delivery cost and how it ended. */
export interface GuardScenarioResult {
  readonly writes: number;
  readonly reads: number;
  readonly calls: CallCounts;
  readonly outcome: DeliveryOutcome;
  /** Times the effect of this key had been applied once every copy in the scenario finished. */
  readonly effects: number;
}

/** Guard → scenario → figures. */
export type GuardRequestTable = Record<ContenderName, Record<GuardScenario, GuardScenarioResult>>;

/** Both views: dynalite as it answers, and DynamoDB's ALL_OLD answer. */
export interface GuardRequestsResult {
  readonly lab: GuardRequestTable;
  readonly aws: GuardRequestTable;
}

const WRITE_OPERATIONS = [
  'DynamoDB.PutItem',
  'DynamoDB.UpdateItem',
  'DynamoDB.DeleteItem',
  'DynamoDB.TransactWriteItems',
];
const READ_OPERATIONS = ['DynamoDB.GetItem', 'DynamoDB.Query', 'DynamoDB.TransactGetItems'];

/** Write requests (a refused conditional write is billed as a write too). */
export function writesIn(calls: CallCounts): number {
  return WRITE_OPERATIONS.reduce((sum, name) => sum + (calls[name] ?? 0), 0);
}

/** Read requests. */
export function readsIn(calls: CallCounts): number {
  return READ_OPERATIONS.reduce((sum, name) => sum + (calls[name] ?? 0), 0);
}

const LONG_LEASE_MS = 30_000;
const SHORT_LEASE_MS = 1;
const noWork = async (): Promise<void> => undefined;

/** A job that waits until released, so a second delivery can arrive while it runs. */
function gatedWork(): { work: () => Promise<void>; started: Promise<void>; release: () => void } {
  let markStarted = (): void => undefined;
  let release = (): void => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    work: async () => {
      markStarted();
      await gate;
    },
    started,
    release: () => release(),
  };
}

type Measured = Omit<GuardScenarioResult, 'effects'>;

async function measure(rig: GuardRig, action: () => Promise<DeliveryOutcome>): Promise<Measured> {
  const before = rig.counter.snapshot();
  const outcome = await action();
  const calls = diffCounts(rig.counter.snapshot(), before);
  return { writes: writesIn(calls), reads: readsIn(calls), calls, outcome };
}

async function runScenarios(rig: GuardRig, prefix: string): Promise<Record<GuardScenario, GuardScenarioResult>> {
  const { contender } = rig;
  const deliver = (key: string, work = noWork, leaseMs = LONG_LEASE_MS): Promise<DeliveryOutcome> =>
    contender.deliver(key, work, { leaseMs });

  const withEffects = async (key: string, measured: Measured): Promise<GuardScenarioResult> => ({
    ...measured,
    effects: await contender.effects(key),
  });

  const first = `${prefix}-first`;
  const firstDelivery = await withEffects(first, await measure(rig, () => deliver(first)));
  const duplicateAfterCompletion = await withEffects(first, await measure(rig, () => deliver(first)));

  const busy = `${prefix}-busy`;
  const holder = gatedWork();
  const holding = deliver(busy, holder.work);
  await holder.started;
  const duplicateInProgress = await measure(rig, () => deliver(busy));
  holder.release();
  await holding;

  const lapsed = `${prefix}-lapsed`;
  const slow = gatedWork();
  const slowDelivery = deliver(lapsed, slow.work, SHORT_LEASE_MS);
  await slow.started;
  await sleep(20);
  const takeover = await measure(rig, () => deliver(lapsed));
  const lapsedOwner = await measure(rig, async () => {
    slow.release();
    return slowDelivery;
  });

  const failing = `${prefix}-failing`;
  const failedWork = await measure(rig, () =>
    deliver(failing, async () => {
      throw new WorkFailedError('the job failed on purpose');
    }),
  );

  return {
    'first-delivery': firstDelivery,
    'duplicate-after-completion': duplicateAfterCompletion,
    'duplicate-in-progress': await withEffects(busy, duplicateInProgress),
    'takeover-after-lapse': await withEffects(lapsed, takeover),
    'lapsed-owner-completes': await withEffects(lapsed, lapsedOwner),
    'failed-work': await withEffects(failing, failedWork),
  };
}

async function table(endpoints: EmulatorEndpoints, allOld: boolean): Promise<GuardRequestTable> {
  const { rigs, close } = await createGuardRigs(endpoints, { allOld });
  try {
    const rows: Partial<GuardRequestTable> = {};
    for (const rig of rigs) rows[rig.name] = await runScenarios(rig, `${rig.name}-${allOld ? 'aws' : 'lab'}`);
    return rows as GuardRequestTable;
  } finally {
    close();
  }
}

/** Runs every scenario for every guard, on dynalite as is and with the ALL_OLD answer. */
export async function measureGuardRequests(endpoints: EmulatorEndpoints): Promise<GuardRequestsResult> {
  return { lab: await table(endpoints, false), aws: await table(endpoints, true) };
}
