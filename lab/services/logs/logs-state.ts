/**
 * CloudWatch Logs' state on the lab: log groups, their streams and the events in them, in the
 * order they were put. The service (logs-service.ts) fills it from the lab's bus and reads it
 * for the API's actions.
 */
import { InvalidParameterError, ResourceNotFoundError } from './errors';

/** One stored event. `sequence` orders events that share a timestamp. */
export interface StoredEvent {
  readonly timestamp: number;
  readonly ingestionTime: number;
  readonly message: string;
  readonly sequence: number;
}

/** A log stream and its events, oldest first. */
export interface LogStream {
  readonly name: string;
  readonly creationTime: number;
  readonly events: StoredEvent[];
}

/** A log group and its streams by name. */
export interface LogGroup {
  readonly name: string;
  readonly creationTime: number;
  readonly streams: Map<string, LogStream>;
  /** Events held in all streams. */
  events: number;
}

/**
 * Events the lab keeps per log group; older ones are dropped first. CloudWatch keeps a group's
 * events for its retention period (7 days here); a lab run needs only its recent lines, and a
 * bound keeps the lab's memory flat under long runs.
 */
export const LOG_GROUP_EVENT_LIMIT = 5000;

/** The lab's log groups, streams and events. */
export class LogsState {
  private readonly groups = new Map<string, LogGroup>();
  private sequence = 0;

  /** Creates a group (as the stack's `AWS::Logs::LogGroup` does); a no-op when it exists. */
  createLogGroup(name: string, now = Date.now()): void {
    if (!this.groups.has(name)) this.groups.set(name, { name, creationTime: now, streams: new Map(), events: 0 });
  }

  /** Deletes a group and its streams (`cdk destroy` of the stack's `AWS::Logs::LogGroup`). */
  deleteLogGroup(name: string): void {
    this.groups.delete(name);
  }

  /** Appends one event, creating the group and stream as Lambda does on first write. */
  putEvent(
    groupName: string,
    streamName: string,
    event: { readonly timestamp: number; readonly message: string },
  ): void {
    this.createLogGroup(groupName, event.timestamp);
    const group = this.groups.get(groupName) as LogGroup;
    let stream = group.streams.get(streamName);
    if (stream === undefined) {
      stream = { name: streamName, creationTime: event.timestamp, events: [] };
      group.streams.set(streamName, stream);
    }
    this.sequence += 1;
    stream.events.push({ ...event, ingestionTime: Date.now(), sequence: this.sequence });
    group.events += 1;
    if (group.events > LOG_GROUP_EVENT_LIMIT) dropOldest(group);
  }

  /** Every group, in creation order. */
  allGroups(): readonly LogGroup[] {
    return [...this.groups.values()];
  }

  /** The group a `logGroupName` or `logGroupIdentifier` (name or ARN) names; refused when absent. */
  requireGroup(name: string | undefined): LogGroup {
    if (name === undefined || name === '') throw new InvalidParameterError('logGroupName is required');
    // logGroupIdentifier may be the ARN.
    const key = name.startsWith('arn:')
      ? name.replace(/^arn:aws:logs:[^:]*:\d*:log-group:/, '').replace(/:\*$/, '')
      : name;
    const group = this.groups.get(key);
    if (group === undefined) throw new ResourceNotFoundError('The specified log group does not exist.');
    return group;
  }
}

/** Put order: by timestamp, then by sequence. */
export function compareEvents(
  a: Pick<StoredEvent, 'timestamp' | 'sequence'>,
  b: Pick<StoredEvent, 'timestamp' | 'sequence'>,
): number {
  return a.timestamp - b.timestamp || a.sequence - b.sequence;
}

/** A 56-digit id, as CloudWatch's: the timestamp and the sequence, so ids sort with the events. */
export function eventId(event: StoredEvent): string {
  return `${String(event.timestamp).padStart(20, '0')}${String(event.sequence).padStart(36, '0')}`;
}

/** Drops the group's oldest event (the first of the stream whose first event is oldest). */
function dropOldest(group: LogGroup): void {
  let oldest: LogStream | undefined;
  for (const stream of group.streams.values()) {
    const first = stream.events[0];
    if (first === undefined) continue;
    const current = oldest?.events[0];
    if (current === undefined || first.sequence < current.sequence) oldest = stream;
  }
  if (oldest === undefined) return;
  oldest.events.shift();
  group.events -= 1;
}
