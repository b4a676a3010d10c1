/**
 * Which of an app's log lines open and move a message's visibility window, for the console's
 * in-flight view (in-flight-tracker.ts): the app's handlers write them in its own words, so the
 * app says how to read them. The tutorial registers its worker's `start` and `heartbeat` lines
 * (experiments/console-in-flight-lines.ts); without a reader, the view stays empty.
 */

/** A parsed JSON log line of a function. */
export type ParsedLine = Readonly<Record<string, unknown>>;

/** How the console reads an app's log lines. */
export interface InFlightLines {
  /** A line that says a message was received and work on it started; undefined for any other line. */
  opened(
    line: ParsedLine,
  ): { readonly messageId: string; readonly id: string; readonly receiveCount: number } | undefined;
  /** A line that says a message's visibility timeout was extended; undefined for any other line. */
  extended(line: ParsedLine): { readonly messageId: string; readonly extendedBySeconds: number } | undefined;
}

/** No reader: nothing opens a window. */
export const NO_IN_FLIGHT_LINES: InFlightLines = { opened: () => undefined, extended: () => undefined };
