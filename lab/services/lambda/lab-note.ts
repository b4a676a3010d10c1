/**
 * A lab note in a function's log: the lab's own line (not an execution environment's), in a log
 * stream of its own (`lab-notes`), where the learner looks for what Lambda did with the function:
 * a batch's `batchItemFailures` ignored, an invocation record its role may not send.
 */
import type { FunctionLogRecord, FunctionRef } from '../../bus/lab-log-record';

/** The log stream of the lab's notes in a function's log group. */
export const LAB_NOTES_STREAM = 'lab-notes';

/** A WARN line saying `message`, with `fields` beside it in its JSON (the invocation's `requestId`, if any). */
export function labNote(
  fn: FunctionRef,
  message: string,
  fields: { readonly requestId?: string } & Readonly<Record<string, unknown>> = {},
): FunctionLogRecord {
  const parsed = { timestamp: new Date().toISOString(), level: 'WARN', event: 'lab-note', message, ...fields };
  return {
    kind: 'function',
    ...fn,
    requestId: fields.requestId,
    logStreamName: LAB_NOTES_STREAM,
    stream: 'stderr',
    line: JSON.stringify(parsed),
    parsed,
    time: Date.now(),
  };
}
