/**
 * Logs Insights queries and their statuses: StartQuery, GetQueryResults, StopQuery and
 * DescribeQueries (https://docs.aws.amazon.com/AmazonCloudWatchLogs/latest/APIReference/API_StartQuery.html
 * and its siblings). A query runs when it starts, over the events in its time range at that
 * moment, and is `Complete` from then on: the lab's logs are a few thousand lines, so there is
 * no `Scheduled` or `Running` to watch (AWS's status moves Scheduled → Running → Complete). The
 * registry keeps the last {@link KEPT_QUERIES} queries.
 */
import { randomUUID } from 'node:crypto';
import { putRecent } from '../../../common/recent-entries';
import { InvalidParameterError, ResourceNotFoundError } from '../errors';
import type { LogRecord } from './log-fields';
import { compileQuery, type QueryOutput, runQuery } from './query-evaluator';

/** A query's status (the API's QueryStatus). */
export type QueryStatus = 'Scheduled' | 'Running' | 'Complete' | 'Failed' | 'Cancelled' | 'Timeout' | 'Unknown';

/** StartQuery's members. */
export interface StartQueryInput {
  readonly logGroupName?: string;
  readonly logGroupNames?: readonly string[];
  readonly logGroupIdentifiers?: readonly string[];
  readonly startTime?: number;
  readonly endTime?: number;
  readonly queryString?: string;
  readonly limit?: number;
  readonly queryLanguage?: string;
}

/** Where the registry reads events: the named groups' events (refusing a group that does not exist) and the account. */
export interface QuerySource {
  /** The canonical names of the groups, ResourceNotFoundException when one does not exist. */
  resolveGroups(identifiers: readonly string[]): string[];
  /** Every event of `groups` with a timestamp in `startMs..endMs` (inclusive). */
  records(groups: readonly string[], startMs: number, endMs: number): LogRecord[];
  readonly accountId: string;
}

/** One query the registry holds. */
interface HeldQuery {
  readonly queryId: string;
  readonly queryString: string;
  readonly logGroupNames: readonly string[];
  readonly createTime: number;
  readonly status: QueryStatus;
  readonly output: QueryOutput;
  readonly durationMs: number;
}

/** Queries the registry keeps (AWS keeps a query's results for 7 days). */
export const KEPT_QUERIES = 200;

/** The largest `limit` StartQuery takes here: one GetQueryResults page (AWS: 10 000 a page, 100 000 with paging). */
export const MAX_QUERY_LIMIT = 10_000;

/** Most log groups one query reads (StartQuery: "up to 50 log groups"). */
export const MAX_QUERY_GROUPS = 50;

/** The lab's Logs Insights queries. */
export class QueryRegistry {
  private readonly queries = new Map<string, HeldQuery>();

  constructor(
    private readonly source: QuerySource,
    private readonly clock: () => number = Date.now,
  ) {}

  /** StartQuery: checks, parses and runs the query; answers its id. */
  startQuery(input: StartQueryInput): { queryId: string } {
    const named = [
      input.logGroupName === undefined ? undefined : [input.logGroupName],
      input.logGroupNames,
      input.logGroupIdentifiers,
    ].filter((value): value is readonly string[] => value !== undefined);
    if (named.length !== 1) {
      throw new InvalidParameterError(
        'Exactly one of logGroupName, logGroupNames or logGroupIdentifiers must be specified.',
      );
    }
    const identifiers = named[0] ?? [];
    if (identifiers.length === 0 || identifiers.length > MAX_QUERY_GROUPS) {
      throw new InvalidParameterError(`A query reads 1 to ${MAX_QUERY_GROUPS} log groups.`);
    }
    if (input.queryLanguage !== undefined && input.queryLanguage !== 'CWLI') {
      throw new InvalidParameterError(
        `The lab's Logs Insights runs the CWLI query language, not ${input.queryLanguage}.`,
      );
    }
    if (input.queryString === undefined || input.queryString.trim() === '') {
      throw new InvalidParameterError('queryString is required.');
    }
    if (input.startTime === undefined || input.endTime === undefined) {
      throw new InvalidParameterError('startTime and endTime are required (epoch seconds).');
    }
    if (input.endTime < input.startTime) throw new InvalidParameterError('endTime must not be before startTime.');
    if (
      input.limit !== undefined &&
      (!Number.isInteger(input.limit) || input.limit < 1 || input.limit > MAX_QUERY_LIMIT)
    ) {
      throw new InvalidParameterError(`limit must be between 1 and ${MAX_QUERY_LIMIT}.`);
    }
    const query = compileQuery(input.queryString);
    const groups = this.source.resolveGroups(identifiers);
    const started = this.clock();
    // The range is inclusive and in seconds: endTime covers its whole second.
    const records = this.source.records(groups, input.startTime * 1000, input.endTime * 1000 + 999);
    const output = runQuery(query, records, {
      accountId: this.source.accountId,
      ...(input.limit === undefined ? {} : { limit: input.limit }),
    });
    const queryId = randomUUID();
    putRecent(
      this.queries,
      queryId,
      {
        queryId,
        queryString: input.queryString,
        logGroupNames: groups,
        createTime: started,
        status: 'Complete',
        output,
        durationMs: this.clock() - started,
      },
      KEPT_QUERIES,
    );
    return { queryId };
  }

  /** GetQueryResults: the rows, the statistics and the status. */
  getQueryResults(input: { readonly queryId?: string }): {
    queryLanguage: string;
    results: QueryOutput['results'];
    statistics: QueryOutput['statistics'];
    status: QueryStatus;
  } {
    const query = this.require(input.queryId);
    return {
      queryLanguage: 'CWLI',
      results: query.output.results,
      statistics: query.output.statistics,
      status: query.status,
    };
  }

  /** StopQuery: `success` is false, since a lab query is complete by the time its id is known. */
  stopQuery(input: { readonly queryId?: string }): { success: boolean } {
    const query = this.require(input.queryId);
    return { success: query.status === 'Running' || query.status === 'Scheduled' };
  }

  /** DescribeQueries: the queries, newest first, optionally of one group or status. */
  describeQueries(input: {
    readonly logGroupName?: string;
    readonly status?: string;
    readonly maxResults?: number;
    readonly nextToken?: string;
  }): { queries: Record<string, unknown>[]; nextToken?: string } {
    const size = input.maxResults ?? 1000;
    if (!Number.isInteger(size) || size < 1 || size > 1000) {
      throw new InvalidParameterError('maxResults must be between 1 and 1000.');
    }
    const offset = input.nextToken === undefined ? 0 : Number(input.nextToken);
    if (!Number.isInteger(offset) || offset < 0) throw new InvalidParameterError('The specified nextToken is invalid.');
    const matching = [...this.queries.values()]
      .reverse()
      .filter((query) => input.logGroupName === undefined || query.logGroupNames.includes(input.logGroupName))
      .filter((query) => input.status === undefined || query.status === input.status);
    const page = matching.slice(offset, offset + size).map((query) => ({
      queryLanguage: 'CWLI',
      queryId: query.queryId,
      queryString: query.queryString,
      status: query.status,
      createTime: query.createTime,
      logGroupName: query.logGroupNames[0],
      queryDuration: query.durationMs,
      bytesScanned: query.output.statistics.bytesScanned,
    }));
    return offset + size < matching.length ? { queries: page, nextToken: String(offset + size) } : { queries: page };
  }

  private require(queryId: string | undefined): HeldQuery {
    if (queryId === undefined || queryId === '') throw new InvalidParameterError('queryId is required.');
    const query = this.queries.get(queryId);
    if (query === undefined) throw new ResourceNotFoundError(`Query ${queryId} does not exist.`);
    return query;
  }
}
