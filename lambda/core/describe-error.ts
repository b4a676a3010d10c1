/** Short text for an unknown thrown value, without a stack trace: what a log line carries of an error. */
export function describeError(error: unknown): { errorName: string; errorMessage: string } {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message };
  return { errorName: 'NonError', errorMessage: String(error) };
}
