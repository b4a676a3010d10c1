/**
 * Each Logs Insights feature the lab runs, on a few events, against the rows AWS documents for
 * it (the page of each command is cited in lab/services/logs/insights/; the examples below follow
 * those pages: https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CWL_QuerySyntax.html).
 */
import { describe, expect, it } from 'vitest';
import { MalformedQueryError } from '#lab/services/logs/errors';
import type { LogRecord } from '#lab/services/logs/insights/log-fields';
import { compileQuery, runQuery } from '#lab/services/logs/insights/query-evaluator';

const T0 = Date.parse('2026-11-23T07:18:00.000Z');
const GROUP = '/aws/lambda/VisibilityDupStack-Worker';

/** Events one second apart, in the order given. */
function records(messages: readonly string[], group = GROUP): LogRecord[] {
  return messages.map((message, index) => ({
    timestamp: T0 + index * 1000,
    ingestionTime: T0 + index * 1000 + 200,
    message,
    logGroup: group,
    logStream: '2026/11/23/[$LATEST]0123456789abcdef0123456789abcdef',
    sequence: index + 1,
  }));
}

const json = (fields: Record<string, unknown>): string => JSON.stringify(fields);

const EVENTS = records([
  json({
    level: 'INFO',
    event: 'start',
    id: 'msg-1',
    receiveCount: 1,
    message: 'Start msg-1 sleep 8',
    job: { sleep: 8 },
  }),
  json({
    level: 'INFO',
    event: 'start',
    id: 'msg-2',
    receiveCount: 1,
    message: 'Start msg-2 sleep 2',
    job: { sleep: 2 },
  }),
  json({ level: 'INFO', event: 'completed', id: 'msg-2', receiveCount: 1, message: 'Completed msg-2' }),
  json({
    level: 'INFO',
    event: 'start',
    id: 'msg-1',
    receiveCount: 2,
    message: 'Start msg-1 sleep 8',
    job: { sleep: 8 },
  }),
  json({
    level: 'INFO',
    event: 'duplicate-skipped',
    id: 'msg-1',
    receiveCount: 2,
    message: 'Duplicate detect. Skip: msg-1',
  }),
  'user=alice [GET] /orders 200',
  'REPORT RequestId: 3f1f2c1e-1111-2222-3333-444455556666\tDuration: 2.37 ms\tBilled Duration: 3 ms\tMemory Size: 128 MB\tMax Memory Used: 67 MB\tInit Duration: 180.50 ms\t',
  'REPORT RequestId: 9a9a9a9a-1111-2222-3333-444455556666\tDuration: 8012.00 ms\tBilled Duration: 8012 ms\tMemory Size: 128 MB\tMax Memory Used: 70 MB\t',
]);

/** The rows of `query` over `events`, as objects without `@ptr`. */
function rows(query: string, events: readonly LogRecord[] = EVENTS, limit?: number): Record<string, string>[] {
  const output = runQuery(compileQuery(query), events, {
    accountId: '000000000000',
    ...(limit === undefined ? {} : { limit }),
  });
  return output.results.map((row) =>
    Object.fromEntries(row.filter((field) => field.field !== '@ptr').map((field) => [field.field, field.value])),
  );
}

describe('Logs Insights commands', () => {
  it('fields names the columns in order; an absent field is left out of its row', () => {
    expect(rows('fields id, receiveCount | filter event = "start" | sort @timestamp asc')).toEqual([
      { id: 'msg-1', receiveCount: '1' },
      { id: 'msg-2', receiveCount: '1' },
      { id: 'msg-1', receiveCount: '2' },
    ]);
    expect(rows('fields id | filter @message like "user="')).toEqual([{}]);
  });

  it('fields makes new fields with functions, arithmetic and `as` (CWL_QuerySyntax-Fields.html)', () => {
    expect(
      rows(
        'filter event = "start" | fields concat(id, "/", receiveCount) as key, job.sleep * 1000 + 1 as ms, strlen(message) as n, toupper(event) as e | sort key asc',
      ),
    ).toEqual([
      { key: 'msg-1/1', ms: '8001', n: '19', e: 'START' },
      { key: 'msg-1/2', ms: '8001', n: '19', e: 'START' },
      { key: 'msg-2/1', ms: '2001', n: '19', e: 'START' },
    ]);
  });

  it('display shows only the named fields (CWL_QuerySyntax-Display.html)', () => {
    expect(rows('fields id, event, message | display event | filter id = "msg-2" | sort @timestamp asc')).toEqual([
      { event: 'start' },
      { event: 'completed' },
    ]);
  });

  it.each([
    ['receiveCount = 2', 2],
    ['receiveCount != 2', 3],
    ['receiveCount > 1', 2],
    ['receiveCount >= 1', 5],
    ['receiveCount < 2', 3],
    ['receiveCount <= 2', 5],
    ['id = "msg-1" and receiveCount = 2', 2],
    ['id = "msg-2" or event = "duplicate-skipped"', 3],
    ['not (id = "msg-1")', 5],
    ['event in ["completed", "duplicate-skipped"]', 2],
    ['event not in ["start"]', 2],
    ['message like "Skip"', 1],
    ['message like /^Start msg-\\d/', 3],
    ['message not like /Start/', 2],
    ['@message =~ /(?i)DUPLICATE/', 1],
    ['ispresent(job.sleep)', 3],
    ['isempty(id)', 3],
    ['abs(-receiveCount) = 2 and floor(2.7) = 2 and ceil(2.1) = 3', 2],
    ['tolower("ABC") = "abc" and event = "completed"', 1],
  ])('filter %s keeps %i events (CWL_QuerySyntax-Filter.html)', (condition, count) => {
    expect(rows(`filter ${condition}`)).toHaveLength(count);
  });

  it('sort orders asc or desc, numbers after text, by several keys (CWL_QuerySyntax-Sort.html)', () => {
    expect(rows('filter ispresent(id) | fields id, receiveCount | sort id desc, receiveCount asc')).toEqual([
      { id: 'msg-2', receiveCount: '1' },
      { id: 'msg-2', receiveCount: '1' },
      { id: 'msg-1', receiveCount: '1' },
      { id: 'msg-1', receiveCount: '2' },
      { id: 'msg-1', receiveCount: '2' },
    ]);
  });

  it('without sort or stats, events come newest first; limit keeps the first n (CWL_QuerySyntax-Limit.html)', () => {
    expect(rows('fields event | filter ispresent(event) | limit 2')).toEqual([
      { event: 'duplicate-skipped' },
      { event: 'start' },
    ]);
    expect(rows('fields event | filter ispresent(event)', EVENTS, 1)).toEqual([{ event: 'duplicate-skipped' }]);
  });

  it('dedup keeps the first row of each value (CWL_QuerySyntax-Dedup.html)', () => {
    expect(rows('filter ispresent(id) | fields id, event | sort @timestamp asc | dedup id')).toEqual([
      { id: 'msg-1', event: 'start' },
      { id: 'msg-2', event: 'start' },
    ]);
  });

  it('parse with a glob and with named groups (CWL_QuerySyntax-Parse.html)', () => {
    expect(
      rows(
        'parse @message "user=* [*] * *" as user, method, path, status | filter ispresent(user) | display user, method, path, status',
      ),
    ).toEqual([{ user: 'alice', method: 'GET', path: '/orders', status: '200' }]);
    expect(
      rows(
        'parse @message /user=(?<user>\\w+) \\[(?<method>[A-Z]+)\\]/ | filter ispresent(method) | display user, method',
      ),
    ).toEqual([{ user: 'alice', method: 'GET' }]);
  });

  it('stats aggregates by fields (CWL_QuerySyntax-Stats.html)', () => {
    expect(
      rows(
        'filter ispresent(id) | stats count(*) as n, count(job.sleep) as starts, count_distinct(event) as kinds, min(receiveCount) as lo, max(receiveCount) as hi, sum(receiveCount) as total, avg(receiveCount) as mean, earliest(event) as first, latest(event) as last by id | sort id asc',
      ),
    ).toEqual([
      {
        id: 'msg-1',
        n: '3',
        starts: '2',
        kinds: '2',
        lo: '1',
        hi: '2',
        total: '5',
        mean: String(5 / 3),
        first: 'start',
        last: 'duplicate-skipped',
      },
      {
        id: 'msg-2',
        n: '2',
        starts: '1',
        kinds: '2',
        lo: '1',
        hi: '1',
        total: '2',
        mean: '1',
        first: 'start',
        last: 'completed',
      },
    ]);
  });

  it('stats by bin(…) counts per period; an unaliased column is named by its text', () => {
    const spread = records(['a', 'b', 'c', 'd']).map((record, index) => ({
      ...record,
      timestamp: T0 + index * 40_000,
    }));
    expect(rows('stats count(*) by bin(1m) | sort bin(1m) asc', spread)).toEqual([
      { 'bin(1m)': '2026-11-23 07:18:00.000', 'count(*)': '2' },
      { 'bin(1m)': '2026-11-23 07:19:00.000', 'count(*)': '1' },
      { 'bin(1m)': '2026-11-23 07:20:00.000', 'count(*)': '1' },
    ]);
  });

  it('pct is the nearest-rank percentile', () => {
    const values = records(Array.from({ length: 100 }, (_, index) => json({ v: index + 1 })));
    expect(rows('stats pct(v, 50) as p50, pct(v, 99) as p99, pct(v, 100) as top', values)).toEqual([
      { p50: '50', p99: '99', top: '100' },
    ]);
  });

  it('filter after stats keeps the groups that pass', () => {
    expect(rows('filter ispresent(id) | stats count(*) as n by id | filter n > 2')).toEqual([{ id: 'msg-1', n: '3' }]);
  });
});

describe('Logs Insights fields (CWL_AnalyzeLogData-discoverable-fields.html)', () => {
  it('gives the system fields, the JSON fields flattened with dots, and @log as <account>:<group>', () => {
    const [first] = rows(
      'fields @timestamp, @ingestionTime, @logStream, @log, job.sleep, @message | sort @timestamp asc | limit 1',
    );
    expect(first).toEqual({
      '@timestamp': '2026-11-23 07:18:00.000',
      '@ingestionTime': '2026-11-23 07:18:00.200',
      '@logStream': '2026/11/23/[$LATEST]0123456789abcdef0123456789abcdef',
      '@log': `000000000000:${GROUP}`,
      'job.sleep': '8',
      '@message': EVENTS[0]?.message,
    });
  });

  it('gives @type, @requestId and the durations of a Lambda REPORT line', () => {
    expect(
      rows(
        'filter @type = "REPORT" | fields @requestId, @duration, @billedDuration, @memorySize, @maxMemoryUsed, @initDuration | sort @duration asc',
      ),
    ).toEqual([
      {
        '@requestId': '3f1f2c1e-1111-2222-3333-444455556666',
        '@duration': '2.37',
        '@billedDuration': '3',
        '@memorySize': '128',
        '@maxMemoryUsed': '67',
        '@initDuration': '180.5',
      },
      {
        '@requestId': '9a9a9a9a-1111-2222-3333-444455556666',
        '@duration': '8012',
        '@billedDuration': '8012',
        '@memorySize': '128',
        '@maxMemoryUsed': '70',
      },
    ]);
  });

  it('counts what it scanned and matched', () => {
    const output = runQuery(compileQuery('filter event = "start" | limit 1'), EVENTS, { accountId: '000000000000' });
    expect(output.statistics).toEqual({
      recordsMatched: 3,
      recordsScanned: 8,
      bytesScanned: EVENTS.reduce((total, event) => total + Buffer.byteLength(event.message), 0),
    });
    expect(output.results[0]?.at(-1)?.field).toBe('@ptr');
  });
});

describe('a query that does not compile', () => {
  it.each([
    ['fields id |', 11, 11, 'unexpected symbol found <EOF> at line 1 and position 11'],
    ['filter id = "msg-1" | sortt @timestamp', 22, 27, 'unexpected symbol found sortt at line 1 and position 22'],
    ['fields id\n| filter id ~ 1', 22, 23, 'unexpected symbol found ~ at line 2 and position 12'],
    ['fields nosuch(id)', 7, 17, 'unexpected symbol found nosuch(id) at line 1 and position 7'],
    ['filter message like /(unclosed/', 20, 31, 'unexpected symbol found /(unclosed/ at line 1 and position 20'],
  ])('%j is refused at %i..%i', (query, startCharOffset, endCharOffset, message) => {
    let error: unknown;
    try {
      compileQuery(query);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MalformedQueryError);
    expect((error as MalformedQueryError).queryCompileError).toEqual({
      location: { startCharOffset, endCharOffset },
      message,
    });
  });

  it('refuses a stats item that is not an aggregate', () => {
    expect(() => compileQuery('stats strlen(id) by id')).toThrow(MalformedQueryError);
  });
});
