/**
 * A request the console's API cannot take: the server answers it with its `status` (a 4xx) and
 * `{ "error": message, ...details }`, never a 500 or a stack trace.
 */
export class ConsoleRequestError extends Error {
  override readonly name = 'ConsoleRequestError';

  constructor(
    /** The HTTP status of the answer (4xx). */
    readonly status: number,
    message: string,
    /** Members the answer carries beside `error` (a malformed query's `queryCompileError`). */
    readonly details: Readonly<Record<string, unknown>> = {},
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
  }
}
