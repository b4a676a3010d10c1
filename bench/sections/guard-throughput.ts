/**
 * How fast each guard runs on the DynamoDB emulator: first deliveries (claim + completion)
 * and duplicates per second with several deliveries in flight, and how often two copies of
 * one message delivered at the same moment both apply the effect.
 */
import type { EmulatorEndpoints } from '@sqs-lab/lab';
import type { DeliveryOutcome } from '../guards/guard-contender';
import { type ContenderName, createGuardRigs, type GuardRig } from '../guards/guard-rig';
import { runPool } from '@sqs-lab/lab/bench';
import { readsIn, writesIn } from './guard-requests';

/** One guard's speed and safety. */
export interface GuardThroughputRow {
  readonly name: ContenderName;
  readonly deliveries: number;
  readonly concurrency: number;
  /** First deliveries per second (each one claim + one completion for the project's guard). */
  readonly firstDeliveriesPerSecond: number;
  /** DynamoDB requests per second during the first deliveries. */
  readonly requestsPerSecond: number;
  readonly duplicatesPerSecond: number;
  /** Keys delivered twice at once, and how many of them had their effect applied twice. */
  readonly racedKeys: number;
  readonly doubleEffects: number;
  readonly writesPerFirstDelivery: number;
  readonly readsPerFirstDelivery: number;
}

const LEASE_MS = 30_000;
const noWork = async (): Promise<void> => undefined;

async function timed(action: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await action();
  return (performance.now() - started) / 1000;
}

interface Round {
  readonly firstDeliveriesPerSecond: number;
  readonly requestsPerSecond: number;
  readonly duplicatesPerSecond: number;
  readonly writesPerFirstDelivery: number;
  readonly readsPerFirstDelivery: number;
}

async function timedRound(rig: GuardRig, deliveries: number, concurrency: number, prefix: string): Promise<Round> {
  const deliver = (key: string): Promise<DeliveryOutcome> => rig.contender.deliver(key, noWork, { leaseMs: LEASE_MS });
  rig.counter.reset();
  const firstSeconds = await timed(() =>
    runPool(deliveries, concurrency, async (index) => void (await deliver(`${prefix}-${index}`))),
  );
  const calls = rig.counter.snapshot();
  const requests = Object.values(calls).reduce((sum, value) => sum + value, 0);
  const duplicateSeconds = await timed(() =>
    runPool(deliveries, concurrency, async (index) => void (await deliver(`${prefix}-${index}`))),
  );
  return {
    firstDeliveriesPerSecond: deliveries / firstSeconds,
    requestsPerSecond: requests / firstSeconds,
    duplicatesPerSecond: deliveries / duplicateSeconds,
    writesPerFirstDelivery: writesIn(calls) / deliveries,
    readsPerFirstDelivery: readsIn(calls) / deliveries,
  };
}

/** Two copies of each key delivered at the same moment; returns the keys whose effect ran twice. */
async function race(rig: GuardRig, keys: number, concurrency: number, prefix: string): Promise<number> {
  let doubleEffects = 0;
  await runPool(keys, concurrency, async (index) => {
    const key = `${prefix}-race-${index}`;
    await Promise.all([
      rig.contender.deliver(key, noWork, { leaseMs: LEASE_MS }),
      rig.contender.deliver(key, noWork, { leaseMs: LEASE_MS }),
    ]);
    if ((await rig.contender.effects(key)) > 1) doubleEffects += 1;
  });
  return doubleEffects;
}

/**
 * Every guard on the same emulator: a warm-up, then two timed rounds in opposite orders (the
 * faster round of each guard is kept), then the race.
 */
export async function measureGuardThroughput(
  endpoints: EmulatorEndpoints,
  options: { readonly deliveries: number; readonly concurrency: number; readonly racedKeys: number },
): Promise<GuardThroughputRow[]> {
  const { rigs, close } = await createGuardRigs(endpoints, { allOld: false });
  const { deliveries, concurrency, racedKeys } = options;
  try {
    // Warm the emulator's and the SDK's code paths, so the first guard measured is not the slowest.
    for (const rig of rigs) await timedRound(rig, Math.min(100, deliveries), concurrency, `warm-${rig.name}`);
    const rounds = new Map<ContenderName, Round[]>();
    for (const [round, order] of [rigs, [...rigs].reverse()].entries()) {
      for (const rig of order) {
        const list = rounds.get(rig.name) ?? [];
        list.push(await timedRound(rig, deliveries, concurrency, `round${round}-${rig.name}`));
        rounds.set(rig.name, list);
      }
    }
    const rows: GuardThroughputRow[] = [];
    for (const rig of rigs) {
      const best = (rounds.get(rig.name) ?? []).reduce<Round | undefined>(
        (a, b) => (a === undefined || b.firstDeliveriesPerSecond > a.firstDeliveriesPerSecond ? b : a),
        undefined,
      );
      if (best === undefined) continue;
      rows.push({
        name: rig.name,
        deliveries,
        concurrency,
        ...best,
        racedKeys,
        doubleEffects: await race(rig, racedKeys, concurrency, `race-${rig.name}`),
      });
    }
    return rows;
  } finally {
    close();
  }
}
