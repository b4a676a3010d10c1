/**
 * Counts what a chaos run's worker says it did, from its JSON log lines as they arrive,
 * without keeping the lines (a 1 000-message run writes tens of thousands).
 */
import { type LogEvent, logEventIn, logEventOf } from '../../lambda/commons/log-event';
import type { LabBus, LabLogRecord } from '@sqs-lab/lab';

/** Worker events of both stacks, counted. */
export interface WorkerEventCounts {
  /** Deliveries the worker started on (Step 7 `start`, Step 8 `ok`/`fail`/`invalid-message`). */
  deliveriesLogged: number;
  /** Of those, deliveries with ApproximateReceiveCount > 1: the message had been delivered before. */
  redeliveries: number;
  completed: number;
  duplicateSkipped: number;
  duplicateInProgress: number;
  claimLost: number;
  workFailed: number;
  heartbeatFailures: number;
  invalidMessages: number;
  intentionalFailures: number;
}

/** Each delivery logs exactly one of these first: Step 7 `start` (or `invalid-message`), Step 8 `ok`/`fail`/`invalid-message`. */
const DELIVERY_EVENTS = new Set<LogEvent>(['start', 'ok', 'fail', 'invalid-message']);

/** A running tally of one function's log lines. */
export class WorkerTally {
  readonly counts: WorkerEventCounts = {
    deliveriesLogged: 0,
    redeliveries: 0,
    completed: 0,
    duplicateSkipped: 0,
    duplicateInProgress: 0,
    claimLost: 0,
    workFailed: 0,
    heartbeatFailures: 0,
    invalidMessages: 0,
    intentionalFailures: 0,
  };
  /** Step 8: `ok` lines per id (the batch worker's effect is its OK). */
  readonly okById = new Map<string, number>();
  private readonly detach: () => void;

  constructor(bus: LabBus, stackName: string, functionId: string) {
    const listener = (record: LabLogRecord): void => {
      if (record.kind !== 'function' || record.stackName !== stackName || record.functionId !== functionId) return;
      const line = record.parsed;
      if (line !== undefined) this.count(line);
    };
    bus.on('record', listener);
    this.detach = () => bus.off('record', listener);
  }

  /** Stops listening. */
  stop(): void {
    this.detach();
  }

  private count(line: Record<string, unknown>): void {
    const counts = this.counts;
    if (logEventIn(line, DELIVERY_EVENTS)) {
      counts.deliveriesLogged += 1;
      if (Number(line.receiveCount) > 1) counts.redeliveries += 1;
    }
    switch (logEventOf(line)) {
      case 'completed':
        counts.completed += 1;
        break;
      case 'duplicate-skipped':
        counts.duplicateSkipped += 1;
        break;
      case 'duplicate-in-progress':
        counts.duplicateInProgress += 1;
        break;
      case 'claim-lost':
        counts.claimLost += 1;
        break;
      case 'work-failed':
        counts.workFailed += 1;
        break;
      case 'heartbeat-failed':
        counts.heartbeatFailures += 1;
        break;
      case 'invalid-message':
        counts.invalidMessages += 1;
        break;
      case 'fail':
        counts.intentionalFailures += 1;
        break;
      case 'ok':
        if (typeof line.id === 'string') this.okById.set(line.id, (this.okById.get(line.id) ?? 0) + 1);
        break;
    }
  }
}
