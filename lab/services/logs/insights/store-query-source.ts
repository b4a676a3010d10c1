/**
 * The {@link QuerySource} of the lab's {@link LogsState}: the groups a StartQuery names (by name or
 * ARN, ResourceNotFoundException when one does not exist) and their events in a time range.
 */
import { LAB_ACCOUNT_ID } from '../../../common/local-aws';
import type { LogsState } from '../logs-state';
import type { LogRecord } from './log-fields';
import type { QuerySource } from './query-registry';

/** Reads the queries' events from `store`. */
export function storeQuerySource(store: LogsState): QuerySource {
  return {
    accountId: LAB_ACCOUNT_ID,
    resolveGroups: (identifiers) => identifiers.map((identifier) => store.requireGroup(identifier).name),
    records: (groups, startMs, endMs) => {
      const records: LogRecord[] = [];
      for (const name of groups) {
        for (const stream of store.requireGroup(name).streams.values()) {
          for (const event of stream.events) {
            if (event.timestamp < startMs || event.timestamp > endMs) continue;
            records.push({ ...event, logGroup: name, logStream: stream.name });
          }
        }
      }
      return records;
    },
  };
}
