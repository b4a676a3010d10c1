/**
 * A mapping's events in the lab's log: each settled batch as a `kind: 'mapping'` record (what
 * was deleted, what was kept and why), and a lab note in the function's log stream, where the
 * learner looks, when the function's `batchItemFailures` were ignored.
 */
import type { MappingEvent, MappingEventListener } from './mapping-events';
import type { LabBus } from '../../../bus/lab-bus';
import { labNote } from '../lab-note';
import type { FunctionRef } from '../../../bus/lab-log-record';

/** A subscriber that publishes a mapping's outcomes and notes to `logs`. */
export function mappingLogPublisher(logs: LabBus, fn: FunctionRef, queueName: string): MappingEventListener {
  return (event: MappingEvent) => {
    if (event.type === 'settled') {
      logs.publish({
        kind: 'mapping',
        ...fn,
        queueName,
        requestId: event.requestId,
        messageIds: event.messageIds,
        deletedMessageIds: event.deletedMessageIds,
        outcome: event.outcome,
        reason: event.reason,
        time: Date.now(),
      });
    } else if (event.type === 'batch-item-failures-ignored') {
      publishIgnoredFailuresNote(logs, fn, event);
    }
  };
}

/**
 * Lambda ignores `batchItemFailures` without ReportBatchItemFailures and deletes the whole
 * batch; the lab says so in the function's log stream.
 */
function publishIgnoredFailuresNote(
  logs: LabBus,
  fn: FunctionRef,
  event: MappingEvent & { readonly type: 'batch-item-failures-ignored' },
): void {
  const { requestId, messageIds, ignoredItemIdentifiers } = event;
  logs.publish(
    labNote(
      fn,
      `Lab note: the function returned batchItemFailures (${ignoredItemIdentifiers.length} of ${messageIds.length} records), but this event source mapping has no ReportBatchItemFailures, so Lambda ignores the list and deletes the whole batch (as on AWS). Add FunctionResponseTypes: [ReportBatchItemFailures] to retry only the listed records.`,
      { requestId, messageIds, ignoredItemIdentifiers },
    ),
  );
}
