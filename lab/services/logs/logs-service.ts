/**
 * The lab's CloudWatch Logs: it fills its {@link LogsState} from the lab's bus as Lambda fills
 * CloudWatch (`/aws/lambda/<function>`, one stream per execution environment), creates and
 * deletes the groups a stack declares, and answers the four read actions the endpoint
 * (logs-api.ts) serves. Each action takes and returns the JSON shapes of the CloudWatch Logs API.
 */
import type { LabBus } from '../../bus/lab-bus';
import type { LabLogRecord } from '../../bus/lab-log-record';
import { LAB_ACCOUNT_ID, LAB_REGION } from '../../common/local-aws';
import { logGroupName as lambdaLogGroupName } from '../lambda/runtime/lambda-environment';
import { InvalidParameterError, ResourceNotFoundError } from './errors';
import { compileFilterPattern } from './filter-pattern';
import { compareEvents, eventId, type LogStream, LogsState, type StoredEvent } from './logs-state';
import { decodeCursor, encodeCursor, pageLimit, pageOf } from './paging';
import { QueryRegistry } from './insights/query-registry';
import { storeQuerySource } from './insights/store-query-source';

/** A FilterLogEvents event. */
export interface FilteredLogEvent {
  readonly logStreamName: string;
  readonly timestamp: number;
  readonly message: string;
  readonly ingestionTime: number;
  readonly eventId: string;
}

/** FilterLogEvents' parameters the lab reads. */
export interface FilterLogEventsInput {
  readonly logGroupName?: string;
  readonly logGroupIdentifier?: string;
  readonly logStreamNames?: readonly string[];
  readonly logStreamNamePrefix?: string;
  readonly startTime?: number;
  readonly endTime?: number;
  readonly filterPattern?: string;
  readonly nextToken?: string;
  readonly limit?: number;
  /** Deprecated by AWS: results are always interleaved. Accepted and ignored. */
  readonly interleaved?: boolean;
}

/** GetLogEvents' parameters. */
export interface GetLogEventsInput {
  readonly logGroupName?: string;
  readonly logGroupIdentifier?: string;
  readonly logStreamName?: string;
  readonly startTime?: number;
  readonly endTime?: number;
  readonly nextToken?: string;
  readonly limit?: number;
  readonly startFromHead?: boolean;
}

/** DescribeLogGroups' parameters. */
export interface DescribeLogGroupsInput {
  readonly logGroupNamePrefix?: string;
  readonly limit?: number;
  readonly nextToken?: string;
}

/** DescribeLogStreams' parameters. */
export interface DescribeLogStreamsInput {
  readonly logGroupName?: string;
  readonly logGroupIdentifier?: string;
  readonly logStreamNamePrefix?: string;
  readonly orderBy?: 'LogStreamName' | 'LastEventTime';
  readonly descending?: boolean;
  readonly limit?: number;
  readonly nextToken?: string;
}

/** Most events one FilterLogEvents or GetLogEvents page holds (AWS: 10 000). */
export const MAX_EVENTS_PER_PAGE = 10_000;

/** The lab's CloudWatch Logs service. */
export class LogsService {
  /** The groups, streams and events. */
  private readonly store = new LogsState();

  /** Logs Insights: StartQuery, GetQueryResults, StopQuery and DescribeQueries over the store. */
  readonly insights = new QueryRegistry(storeQuerySource(this.store));

  /** Creates a group (as the stack's `AWS::Logs::LogGroup` does); a no-op when it exists. */
  createLogGroup(name: string): void {
    this.store.createLogGroup(name);
  }

  /** Deletes a group and its streams (`cdk destroy` of the stack's `AWS::Logs::LogGroup`). */
  deleteLogGroup(name: string): void {
    this.store.deleteLogGroup(name);
  }

  /**
   * Stores what Lambda would send to CloudWatch Logs: every function line and platform record,
   * in the function's log group (`/aws/lambda/<function>` unless its LoggingConfig names one),
   * in the stream of the environment that wrote it. Returns a
   * function that detaches the store.
   */
  attach(bus: LabBus, groupOf: (functionName: string) => string = lambdaLogGroupName): () => void {
    const listener = (record: LabLogRecord): void => {
      if (record.kind === 'mapping') return;
      this.store.putEvent(groupOf(record.functionName), record.logStreamName, {
        timestamp: record.time,
        message: record.line,
      });
    };
    bus.on('record', listener);
    return () => bus.off('record', listener);
  }

  /** FilterLogEvents: matching events of the group's streams, interleaved by time, paged. */
  filterLogEvents(input: FilterLogEventsInput): { events: FilteredLogEvent[]; nextToken?: string } {
    const group = this.store.requireGroup(input.logGroupName ?? input.logGroupIdentifier);
    if (input.logStreamNames !== undefined && input.logStreamNamePrefix !== undefined) {
      throw new InvalidParameterError('logStreamNames and logStreamNamePrefix are mutually exclusive');
    }
    const matches = compileFilterPattern(input.filterPattern);
    const limit = pageLimit(input.limit, MAX_EVENTS_PER_PAGE);
    const after = input.nextToken === undefined ? undefined : decodeCursor(input.nextToken);
    const names = input.logStreamNames === undefined ? undefined : new Set(input.logStreamNames);
    const candidates: { stream: string; event: StoredEvent }[] = [];
    for (const stream of group.streams.values()) {
      if (names !== undefined && !names.has(stream.name)) continue;
      if (input.logStreamNamePrefix !== undefined && !stream.name.startsWith(input.logStreamNamePrefix)) continue;
      for (const event of stream.events) {
        if (!inRange(event.timestamp, input.startTime, input.endTime)) continue;
        if (after !== undefined && compareEvents(event, after) <= 0) continue;
        candidates.push({ stream: stream.name, event });
      }
    }
    candidates.sort((a, b) => compareEvents(a.event, b.event));
    const events: FilteredLogEvent[] = [];
    let last: StoredEvent | undefined;
    for (const { stream, event } of candidates) {
      if (events.length === limit) break;
      last = event;
      if (!matches(event.message)) continue;
      events.push({
        logStreamName: stream,
        timestamp: event.timestamp,
        message: event.message,
        ingestionTime: event.ingestionTime,
        eventId: eventId(event),
      });
    }
    const more = last !== undefined && candidates[candidates.length - 1]?.event !== last;
    return more && last !== undefined ? { events, nextToken: encodeCursor(last) } : { events };
  }

  /** GetLogEvents: one stream's events in order, from the end unless `startFromHead`, with f/ and b/ tokens. */
  getLogEvents(input: GetLogEventsInput): {
    events: { timestamp: number; message: string; ingestionTime: number }[];
    nextForwardToken: string;
    nextBackwardToken: string;
  } {
    const group = this.store.requireGroup(input.logGroupName ?? input.logGroupIdentifier);
    if (input.logStreamName === undefined) throw new InvalidParameterError('logStreamName is required');
    const stream = group.streams.get(input.logStreamName);
    if (stream === undefined) throw new ResourceNotFoundError('The specified log stream does not exist.');
    const events = stream.events.filter((event) => inRange(event.timestamp, input.startTime, input.endTime));
    const limit = pageLimit(input.limit, MAX_EVENTS_PER_PAGE);
    let start: number;
    let end: number;
    const token = input.nextToken === undefined ? undefined : /^([fb])\/(\d+)$/.exec(input.nextToken);
    if (input.nextToken !== undefined && (token === null || token === undefined)) {
      throw new InvalidParameterError('The specified nextToken is invalid.');
    }
    if (token?.[1] === 'f') {
      start = Math.min(Number(token[2]), events.length);
      end = Math.min(start + limit, events.length);
    } else if (token?.[1] === 'b') {
      end = Math.min(Number(token[2]), events.length);
      start = Math.max(0, end - limit);
    } else if (input.startFromHead === true) {
      start = 0;
      end = Math.min(limit, events.length);
    } else {
      end = events.length;
      start = Math.max(0, end - limit);
    }
    return {
      events: events.slice(start, end).map(({ timestamp, message, ingestionTime }) => ({
        timestamp,
        message,
        ingestionTime,
      })),
      nextForwardToken: `f/${String(end).padStart(56, '0')}`,
      nextBackwardToken: `b/${String(start).padStart(56, '0')}`,
    };
  }

  /** DescribeLogGroups: groups by name, optionally by prefix, paged. */
  describeLogGroups(input: DescribeLogGroupsInput): { logGroups: Record<string, unknown>[]; nextToken?: string } {
    const groups = this.store
      .allGroups()
      .filter((group) => input.logGroupNamePrefix === undefined || group.name.startsWith(input.logGroupNamePrefix))
      .sort((a, b) => a.name.localeCompare(b.name));
    const page = pageOf(groups, input.limit, input.nextToken);
    return {
      logGroups: page.items.map((group) => ({
        logGroupName: group.name,
        creationTime: group.creationTime,
        metricFilterCount: 0,
        arn: `${logGroupArn(group.name)}:*`,
        storedBytes: [...group.streams.values()].reduce((total, stream) => total + storedBytes(stream), 0),
        logGroupClass: 'STANDARD',
        logGroupArn: logGroupArn(group.name),
      })),
      ...(page.nextToken === undefined ? {} : { nextToken: page.nextToken }),
    };
  }

  /** DescribeLogStreams: a group's streams by name (or by last event time), paged. */
  describeLogStreams(input: DescribeLogStreamsInput): { logStreams: Record<string, unknown>[]; nextToken?: string } {
    const group = this.store.requireGroup(input.logGroupName ?? input.logGroupIdentifier);
    if (input.orderBy === 'LastEventTime' && input.logStreamNamePrefix !== undefined) {
      throw new InvalidParameterError('Cannot order by LastEventTime with a logStreamNamePrefix.');
    }
    const lastEvent = (stream: LogStream): number => stream.events[stream.events.length - 1]?.timestamp ?? 0;
    const streams = [...group.streams.values()]
      .filter((stream) => input.logStreamNamePrefix === undefined || stream.name.startsWith(input.logStreamNamePrefix))
      .sort((a, b) => (input.orderBy === 'LastEventTime' ? lastEvent(a) - lastEvent(b) : a.name.localeCompare(b.name)));
    if (input.descending === true) streams.reverse();
    const page = pageOf(streams, input.limit, input.nextToken);
    return {
      logStreams: page.items.map((stream) => {
        const first = stream.events[0];
        const last = stream.events[stream.events.length - 1];
        return {
          logStreamName: stream.name,
          creationTime: stream.creationTime,
          ...(first === undefined ? {} : { firstEventTimestamp: first.timestamp }),
          ...(last === undefined ? {} : { lastEventTimestamp: last.timestamp, lastIngestionTime: last.ingestionTime }),
          arn: `${logGroupArn(group.name)}:log-stream:${stream.name}`,
          storedBytes: 0,
        };
      }),
      ...(page.nextToken === undefined ? {} : { nextToken: page.nextToken }),
    };
  }
}

/** A log group's ARN in the lab's account and region (DescribeLogGroups' `logGroupArn`). */
export function logGroupArn(name: string): string {
  return `arn:aws:logs:${LAB_REGION}:${LAB_ACCOUNT_ID}:log-group:${name}`;
}

function storedBytes(stream: LogStream): number {
  return stream.events.reduce((total, event) => total + Buffer.byteLength(event.message), 0);
}

function inRange(timestamp: number, startTime: number | undefined, endTime: number | undefined): boolean {
  return (startTime === undefined || timestamp >= startTime) && (endTime === undefined || timestamp <= endTime);
}
