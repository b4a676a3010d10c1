/**
 * The records of the lab's bus a test looks for: the mappings' batch outcomes, a function's lines
 * of one event.
 */
import type { FunctionLogRecord, LabLogRecord, MappingLogRecord } from '#lab/bus/lab-log-record';

/** Mapping records (batch outcomes) among collected records. */
export function mappingRecords(records: readonly LabLogRecord[]): MappingLogRecord[] {
  return records.filter((record): record is MappingLogRecord => record.kind === 'mapping');
}

/** Function lines with a given `event` field, e.g. every `start` of the fixture worker. */
export function functionEvents(records: readonly LabLogRecord[], event: string): FunctionLogRecord[] {
  return records.filter(
    (record): record is FunctionLogRecord => record.kind === 'function' && record.parsed?.event === event,
  );
}
