/**
 * The console's Logs Insights panel, server side: the lab's log groups (DescribeLogGroups), the
 * saved queries with the groups they read, and a query run as the AWS console runs one, through
 * the lab's CloudWatch Logs endpoint with the SDK: StartQuery, then GetQueryResults until the
 * status is no longer Scheduled or Running
 * (https://docs.aws.amazon.com/AmazonCloudWatchLogs/latest/APIReference/API_StartQuery.html,
 * API_GetQueryResults.html). The panel has no evaluator of its own: the rows, the statistics,
 * the status and a MalformedQueryException are the Logs service's.
 */
import {
  type CloudWatchLogsClient,
  CloudWatchLogsServiceException,
  GetQueryResultsCommand,
  type GetQueryResultsCommandOutput,
  MalformedQueryException,
  paginateDescribeLogGroups,
  StartQueryCommand,
  StopQueryCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import type { Language } from '../common/language';
import { MESSAGES, type Messages } from '../locales/messages';
import { ConsoleRequestError } from './console-request-error';
import { queryTable, type QueryTable } from './query-table';
import { SAVED_QUERIES } from './saved-queries';

/** The time ranges the panel offers: the last 15 minutes, the last hour, the whole lab run. */
export const QUERY_RANGES = ['15m', '1h', 'run'] as const;

/** One of {@link QUERY_RANGES}. */
export type QueryRange = (typeof QUERY_RANGES)[number];

/** `POST /api/logs/query`'s body, checked. */
export interface PanelQuery {
  readonly queryString: string;
  readonly logGroupNames: readonly string[];
  readonly range: QueryRange;
}

/** A log group the panel offers. */
export interface PanelLogGroup {
  readonly logGroupName: string;
  /** Epoch milliseconds. */
  readonly creationTime: number;
}

/** A saved query in the asked language, with the log group it reads. */
export interface PanelSavedQuery {
  readonly id: string;
  readonly title: string;
  readonly queryString: string;
  readonly logGroupNames: readonly string[];
}

/** `POST /api/logs/query`'s answer. */
export interface PanelAnswer extends QueryTable {
  readonly queryId: string;
  /** GetQueryResults' status (`Complete` on the lab, whose queries end when they start). */
  readonly status: string;
  readonly statistics: {
    readonly recordsMatched: number;
    readonly recordsScanned: number;
    readonly bytesScanned: number;
  };
  readonly logGroupNames: readonly string[];
  /** The range StartQuery was given, in epoch seconds (both ends included). */
  readonly startTime: number;
  readonly endTime: number;
}

/** How long a run waits for a Scheduled or Running query before it stops it. */
export const QUERY_WAIT_MS = 10_000;

/** The pause between two GetQueryResults calls while the query runs. */
export const QUERY_POLL_MS = 250;

/** What a {@link QueryPanel} works with. */
export interface QueryPanelOptions {
  /** A CloudWatch Logs client of the lab's Logs endpoint. */
  readonly client: CloudWatchLogsClient;
  /** The log group a stack's function writes to, `undefined` when the lab does not serve that stack. */
  readonly logGroupOf: (stack: string, functionId: string) => string | undefined;
  readonly clock?: () => number;
  readonly pause?: (ms: number) => Promise<void>;
}

/** The query panel's three answers. */
export class QueryPanel {
  private readonly clock: () => number;
  private readonly pause: (ms: number) => Promise<void>;

  constructor(private readonly options: QueryPanelOptions) {
    this.clock = options.clock ?? Date.now;
    this.pause = options.pause ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** The lab's log groups by name, every page of DescribeLogGroups. */
  async logGroups(): Promise<PanelLogGroup[]> {
    const groups: PanelLogGroup[] = [];
    for await (const page of paginateDescribeLogGroups({ client: this.options.client }, {})) {
      for (const group of page.logGroups ?? []) {
        if (group.logGroupName !== undefined)
          groups.push({ logGroupName: group.logGroupName, creationTime: group.creationTime ?? 0 });
      }
    }
    return groups;
  }

  /** The saved queries whose stack the lab serves, titled in `language`. */
  savedQueries(language: Language): PanelSavedQuery[] {
    return SAVED_QUERIES.flatMap((saved) => {
      const group = this.options.logGroupOf(saved.stack, saved.functionId);
      if (group === undefined) return [];
      return [
        {
          id: saved.id,
          title: MESSAGES[language].consolePage[saved.titleKey],
          queryString: saved.queryString,
          logGroupNames: [group],
        },
      ];
    });
  }

  /**
   * Runs the query of a `POST /api/logs/query` body. Bad input, a query that does not parse
   * (MalformedQueryException, with its `queryCompileError`) and the Logs service's other refusals
   * throw {@link ConsoleRequestError}s, answered as 4xx.
   */
  async run(body: Readonly<Record<string, unknown>>, say: Messages['consoleApi']): Promise<PanelAnswer> {
    const query = checkPanelQuery(body, say);
    const now = this.clock();
    const startMs =
      query.range === '15m'
        ? now - 15 * 60_000
        : query.range === '1h'
          ? now - 60 * 60_000
          : Math.min(now, ...(await this.logGroups()).map((group) => group.creationTime));
    const window = { startTime: Math.floor(startMs / 1000), endTime: Math.floor(now / 1000) };
    const { client } = this.options;
    try {
      const { queryId = '' } = await client.send(
        new StartQueryCommand({ queryString: query.queryString, logGroupNames: [...query.logGroupNames], ...window }),
      );
      const answer = await this.resultsOf(queryId);
      return {
        queryId,
        status: answer.status ?? 'Unknown',
        ...queryTable(answer.results ?? []),
        statistics: {
          recordsMatched: answer.statistics?.recordsMatched ?? 0,
          recordsScanned: answer.statistics?.recordsScanned ?? 0,
          bytesScanned: answer.statistics?.bytesScanned ?? 0,
        },
        logGroupNames: query.logGroupNames,
        ...window,
      };
    } catch (error) {
      throw refusalOf(error, say);
    }
  }

  /** GetQueryResults until the query is no longer Scheduled or Running; stopped after {@link QUERY_WAIT_MS}. */
  private async resultsOf(queryId: string): Promise<GetQueryResultsCommandOutput> {
    const deadline = this.clock() + QUERY_WAIT_MS;
    for (;;) {
      const answer = await this.options.client.send(new GetQueryResultsCommand({ queryId }));
      if (answer.status !== 'Scheduled' && answer.status !== 'Running') return answer;
      if (this.clock() >= deadline) {
        await this.options.client.send(new StopQueryCommand({ queryId }));
        return answer;
      }
      await this.pause(QUERY_POLL_MS);
    }
  }
}

/** `POST /api/logs/query`'s body as a {@link PanelQuery}, or a 400 saying what is wrong. */
export function checkPanelQuery(body: Readonly<Record<string, unknown>>, say: Messages['consoleApi']): PanelQuery {
  const { queryString, logGroupNames, range } = body;
  if (typeof queryString !== 'string' || queryString.trim() === '')
    throw new ConsoleRequestError(400, say.queryStringRequired);
  if (
    !Array.isArray(logGroupNames) ||
    logGroupNames.length === 0 ||
    !logGroupNames.every((name): name is string => typeof name === 'string' && name !== '')
  )
    throw new ConsoleRequestError(400, say.logGroupNamesRequired);
  if (!QUERY_RANGES.some((known) => known === range))
    throw new ConsoleRequestError(400, say.badQueryRange(QUERY_RANGES, String(JSON.stringify(range))));
  return { queryString, logGroupNames, range: range as QueryRange };
}

/** The Logs service's refusal as the console's 4xx; anything else (a lab fault) as it was. */
function refusalOf(error: unknown, say: Messages['consoleApi']): unknown {
  if (error instanceof MalformedQueryException) {
    return new ConsoleRequestError(
      400,
      say.malformedQuery(error.message),
      { queryCompileError: error.queryCompileError ?? null },
      { cause: error },
    );
  }
  if (error instanceof CloudWatchLogsServiceException && error.$fault === 'client') {
    const status = error.$metadata.httpStatusCode ?? 400;
    return new ConsoleRequestError(
      status >= 400 && status < 500 ? status : 400,
      say.logsRefused(error.name, error.message),
      {},
      {
        cause: error,
      },
    );
  }
  return error;
}
