/**
 * The lab's tally of AWS calls: every call a function's environments report and every call
 * of the lab's own clients, by call site and `Service.Operation`, plus the faults injected.
 */

/** Call site (`<Stack>/<Function>` or `lab`) → `Service.Operation` → count. */
export type AwsCallCounts = Record<string, Record<string, number>>;

/** Counts calls and faults as they are reported. Counting is always on. */
export class AwsCallLedger {
  private readonly calls: AwsCallCounts = {};
  private readonly injected: AwsCallCounts = {};

  /** One call made at `site` (faulted calls included: the call was attempted). */
  count(site: string, call: string): void {
    add(this.calls, site, call);
  }

  /** One fault injected into a call at `site`. */
  fault(site: string, call: string): void {
    add(this.injected, site, call);
  }

  /** A snapshot of the call counts. */
  counts(): AwsCallCounts {
    return copy(this.calls);
  }

  /** A snapshot of the injected faults, same shape. */
  faults(): AwsCallCounts {
    return copy(this.injected);
  }
}

function add(table: AwsCallCounts, site: string, call: string): void {
  const row = (table[site] ??= {});
  row[call] = (row[call] ?? 0) + 1;
}

function copy(table: AwsCallCounts): AwsCallCounts {
  return Object.fromEntries(Object.entries(table).map(([site, row]) => [site, { ...row }]));
}
