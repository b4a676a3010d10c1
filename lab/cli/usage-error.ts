/** A command-line mistake: printed with the usage, exit code 2. One class for every CLI. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
