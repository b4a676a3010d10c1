/**
 * Invoke's `LogType: Tail`: the last 4 KB of what one invocation wrote to its log stream (its
 * platform lines and the function's own, INIT lines of its cold start included), base64-encoded
 * for the `X-Amz-Log-Result` header (Lambda API reference, Invoke:
 * https://docs.aws.amazon.com/lambda/latest/api/API_Invoke.html).
 */
import type { LabBus } from '../../bus/lab-bus';
import type { LabLogRecord } from '../../bus/lab-log-record';
import type { InvocationResult } from './runtime/local-function';

/** How much of the log Lambda returns. */
export const LOG_TAIL_BYTES = 4096;

/** Runs `invoke` while collecting `functionName`'s log records; returns its result and its log tail. */
export async function invokeWithLogTail(
  logs: LabBus,
  functionName: string,
  invoke: () => Promise<InvocationResult>,
): Promise<{ readonly result: InvocationResult; readonly logResult: string }> {
  const collector = logs.collect(
    (record) => (record.kind === 'function' || record.kind === 'platform') && record.functionName === functionName,
  );
  try {
    const result = await invoke();
    return { result, logResult: logTail(collector.records, result.requestId) };
  } finally {
    collector.stop();
  }
}

/** The base64 last {@link LOG_TAIL_BYTES} bytes of the lines of invocation `requestId`. */
export function logTail(records: readonly LabLogRecord[], requestId: string): string {
  const streams = new Set(
    records.filter((record) => record.requestId === requestId).map((record) => logStreamOf(record)),
  );
  const lines = records
    .filter(
      (record) =>
        record.requestId === requestId || (record.requestId === undefined && streams.has(logStreamOf(record))),
    )
    .map((record) => ('line' in record ? `${record.line}\n` : ''))
    .join('');
  const bytes = Buffer.from(lines, 'utf8');
  return bytes.subarray(Math.max(0, bytes.length - LOG_TAIL_BYTES)).toString('base64');
}

function logStreamOf(record: LabLogRecord): string | undefined {
  return 'logStreamName' in record ? record.logStreamName : undefined;
}
