/** A Map as a bounded record of recent entries: putting again moves an entry to the end; the oldest go first. */
import { describe, expect, it } from 'vitest';
import { putRecent } from '#lab/common/recent-entries';

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
});
