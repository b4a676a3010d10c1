/**
 * Logs Insights through the lab's Logs endpoint with the real `@aws-sdk/client-cloudwatch-logs`:
 * StartQuery, GetQueryResults, StopQuery and DescribeQueries over the lines of a recorded-shape
 * tour (the Step 7 worker's and the Step 8 worker's JSON lines, written by their own Logger, and
 * Lambda's JSON `platform.report` records, written by the lab's PlatformRecords), and the
 * README's queries (README.md, "Reading the logs") with the rows they give on AWS. The API's
 * shapes: https://docs.aws.amazon.com/AmazonCloudWatchLogs/latest/APIReference/API_StartQuery.html,
 * API_GetQueryResults.html, API_StopQuery.html, API_DescribeQueries.html, API_QueryCompileError.html.
 */
import {
  CloudWatchLogsClient,
  DescribeQueriesCommand,
  GetQueryResultsCommand,
  InvalidParameterException,
  MalformedQueryException,
  ResourceNotFoundException,
  StartQueryCommand,
  type StartQueryCommandInput,
  StopQueryCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Logger } from '#lambda/commons/logger';
import { LabBus } from '#lab/bus/lab-bus';
import { fakeAwsEnvironment, LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { PlatformRecords } from '#lab/services/lambda/runtime/platform-records';
import { LogsApi } from '#lab/services/logs/logs-api';
import { LogsService } from '#lab/services/logs/logs-service';

const T0 = Date.parse('2026-11-23T07:18:00.000Z');
const WORKER = 'VisibilityDupStack-Worker';
const BATCH_WORKER = 'BatchPartialStack-Worker';
const STREAM_A = '2026/11/23/[$LATEST]aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const STREAM_B = '2026/11/23/[$LATEST]bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

/** One thing a function wrote at `at` ms after T0. */
interface Step {
  readonly at: number;
  readonly write: () => void;
}

/** The invocations of a tour: each one's START, the lines its Logger writes, and its REPORT. */
class TourRecorder {
  readonly steps: Step[] = [];
  private invocations = 0;

  constructor(private readonly bus: LabBus) {}

  invoke(
    functionName: string,
    stream: string,
    at: number,
    durationMs: number,
    lines: readonly { readonly at: number; readonly write: (log: Logger) => void }[],
  ): void {
    this.invocations += 1;
    const requestId = `00000000-0000-4000-8000-${String(this.invocations).padStart(12, '0')}`;
    const ref = { stackName: functionName.split('-')[0] ?? '', functionId: 'Worker', functionName };
    const platform = new PlatformRecords({
      ref,
      memoryMb: 256,
      environment: { AWS_LAMBDA_LOG_FORMAT: 'JSON' },
      logs: this.bus,
    });
    const log = new Logger({ requestId }, (line) =>
      this.bus.publish({
        kind: 'function',
        ...ref,
        requestId,
        logStreamName: stream,
        stream: 'stdout',
        line: line.trimEnd(),
        parsed: undefined,
        time: Date.now(),
      }),
    );
    this.steps.push({ at, write: () => platform.start(requestId, stream) });
    for (const line of lines) this.steps.push({ at: line.at, write: () => line.write(log) });
    this.steps.push({
      at: at + durationMs,
      write: () =>
        platform.end(requestId, stream, {
          status: 'success',
          errorType: undefined,
          invokeDurationMs: durationMs,
          initDurationMs: undefined,
          maxMemoryUsedMB: 70,
        }),
    });
  }

  /** Writes every step in time order, with the clock at its time. */
  play(): void {
    for (const step of [...this.steps].sort((a, b) => a.at - b.at)) {
      vi.setSystemTime(T0 + step.at);
      step.write();
    }
  }
}

/** A Step 7 delivery's lines, as lambda/visibility-dup/process-job.ts writes them. */
function delivery(id: string, receiveCount: number, sleep: number) {
  const fields = { id, messageId: `mid-${id}`, receiveCount };
  return {
    start: (log: Logger) => log.with(fields).info('start', `Start ${id} sleep ${sleep}`, { job: { id, sleep } }),
    completed: (log: Logger) => log.with(fields).info('completed', `Completed ${id}`, { effects: 1, guard: true }),
    skipped: (log: Logger) =>
      log.with(fields).info('duplicate-skipped', `Duplicate detect. Skip: ${id}`, { effects: 1 }),
    inProgress: (log: Logger) =>
      log
        .with(fields)
        .info('duplicate-in-progress', `Duplicate detect. In progress elsewhere, not acknowledged: ${id}`, {}),
  };
}

let server: LogsApi;
let client: CloudWatchLogsClient;
const range = { startTime: T0 / 1000 - 60, endTime: T0 / 1000 + 3600 };

beforeAll(async () => {
  const bus = new LabBus();
  const service = new LogsService();
  service.attach(bus);
  const tour = new TourRecorder(bus);
  // Step 7: msg-2 sleeps 8 s behind a 5 s visibility timeout, so it comes back three times.
  const m1 = delivery('msg-1', 1, 2);
  tour.invoke(WORKER, STREAM_A, 0, 2000, [
    { at: 0, write: m1.start },
    { at: 2000, write: m1.completed },
  ]);
  const m2 = delivery('msg-2', 1, 8);
  tour.invoke(WORKER, STREAM_A, 2100, 8000, [
    { at: 2100, write: m2.start },
    { at: 10_100, write: m2.completed },
  ]);
  const m2b = delivery('msg-2', 2, 8);
  tour.invoke(WORKER, STREAM_B, 7200, 50, [
    { at: 7200, write: m2b.start },
    { at: 7250, write: m2b.inProgress },
  ]);
  const m2c = delivery('msg-2', 3, 8);
  tour.invoke(WORKER, STREAM_B, 12_400, 50, [
    { at: 12_400, write: m2c.start },
    { at: 12_450, write: m2c.skipped },
  ]);
  const m3 = delivery('msg-3', 1, 1);
  tour.invoke(WORKER, STREAM_B, 13_000, 1000, [
    { at: 13_000, write: m3.start },
    { at: 14_000, write: m3.completed },
  ]);
  const m3b = delivery('msg-3', 2, 1);
  tour.invoke(WORKER, STREAM_A, 15_000, 20, [
    { at: 15_000, write: m3b.start },
    { at: 15_020, write: m3b.skipped },
  ]);
  const m2d = delivery('msg-2', 4, 8);
  tour.invoke(WORKER, STREAM_B, 16_000, 10, [
    { at: 16_000, write: m2d.start },
    { at: 16_010, write: m2d.skipped },
  ]);
  // Step 8: run-1-3, -6 and -9 fail on both receives (maxReceiveCount 2), then go to the DLQ.
  for (const [receive, ids] of [
    [1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [2, [3, 6, 9]],
  ] as const) {
    const at = 20_000 + receive * 1000;
    tour.invoke(
      BATCH_WORKER,
      STREAM_A,
      at,
      30,
      ids.map((index) => ({
        at: at + index,
        write: (log: Logger) => {
          const id = `run-1-${index}`;
          const fields = { id, messageId: `mid-${id}`, receiveCount: receive };
          if (index % 3 === 0) log.error('fail', `FAIL: mid-${id} Intentional failure ${id}`, fields);
          else log.info('ok', `OK: ${id}`, fields);
        },
      })),
    );
  }
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    tour.play();
  } finally {
    vi.useRealTimers();
  }
  server = await LogsApi.start(service);
  client = new CloudWatchLogsClient({ region: LAB_REGION, endpoint: server.url, credentials: LAB_CREDENTIALS });
});

afterAll(async () => {
  client?.destroy();
  await server?.stop();
});

/** Runs a query and answers its rows as objects (without `@ptr`), its status and statistics. */
async function query(
  queryString: string,
  groups: readonly string[] = [WORKER],
  extra: Partial<StartQueryCommandInput> = {},
) {
  const { queryId } = await client.send(
    new StartQueryCommand({
      logGroupNames: groups.map((name) => `/aws/lambda/${name}`),
      queryString,
      ...range,
      ...extra,
    }),
  );
  const answer = await client.send(new GetQueryResultsCommand({ queryId }));
  return {
    queryId,
    status: answer.status,
    statistics: answer.statistics,
    fields: (answer.results ?? []).map((row) => row.map((field) => field.field)),
    rows: (answer.results ?? []).map((row) =>
      Object.fromEntries(row.filter((field) => field.field !== '@ptr').map((field) => [field.field, field.value])),
    ),
  };
}

/** The text blocks of a README that follow "In CloudWatch Logs Insights" and the three new queries. */
function readmeQueries(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const section = text.slice(text.indexOf('fields @timestamp, event, id, receiveCount, message') - 20);
  return [...section.matchAll(/```text\n([\s\S]*?)```/g)].slice(0, 4).map((match) => (match[1] ?? '').trim());
}

describe("the README's Logs Insights queries, on a tour's lines", () => {
  const [history, duplicates, dlq, durations] = readmeQueries('README.md');

  it('are the same in README.md and README.ja.md', () => {
    expect(readmeQueries('README.ja.md')).toEqual([history, duplicates, dlq, durations]);
    expect(history).toBe(
      'fields @timestamp, event, id, receiveCount, message\n| filter id = "msg-2"\n| sort @timestamp asc',
    );
  });

  it("one message's history, oldest first", async () => {
    const result = await query(history ?? '');
    expect(result.status).toBe('Complete');
    expect(result.fields[0]).toEqual(['@timestamp', 'event', 'id', 'receiveCount', 'message', '@ptr']);
    expect(result.rows).toEqual([
      {
        '@timestamp': '2026-11-23 07:18:02.100',
        event: 'start',
        id: 'msg-2',
        receiveCount: '1',
        message: 'Start msg-2 sleep 8',
      },
      {
        '@timestamp': '2026-11-23 07:18:07.200',
        event: 'start',
        id: 'msg-2',
        receiveCount: '2',
        message: 'Start msg-2 sleep 8',
      },
      {
        '@timestamp': '2026-11-23 07:18:07.250',
        event: 'duplicate-in-progress',
        id: 'msg-2',
        receiveCount: '2',
        message: 'Duplicate detect. In progress elsewhere, not acknowledged: msg-2',
      },
      {
        '@timestamp': '2026-11-23 07:18:10.100',
        event: 'completed',
        id: 'msg-2',
        receiveCount: '1',
        message: 'Completed msg-2',
      },
      {
        '@timestamp': '2026-11-23 07:18:12.400',
        event: 'start',
        id: 'msg-2',
        receiveCount: '3',
        message: 'Start msg-2 sleep 8',
      },
      {
        '@timestamp': '2026-11-23 07:18:12.450',
        event: 'duplicate-skipped',
        id: 'msg-2',
        receiveCount: '3',
        message: 'Duplicate detect. Skip: msg-2',
      },
      {
        '@timestamp': '2026-11-23 07:18:16.000',
        event: 'start',
        id: 'msg-2',
        receiveCount: '4',
        message: 'Start msg-2 sleep 8',
      },
      {
        '@timestamp': '2026-11-23 07:18:16.010',
        event: 'duplicate-skipped',
        id: 'msg-2',
        receiveCount: '4',
        message: 'Duplicate detect. Skip: msg-2',
      },
    ]);
    expect(result.statistics).toMatchObject({ recordsMatched: 8 });
  });

  it('run verbatim through the AWS CLI (aws logs start-query, get-query-results), each with the rows the SDK gets', async () => {
    // AWS CLI v1 has both commands; only the lab's endpoint and its fake identity are given.
    const aws = async (...args: string[]): Promise<unknown> => {
      const { stdout } = await promisify(execFile)(
        'aws',
        ['--endpoint-url', server.url, '--output', 'json', 'logs', ...args],
        {
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? '',
            AWS_EC2_METADATA_DISABLED: 'true',
            ...fakeAwsEnvironment(),
          },
          timeout: 20_000,
        },
      );
      return JSON.parse(stdout);
    };
    const cases: readonly [string, readonly string[]][] = [
      [history ?? '', [WORKER]],
      [duplicates ?? '', [WORKER]],
      [dlq ?? '', [BATCH_WORKER]],
      [durations ?? '', [WORKER]],
    ];
    for (const [queryString, groups] of cases) {
      const { queryId } = (await aws(
        'start-query',
        '--log-group-names',
        ...groups.map((name) => `/aws/lambda/${name}`),
        '--start-time',
        String(range.startTime),
        '--end-time',
        String(range.endTime),
        '--query-string',
        queryString,
      )) as { queryId: string };
      const answer = (await aws('get-query-results', '--query-id', queryId)) as {
        status: string;
        results: { field: string; value: string }[][];
      };
      expect(answer.status).toBe('Complete');
      const rows = answer.results.map((row) =>
        Object.fromEntries(row.filter((field) => field.field !== '@ptr').map((field) => [field.field, field.value])),
      );
      const expected = (await query(queryString, groups)).rows;
      expect(expected.length, queryString).toBeGreaterThan(0);
      expect(rows, queryString).toEqual(expected);
    }
  });

  it('the duplicates the guard skipped, per id', async () => {
    expect((await query(duplicates ?? '')).rows).toEqual([
      { id: 'msg-2', duplicatesSkipped: '2' },
      { id: 'msg-3', duplicatesSkipped: '1' },
    ]);
  });

  it('the messages that reached the DLQ, after how many receives', async () => {
    expect((await query(dlq ?? '', [BATCH_WORKER])).rows).toEqual(
      [3, 6, 9].map((index) => ({
        id: `run-1-${index}`,
        messageId: `mid-run-1-${index}`,
        failedReceives: '2',
        receives: '2',
      })),
    );
  });

  it('p50 and p99 job duration from the REPORT records', async () => {
    // Durations 2000, 8000, 50, 50, 1000, 20, 10 ms: the 4th and 7th of 7 by nearest rank.
    expect((await query(durations ?? '')).rows).toEqual([{ invocations: '7', p50: '50', p99: '8000' }]);
  });
});

describe('StartQuery, GetQueryResults, StopQuery and DescribeQueries', () => {
  it("reads several groups, names each row's group in @log, and honours limit", async () => {
    const result = await query('fields @log | stats count(*) as lines by @log | sort @log asc', [WORKER, BATCH_WORKER]);
    expect(result.rows).toEqual([
      { '@log': `000000000000:/aws/lambda/${BATCH_WORKER}`, lines: String(2 * 2 + 13) },
      { '@log': `000000000000:/aws/lambda/${WORKER}`, lines: String(7 * 2 + 14) },
    ]);
    expect((await query('fields @message', [WORKER], { limit: 3 })).rows).toHaveLength(3);
  });

  it('reads only the time range, in epoch seconds, both ends included', async () => {
    const result = await query('stats count(*) as lines', [WORKER], {
      startTime: T0 / 1000 + 2,
      endTime: T0 / 1000 + 2,
    });
    // 07:18:02.000 msg-1's completed line and its REPORT; 07:18:02.100 the next START and msg-2's start line.
    expect(result.rows).toEqual([{ lines: '4' }]);
    expect(result.statistics).toMatchObject({ recordsScanned: 4 });
  });

  it('describes the queries it ran and has nothing to stop', async () => {
    const { queryId } = await query('fields @timestamp | limit 1');
    const described = await client.send(
      new DescribeQueriesCommand({ logGroupName: `/aws/lambda/${WORKER}`, maxResults: 1 }),
    );
    expect(described.queries?.[0]).toMatchObject({
      queryId,
      queryString: 'fields @timestamp | limit 1',
      status: 'Complete',
      logGroupName: `/aws/lambda/${WORKER}`,
    });
    expect(described.nextToken).toBeDefined();
    expect((await client.send(new StopQueryCommand({ queryId }))).success).toBe(false);
  });

  it('answers MalformedQueryException with the place the query broke', async () => {
    const error = await client
      .send(
        new StartQueryCommand({ logGroupName: `/aws/lambda/${WORKER}`, queryString: 'fields id | sortt id', ...range }),
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MalformedQueryException);
    expect((error as MalformedQueryException).queryCompileError).toEqual({
      location: { startCharOffset: 12, endCharOffset: 17 },
      message: 'unexpected symbol found sortt at line 1 and position 12',
    });
  });

  it('answers ResourceNotFoundException for a group or a query that does not exist', async () => {
    await expect(
      client.send(
        new StartQueryCommand({ logGroupName: '/aws/lambda/Nope', queryString: 'fields @message', ...range }),
      ),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(client.send(new GetQueryResultsCommand({ queryId: 'nope' }))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
  });

  it('answers InvalidParameterException for two ways of naming groups, a reversed range or a limit out of range', async () => {
    const group = `/aws/lambda/${WORKER}`;
    for (const input of [
      { logGroupName: group, logGroupNames: [group], queryString: 'fields @message', ...range },
      { logGroupName: group, queryString: 'fields @message', startTime: range.endTime, endTime: range.startTime },
      { logGroupName: group, queryString: 'fields @message', ...range, limit: 10_001 },
    ]) {
      await expect(client.send(new StartQueryCommand(input))).rejects.toBeInstanceOf(InvalidParameterException);
    }
  });
});
