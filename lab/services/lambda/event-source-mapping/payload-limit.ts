/**
 * Lambda passes the records of a batch to the function "in a single call, up to the payload
 * limit for synchronous invocation (6 MB)" (CreateEventSourceMapping, BatchSize). A batch the
 * mapping received that would not fit is handed over in several invocations, in order, each
 * within the limit.
 */
import type { SQSEvent, SQSRecord } from 'aws-lambda';

/** Lambda's synchronous invocation payload limit, in bytes (6 MB). */
export const MAX_INVOCATION_PAYLOAD_BYTES = 6 * 1024 * 1024;

/** The event's size as Lambda counts it: its JSON, in UTF-8 bytes. */
export function eventBytes(event: SQSEvent): number {
  return Buffer.byteLength(JSON.stringify(event), 'utf8');
}

/**
 * Splits records into consecutive events of at most `limit` bytes each. A record too large to
 * fit alone still gets an event of its own (an SQS message, at most 1 MiB, always fits).
 */
export function splitByPayload(records: readonly SQSRecord[], limit = MAX_INVOCATION_PAYLOAD_BYTES): SQSEvent[] {
  const events: SQSEvent[] = [];
  // `{"Records":[` + `]}` and one comma per record after the first.
  const envelope = Buffer.byteLength('{"Records":[]}', 'utf8');
  let current: SQSRecord[] = [];
  let size = envelope;
  for (const record of records) {
    const bytes = Buffer.byteLength(JSON.stringify(record), 'utf8');
    const added = bytes + (current.length > 0 ? 1 : 0);
    if (current.length > 0 && size + added > limit) {
      events.push({ Records: current });
      current = [];
      size = envelope;
    }
    size += bytes + (current.length > 0 ? 1 : 0);
    current.push(record);
  }
  if (current.length > 0) events.push({ Records: current });
  return events;
}
