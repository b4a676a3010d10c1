/**
 * The query panel's table of a GetQueryResults answer: the rows' fields merged in the query's
 * order (GetQueryResults leaves out the fields a row lacks), without `@ptr`.
 */
import { describe, expect, it } from 'vitest';
import { queryTable } from '#lab/console/query-table';

const row = (fields: Record<string, string>) => Object.entries(fields).map(([field, value]) => ({ field, value }));

describe('queryTable', () => {
  it('puts a field first seen in a later row after the field it follows there, and leaves @ptr out', () => {
    // `fields @timestamp, event, id, receiveCount`: a platform line has only @timestamp, a start line has no receiveCount.
    const table = queryTable([
      row({ '@timestamp': 't1', '@ptr': 'p1' }),
      row({ '@timestamp': 't2', id: 'msg-1', '@ptr': 'p2' }),
      row({ '@timestamp': 't3', event: 'start', id: 'msg-1', receiveCount: '2', '@ptr': 'p3' }),
    ]);
    expect(table.columns).toEqual(['@timestamp', 'event', 'id', 'receiveCount']);
    expect(table.rows).toEqual([
      { '@timestamp': 't1' },
      { '@timestamp': 't2', id: 'msg-1' },
      { '@timestamp': 't3', event: 'start', id: 'msg-1', receiveCount: '2' },
    ]);
  });

  it('keeps the order of a stats answer, and has no column without rows', () => {
    expect(
      queryTable([row({ id: 'msg-2', duplicatesSkipped: '2' }), row({ id: 'msg-3', duplicatesSkipped: '1' })]).columns,
    ).toEqual(['id', 'duplicatesSkipped']);
    expect(queryTable([])).toEqual({ columns: [], rows: [] });
  });
});
