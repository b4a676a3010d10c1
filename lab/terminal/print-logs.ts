/**
 * The terminal side of the bus: `npm run lab` attaches it to the bus it hands the lab, and prints the
 * functions' lines and one REPORT per invocation as they are published. The services only
 * publish; this reader writes them out.
 */
import type { LabBus } from '../bus/lab-bus';
import type { FunctionRef, LabLogRecord } from '../bus/lab-log-record';
import { terminalSafe } from '../common/terminal-safe';
import { reportText } from '../services/lambda/runtime/platform-lines';
import { prettyText } from './pretty-text';

/** How `npm run lab` prints lines: `pretty` (time, function, level, message) or the raw `json` lines. */
export type LogPrintFormat = 'pretty' | 'json';

/** The printable formats, for the command line. */
export const LOG_PRINT_FORMATS: readonly LogPrintFormat[] = ['pretty', 'json'];

/**
 * Prints function lines and one REPORT per invocation, with control characters escaped
 * (lab/common/terminal-safe.ts). `pretty` (the default) writes
 * `time  Stack/Function  LEVEL  message`, as the experiment report does; `json` writes each
 * line as CloudWatch holds it, tagged with the function. Mapping records are not printed
 * (CloudWatch has no such lines). Returns a function that detaches the printer.
 */
export function printLogs(
  bus: LabBus,
  write: (text: string) => void = (text) => process.stdout.write(text),
  format: LogPrintFormat = 'pretty',
): () => void {
  const listener = (record: LabLogRecord): void => {
    const text = format === 'json' ? jsonText(record) : prettyText(record);
    // A line's text comes from requests (ids, bodies, field names): never let it drive the terminal.
    if (text !== undefined) write(`${terminalSafe(text)}\n`);
  };
  bus.on('record', listener);
  return () => bus.off('record', listener);
}

function jsonText(record: LabLogRecord): string | undefined {
  if (record.kind === 'function') return `${functionTag(record)} ${record.line}`;
  if (record.kind === 'platform' && record.parsed.type === 'platform.report')
    return `${functionTag(record)} ${reportText(record.requestId, record.parsed.record)}`;
  return undefined;
}

/** Tag printed before every line of a function: `[VisibilityDupStack/Worker]`. */
function functionTag(ref: FunctionRef): string {
  return `[${ref.stackName}/${ref.functionId}]`;
}
