import {
  CloudWatchLogsClient,
  DescribeQueriesCommand,
  GetQueryResultsCommand,
  InvalidParameterException,
  MalformedQueryException,
  ResourceNotFoundException,
  StartQueryCommand,
  StopQueryCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import { LAB_ACCOUNT_ID, LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { LogsApi } from '#lab/services/logs/logs-api';
import { LogsService } from '#lab/services/logs/logs-service';
import { conform } from '#lab/test/conformance/behaviour';
import { insightsBehaviour } from './insights-behaviours';

/**
 * Each behaviour of INSIGHTS_BEHAVIOURS, asserted through the SDK on the lab's Logs endpoint
 * over a few lines of one function's log group.
 */
const T0 = Date.parse('2026-11-23T07:18:00.000Z');
const GROUP = '/aws/lambda/Conformance-Worker';
const STREAM = '2026/11/23/[$LATEST]0123456789abcdef0123456789abcdef';
const LINES = [
  JSON.stringify({ event: 'start', id: 'msg-1', receiveCount: 1, job: { sleep: 8 }, message: 'Start msg-1 sleep 8' }),
  JSON.stringify({ event: 'start', id: 'msg-2', receiveCount: 1, job: { sleep: 2 }, message: 'Start msg-2 sleep 2' }),
  JSON.stringify({ event: 'completed', id: 'msg-2', receiveCount: 1, message: 'Completed msg-2' }),
  JSON.stringify({ event: 'start', id: 'msg-1', receiveCount: 2, job: { sleep: 8 }, message: 'Start msg-1 sleep 8' }),
  JSON.stringify({
    event: 'duplicate-skipped',
    id: 'msg-1',
    receiveCount: 2,
    message: 'Duplicate detect. Skip: msg-1',
  }),
  'REPORT RequestId: 3f1f2c1e-1111-2222-3333-444455556666\tDuration: 2.37 ms\tBilled Duration: 3 ms\tMemory Size: 128 MB\tMax Memory Used: 67 MB\tInit Duration: 180.50 ms\t',
  'user=alice [GET] /orders 200',
];

describe('Logs Insights (conformance)', () => {
  let server: LogsApi;
  let client: CloudWatchLogsClient;
  const range = { startTime: T0 / 1000, endTime: T0 / 1000 + 60 };

  beforeAll(async () => {
    const bus = new LabBus();
    const service = new LogsService();
    service.attach(bus, () => GROUP);
    LINES.forEach((line, index) =>
      bus.publish({
        kind: 'function',
        stackName: 'Conformance',
        functionId: 'Worker',
        functionName: 'Conformance-Worker',
        requestId: undefined,
        logStreamName: STREAM,
        stream: 'stdout',
        line,
        parsed: undefined,
        time: T0 + index * 1000,
      }),
    );
    server = await LogsApi.start(service);
    client = new CloudWatchLogsClient({ region: LAB_REGION, endpoint: server.url, credentials: LAB_CREDENTIALS });
  });

  afterAll(async () => {
    client?.destroy();
    await server?.stop();
  });

  /** The rows of a query over the group, as objects without `@ptr`. */
  async function rows(queryString: string, limit?: number): Promise<Record<string, string>[]> {
    const { queryId } = await client.send(
      new StartQueryCommand({ logGroupName: GROUP, queryString, ...range, ...(limit === undefined ? {} : { limit }) }),
    );
    const { results = [], status } = await client.send(new GetQueryResultsCommand({ queryId }));
    expect(status).toBe('Complete');
    return results.map((row) =>
      Object.fromEntries(row.filter((field) => field.field !== '@ptr').map((field) => [field.field, field.value])),
    );
  }

  conform(insightsBehaviour('insights.system-fields'), async () => {
    const [first] = await rows(
      'fields @timestamp, @ingestionTime, @logStream, @log, @message | sort @timestamp asc | limit 1',
    );
    expect(first).toMatchObject({
      '@timestamp': '2026-11-23 07:18:00.000',
      '@logStream': STREAM,
      '@log': `${LAB_ACCOUNT_ID}:${GROUP}`,
      '@message': LINES[0],
    });
    expect(first?.['@ingestionTime']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
  });

  conform(insightsBehaviour('insights.json-fields'), async () => {
    expect(await rows('filter job.sleep = 2 | fields id, job.sleep')).toEqual([{ id: 'msg-2', 'job.sleep': '2' }]);
  });

  conform(insightsBehaviour('insights.lambda-report-fields'), async () => {
    expect(
      await rows(
        'filter @type = "REPORT" | fields @requestId, @duration, @billedDuration, @memorySize, @maxMemoryUsed, @initDuration',
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
    ]);
  });

  conform(insightsBehaviour('insights.fields-display'), async () => {
    expect(
      await rows(
        'fields id, strlen(id) as n, event | display id, n | filter ispresent(event) | sort @timestamp asc | limit 2',
      ),
    ).toEqual([
      { id: 'msg-1', n: '5' },
      { id: 'msg-2', n: '5' },
    ]);
    expect(await rows('fields id | filter @message like "user="')).toEqual([{}]);
  });

  conform(insightsBehaviour('insights.filter'), async () => {
    const count = async (condition: string): Promise<number> => (await rows(`filter ${condition}`)).length;
    expect(await count('receiveCount = 2')).toBe(2);
    expect(await count('receiveCount != 2')).toBe(3);
    expect(await count('receiveCount > 1 or event = "completed"')).toBe(3);
    expect(await count('receiveCount >= 1 and receiveCount <= 1 and receiveCount < 2')).toBe(3);
    expect(await count('message like "Skip"')).toBe(1);
    expect(await count('message like /^Start msg-\\d/')).toBe(3);
    expect(await count('@message =~ /alice/')).toBe(1);
    expect(await count('event in ["completed", "duplicate-skipped"]')).toBe(2);
    expect(await count('not (event = "start")')).toBe(4);
  });

  conform(insightsBehaviour('insights.sort-limit'), async () => {
    expect(
      await rows('filter ispresent(id) | fields id, receiveCount | sort receiveCount desc, id asc | limit 3'),
    ).toEqual([
      { id: 'msg-1', receiveCount: '2' },
      { id: 'msg-1', receiveCount: '2' },
      { id: 'msg-1', receiveCount: '1' },
    ]);
    expect(await rows('fields event | filter ispresent(event)', 2)).toEqual([
      { event: 'duplicate-skipped' },
      { event: 'start' },
    ]);
  });

  conform(insightsBehaviour('insights.dedup'), async () => {
    expect(await rows('filter ispresent(id) | fields id | sort @timestamp asc | dedup id')).toEqual([
      { id: 'msg-1' },
      { id: 'msg-2' },
    ]);
  });

  conform(insightsBehaviour('insights.parse'), async () => {
    expect(
      await rows(
        'parse @message "user=* [*] *" as user, method, rest | filter ispresent(user) | display user, method, rest',
      ),
    ).toEqual([{ user: 'alice', method: 'GET', rest: '/orders 200' }]);
    expect(
      await rows(
        'parse @message /\\[(?<method>[A-Z]+)\\] (?<path>\\S+)/ | filter ispresent(path) | display method, path',
      ),
    ).toEqual([{ method: 'GET', path: '/orders' }]);
  });

  conform(insightsBehaviour('insights.stats'), async () => {
    expect(
      await rows(
        'filter ispresent(id) | stats count(*), count_distinct(event) as kinds, max(receiveCount) as receives by id | sort id asc',
      ),
    ).toEqual([
      { id: 'msg-1', 'count(*)': '3', kinds: '2', receives: '2' },
      { id: 'msg-2', 'count(*)': '2', kinds: '2', receives: '1' },
    ]);
    expect(await rows('stats count(*) by bin(1m)')).toEqual([
      { 'bin(1m)': '2026-11-23 07:18:00.000', 'count(*)': '7' },
    ]);
  });

  conform(insightsBehaviour('insights.percentile'), async () => {
    expect(
      await rows('filter ispresent(receiveCount) | stats pct(receiveCount, 50) as p50, pct(receiveCount, 99) as p99'),
    ).toEqual([{ p50: '1', p99: '2' }]);
  });

  conform(insightsBehaviour('insights.malformed-query'), async () => {
    const error = await client
      .send(new StartQueryCommand({ logGroupName: GROUP, queryString: 'fields id | sortt id', ...range }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MalformedQueryException);
    expect((error as MalformedQueryException).queryCompileError).toEqual({
      location: { startCharOffset: 12, endCharOffset: 17 },
      message: 'unexpected symbol found sortt at line 1 and position 12',
    });
  });

  conform(insightsBehaviour('insights.missing-group'), async () => {
    await expect(
      client.send(
        new StartQueryCommand({ logGroupName: '/aws/lambda/Nope', queryString: 'fields @message', ...range }),
      ),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  conform(insightsBehaviour('insights.one-way-to-name-groups'), async () => {
    await expect(
      client.send(
        new StartQueryCommand({
          logGroupName: GROUP,
          logGroupIdentifiers: [GROUP],
          queryString: 'fields @message',
          ...range,
        }),
      ),
    ).rejects.toBeInstanceOf(InvalidParameterException);
  });

  conform(insightsBehaviour('insights.time-range'), async () => {
    const { queryId } = await client.send(
      new StartQueryCommand({
        logGroupName: GROUP,
        queryString: 'stats count(*) as n',
        startTime: T0 / 1000 + 1,
        endTime: T0 / 1000 + 2,
      }),
    );
    const { results } = await client.send(new GetQueryResultsCommand({ queryId }));
    expect(results).toEqual([[{ field: 'n', value: '2' }]]);
  });

  conform(insightsBehaviour('insights.query-status'), async () => {
    const { queryId } = await client.send(
      new StartQueryCommand({ logGroupName: GROUP, queryString: 'fields @message', ...range }),
    );
    expect((await client.send(new GetQueryResultsCommand({ queryId }))).status).toBe('Complete');
    expect((await client.send(new StopQueryCommand({ queryId }))).success).toBe(false);
    const { queries } = await client.send(new DescribeQueriesCommand({ logGroupName: GROUP }));
    expect(queries?.[0]).toMatchObject({ queryId, status: 'Complete', queryString: 'fields @message' });
  });

  conform(insightsBehaviour('insights.unsupported'), async () => {
    for (const queryString of [
      'fields @message | unnest x',
      'fields isValidIp(@message)',
      'fields @message | limit any 1',
    ]) {
      await expect(
        client.send(new StartQueryCommand({ logGroupName: GROUP, queryString, ...range })),
      ).rejects.toBeInstanceOf(MalformedQueryException);
    }
  });
});
