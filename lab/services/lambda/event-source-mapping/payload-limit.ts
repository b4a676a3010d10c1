/**
 * Lambda passes the records of a batch to the function "in a single call, up to the payload
 * limit for synchronous invocation (6 MB)" (CreateEventSourceMapping, BatchSize). A batch the
 * mapping received that would not fit is handed over in several invocations, in order, each
 * within the limit.
 */
import type { SQSEvent, SQSRecord } from 'aws-lambda';

/** Lambda's synchronous invocation payload limit, in bytes (6 MB). */
export const MAX_INVOCATION_PAYLOAD_BYTES = 6 * 1024 * 1024;

/** One invocation's event, and its JSON as the function receives it. */
export interface PayloadEvent {
  readonly event: SQSEvent;
  /** `JSON.stringify(event)`, built from the records' own JSON, each serialized once. */
  readonly json: string;
}

/**
 * Splits records into consecutive events of at most `limit` bytes each. A record too large to
 * fit alone still gets an event of its own (an SQS message, at most 1 MiB, always fits). Each
 * record is serialized once, to measure it, and its JSON is the event's.
 */
export function splitByPayload(records: readonly SQSRecord[], limit = MAX_INVOCATION_PAYLOAD_BYTES): PayloadEvent[] {
  const events: PayloadEvent[] = [];
  // `{"Records":[` + `]}` and one comma per record after the first.
  const envelope = Buffer.byteLength('{"Records":[]}', 'utf8');
  let current: SQSRecord[] = [];
  let parts: string[] = [];
  let size = envelope;
  const close = (): void => {
    events.push({ event: { Records: current }, json: `{"Records":[${parts.join(',')}]}` });
    current = [];
    parts = [];
    size = envelope;
  };
  for (const record of records) {
    const json = JSON.stringify(record);
    const bytes = Buffer.byteLength(json, 'utf8');
    if (current.length > 0 && size + bytes + 1 > limit) close();
    size += bytes + (current.length > 0 ? 1 : 0);
    current.push(record);
    parts.push(json);
  }
  if (current.length > 0) close();
  return events;
}
