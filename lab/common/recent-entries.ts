/**
 * A Map kept as a bounded record of recent entries: a Map iterates in insertion order, so putting
 * an entry again moves it to the end, and the oldest is the first key. The lab's histories (the
 * messages SQS handled, the invocations Lambda ran) stay flat in memory this way.
 */

/** Puts `value` under `key` as `map`'s most recent entry, then forgets the oldest entries beyond `kept`. */
export function putRecent<K, V>(map: Map<K, V>, key: K, value: V, kept: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= kept) break;
    map.delete(oldest);
  }
}
