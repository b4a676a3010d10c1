/** A Map as a bounded record of recent entries: putting again moves an entry to the end; the oldest go first. */
import { describe, expect, it } from 'vitest';
import { putRecent } from '#lab/common/recent-entries';
import { seededRandom } from '#lab/common/seeded-random';

/** The same rule written the plain way: the entries as a list, oldest first. */
function reference(entries: [string, number][], key: string, value: number, kept: number): [string, number][] {
  const rest = entries.filter(([existing]) => existing !== key);
  return [...rest, [key, value] as [string, number]].slice(Math.max(0, rest.length + 1 - kept));
}

describe('putRecent', () => {
  it('keeps the most recent entries, the least recently put forgotten first', () => {
    const map = new Map<string, number>();
    putRecent(map, 'a', 1, 2);
    putRecent(map, 'b', 2, 2);
    putRecent(map, 'a', 3, 2);
    putRecent(map, 'c', 4, 2);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });

  it('forgets exactly the oldest entries while the map is also deleted from and cleared by others', () => {
    const random = seededRandom('recent-entries');
    for (let trial = 0; trial < 50; trial += 1) {
      const kept = 1 + (trial % 7);
      const map = new Map<string, number>();
      let expected: [string, number][] = [];
      for (let step = 0; step < 400; step += 1) {
        const key = `k${Math.floor(random() * 20)}`;
        const roll = random();
        if (roll < 0.1) {
          map.delete(key);
          expected = expected.filter(([existing]) => existing !== key);
        } else if (roll < 0.12) {
          map.clear();
          expected = [];
        } else {
          putRecent(map, key, step, kept);
          expected = reference(expected, key, step, kept);
        }
        expect([...map]).toEqual(expected);
      }
    }
  });
});
