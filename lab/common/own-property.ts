/**
 * Look-ups by a request's words. A plain object answers `constructor`, `__proto__` or `toString`
 * from Object's prototype, so `operations[operation]` found a function for the operation
 * `AmazonSSM.constructor` and the lab died answering it; and writing `node['__proto__'] = …`
 * changes an object's prototype, or, one level down, every object's. Tables the lab keeps are
 * read through {@link ownProperty}; objects built from a request's words are {@link dictionary}s.
 */

/** `table[key]` when `key` is the table's own, else undefined (never a prototype's member). */
export function ownProperty<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** An empty object without a prototype, for keys a request chose (`__proto__` is then a key like any other). */
export function dictionary<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
