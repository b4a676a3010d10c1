/**
 * One received batch, from messages to settled, as LocalStack's `SqsPoller.handle_messages` and
 * `esm_event_processor.py` take it: build the records Lambda builds, delete those no filter
 * matches, hand the rest to the function (in several invocations when they exceed the 6 MB
 * payload limit), then delete what {@link settleBatch} says and report the outcome.
 */
import type { Message } from '@aws-sdk/client-sqs';
import { listedItemIdentifiers, settleBatch } from './batch-settlement';
import type { LambdaSender } from './lambda-sender';
import type { ResolvedMappingProperties } from './mapping-properties';
import type { MappingEventListener } from './mapping-events';
import { type PayloadEvent, splitByPayload } from './payload-limit';
import { toSqsRecord } from './sqs-event';
import type { SqsPoller } from './sqs-poller';
import { LAB_REGION } from '../../../common/local-aws';

/** What a processor needs. */
export interface BatchProcessorOptions {
  /** The mapped queue's ARN (each record's `eventSourceARN`). */
  readonly queueArn: string;
  readonly poller: SqsPoller;
  readonly sender: LambdaSender;
  /** The mapping's properties in force (an update may change them between batches). */
  readonly properties: () => ResolvedMappingProperties;
  readonly emit: MappingEventListener;
}

/** Takes each batch a poller received to its settlement. */
export class BatchProcessor {
  constructor(private readonly options: BatchProcessorOptions) {}

  /**
   * Filters, invokes and settles one batch. Throws only when ReceiveMessage returned a message
   * a record cannot be built from (`IncompleteMessageError`); its messages then reappear after
   * their visibility timeout.
   */
  async process(messages: readonly Message[], receivedAt: number): Promise<void> {
    const { poller, emit } = this.options;
    const queue = { arn: this.options.queueArn, region: LAB_REGION };
    const records = messages.map((message) => toSqsRecord(message, queue));
    const { filter } = this.options.properties();
    const matched = records.filter((record) => filter.matches(record));
    if (matched.length < records.length) {
      // Lambda deletes the messages no filter matches, without invoking the function.
      const unmatched = records.filter((record) => !matched.includes(record));
      emit({ type: 'filtered-out', messageIds: unmatched.map((record) => record.messageId) });
      await poller.deleteMessages(unmatched);
    }
    if (matched.length === 0) return;
    const events = splitByPayload(matched);
    if (events.length > 1) emit({ type: 'payload-split', invocations: events.length });
    for (const payload of events) await this.invokeAndSettle(payload, receivedAt);
  }

  private async invokeAndSettle(payload: PayloadEvent, receivedAt: number): Promise<void> {
    const { poller, sender, emit } = this.options;
    const { event } = payload;
    const messageIds = event.Records.map((record) => record.messageId);
    const result = await sender.send(payload, receivedAt);
    if (result === undefined) {
      emit({
        type: 'settled',
        requestId: 'throttled',
        messageIds,
        deletedMessageIds: [],
        outcome: 'failure',
        reason: 'throttled',
      });
      return;
    }
    const { reportBatchItemFailures } = this.options.properties();
    const settlement = settleBatch(messageIds, result, reportBatchItemFailures);
    if (result.status === 'success' && !reportBatchItemFailures) {
      // Lambda ignores the list and deletes the whole batch; the lab's log says so.
      const ignored = listedItemIdentifiers(result.payload);
      if (ignored !== undefined)
        emit({
          type: 'batch-item-failures-ignored',
          requestId: result.requestId,
          messageIds,
          ignoredItemIdentifiers: ignored,
        });
    }
    const toDelete = new Set(settlement.deleteMessageIds);
    const deleted = await poller.deleteMessages(event.Records.filter((record) => toDelete.has(record.messageId)));
    emit({
      type: 'settled',
      requestId: result.requestId,
      messageIds,
      deletedMessageIds: deleted,
      outcome: settlement.outcome,
      reason: settlement.reason,
    });
  }
}
