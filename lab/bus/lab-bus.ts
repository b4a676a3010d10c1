/**
 * The lab's one event bus: the services publish what happened (function lines, platform lines,
 * the mappings' batch outcomes, CloudFormation's stack events, CloudWatch's alarm changes and
 * actions; lab-bus-events.ts) and readers subscribe. It is not CloudWatch Logs (that service,
 * lab/services/logs/, is one of its readers), and it prints nothing: the terminal printer
 * (lab/terminal/print-logs.ts) is another reader.
 */
import { EventEmitter } from 'node:events';
import type { LabBusEvents } from './lab-bus-events';
import type { LabLogRecord } from './lab-log-record';

/**
 * The lab's bus. Subscribe with `bus.on('record', fn)` (or `'stack-event'`, `'alarm'`,
 * `'alarm-action'`); `bus.collect()` keeps the records in an array.
 */
export class LabBus extends EventEmitter<LabBusEvents> {
  /** Emits one record to every listener. */
  publish(record: LabLogRecord): void {
    this.emit('record', record);
  }

  /** Records from now on, in an array that grows; call `stop()` to detach it. */
  collect(filter: (record: LabLogRecord) => boolean = () => true): { records: LabLogRecord[]; stop(): void } {
    const records: LabLogRecord[] = [];
    const listener = (record: LabLogRecord): void => {
      if (filter(record)) records.push(record);
    };
    this.on('record', listener);
    return { records, stop: () => this.off('record', listener) };
  }
}
