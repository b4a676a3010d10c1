/**
 * The query panel's run, with a mocked CloudWatch Logs client: what StartQuery is given for each
 * time range, GetQueryResults asked again while the query is Scheduled or Running (the lab's
 * queries are Complete at once, AWS's are not:
 * https://docs.aws.amazon.com/AmazonCloudWatchLogs/latest/APIReference/API_GetQueryResults.html),
 * a query stopped when it runs too long, and which failures become a 4xx.
 */
import {
  CloudWatchLogsClient,
  DescribeLogGroupsCommand,
  GetQueryResultsCommand,
  ServiceUnavailableException,
  StartQueryCommand,
  StopQueryCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleRequestError } from '#lab/console/console-request-error';
import { QUERY_POLL_MS, QUERY_WAIT_MS, QueryPanel } from '#lab/console/query-panel';
import { MESSAGES } from '#lab/locales/messages';
import { mockAwsClient } from '#lab/test/helpers/mock-aws-client';

const logsMock = mockAwsClient(CloudWatchLogsClient);
const NOW = Date.parse('2026-11-23T07:18:30.500Z');
const say = MESSAGES.en.consoleApi;
const STATISTICS = { recordsMatched: 1, recordsScanned: 3, bytesScanned: 120 };

/** A panel whose clock moves only when it pauses; `pauses` lists each pause. */
function panel() {
  const pauses: number[] = [];
  let now = NOW;
  const queryPanel = new QueryPanel({
    client: new CloudWatchLogsClient({ region: 'us-east-1' }),
    logGroupOf: () => undefined,
    clock: () => now,
    pause: async (ms) => {
      pauses.push(ms);
      now += ms;
    },
  });
  return { queryPanel, pauses };
}

afterEach(() => {
  logsMock.reset();
});

describe('QueryPanel.run', () => {
  it('starts the query over the last 15 minutes and asks for its results until it is Complete', async () => {
    logsMock.on(StartQueryCommand).resolves({ queryId: 'q-1' });
    logsMock
      .on(GetQueryResultsCommand)
      .resolvesOnce({ status: 'Scheduled', results: [] })
      .resolvesOnce({ status: 'Running', results: [] })
      .resolves({ status: 'Complete', results: [[{ field: 'id', value: 'msg-1' }]], statistics: STATISTICS });
    const { queryPanel, pauses } = panel();
    const answer = await queryPanel.run({ queryString: 'fields id', logGroupNames: ['/g'], range: '15m' }, say);
    expect(logsMock.commandCalls(StartQueryCommand)[0]?.args[0].input).toEqual({
      queryString: 'fields id',
      logGroupNames: ['/g'],
      startTime: Math.floor((NOW - 15 * 60_000) / 1000),
      endTime: Math.floor(NOW / 1000),
    });
    expect(pauses).toEqual([QUERY_POLL_MS, QUERY_POLL_MS]);
    expect(answer).toEqual({
      queryId: 'q-1',
      status: 'Complete',
      columns: ['id'],
      rows: [{ id: 'msg-1' }],
      statistics: STATISTICS,
      logGroupNames: ['/g'],
      startTime: Math.floor((NOW - 15 * 60_000) / 1000),
      endTime: Math.floor(NOW / 1000),
    });
    expect(logsMock.commandCalls(StopQueryCommand)).toHaveLength(0);
  });

  it('reads the whole lab run from the first log group it created, every page of DescribeLogGroups', async () => {
    logsMock
      .on(DescribeLogGroupsCommand)
      .resolvesOnce({ logGroups: [{ logGroupName: '/a', creationTime: NOW - 5000 }], nextToken: 'next' })
      .resolves({ logGroups: [{ logGroupName: '/b', creationTime: NOW - 90_000 }] });
    logsMock.on(StartQueryCommand).resolves({ queryId: 'q-2' });
    logsMock.on(GetQueryResultsCommand).resolves({ status: 'Complete', results: [], statistics: STATISTICS });
    const answer = await panel().queryPanel.run({ queryString: 'fields id', logGroupNames: ['/a'], range: 'run' }, say);
    expect(answer.startTime).toBe(Math.floor((NOW - 90_000) / 1000));
    expect(logsMock.commandCalls(DescribeLogGroupsCommand)).toHaveLength(2);
  });

  it(`stops a query still running after ${QUERY_WAIT_MS} ms and answers its status`, async () => {
    logsMock.on(StartQueryCommand).resolves({ queryId: 'q-3' });
    logsMock.on(GetQueryResultsCommand).resolves({ status: 'Running', results: [] });
    logsMock.on(StopQueryCommand).resolves({ success: true });
    const { queryPanel, pauses } = panel();
    const answer = await queryPanel.run({ queryString: 'fields id', logGroupNames: ['/g'], range: '1h' }, say);
    expect(answer.status).toBe('Running');
    expect(pauses.reduce((total, ms) => total + ms, 0)).toBe(QUERY_WAIT_MS);
    expect(logsMock.commandCalls(StopQueryCommand).map((call) => call.args[0].input)).toEqual([{ queryId: 'q-3' }]);
  });

  it("passes a fault of the Logs service on as it is (the console's 500), not as the learner's 4xx", async () => {
    const fault = new ServiceUnavailableException({ message: 'down', $metadata: { httpStatusCode: 500 } });
    logsMock.on(StartQueryCommand).rejects(fault);
    const failure = await panel()
      .queryPanel.run({ queryString: 'fields id', logGroupNames: ['/g'], range: '1h' }, say)
      .catch((error: unknown) => error);
    expect(failure).toBe(fault);
    expect(failure).not.toBeInstanceOf(ConsoleRequestError);
  });
});
