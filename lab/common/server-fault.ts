/**
 * What a lab server does with a request its handler failed to answer (serve-on-loopback.ts's
 * error boundary): one line in the lab's log, as JSON so that a learner's `jq` or Logs Insights
 * reads it like the other lines. The server goes on serving: the lab keeps a learner's queues,
 * tables and logs in memory, and one bad request must never cost them.
 */

/** Where fault lines go: standard error by default, a test's list when it replaces it. */
let writeLine: (line: string) => void = (line) => process.stderr.write(`${line}\n`);

/** One request a server failed to answer. */
export interface ServerFault {
  /** The server (`AWS endpoint`, `SQS`, `console`…). */
  readonly server: string;
  readonly method: string | undefined;
  /** The request's path, without its query string, cut to 200 characters. */
  readonly path: string;
  readonly error: unknown;
}

/** Writes `fault` as one log line. */
export function reportServerFault(fault: ServerFault): void {
  const { error } = fault;
  const path = fault.path.split('?')[0] ?? '';
  writeLine(
    JSON.stringify({
      level: 'ERROR',
      event: 'request-failed',
      server: fault.server,
      method: fault.method,
      path: path.length > 200 ? `${path.slice(0, 200)}…` : path,
      error: faultSummary(error),
      message: `The lab's ${fault.server} failed to answer a request and goes on serving.`,
    }),
  );
}

/** Sends fault lines to `write` instead (tests read them); returns a function that restores the default. */
export function captureServerFaults(write: (line: string) => void): () => void {
  const previous = writeLine;
  writeLine = write;
  return () => {
    writeLine = previous;
  };
}

/** `Name: message` of what a handler threw, cut to 300 characters (never a stack trace). */
export function faultSummary(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
