import { type Language, UNKNOWN_LANGUAGE_MESSAGES, UnknownLanguageError } from '../common/language';

/** A command-line mistake: printed with the usage, exit code 2. One class for every CLI. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * The sentence every CLI prints for a command-line mistake (a {@link UsageError}, or a `--lang`
 * value the lab does not speak) in `language`; `undefined` for any other error, which is not the
 * user's typing and must not be reported as if it were.
 */
export function commandLineMistake(error: unknown, language: Language): string | undefined {
  if (error instanceof UnknownLanguageError) return UNKNOWN_LANGUAGE_MESSAGES[language](error.value);
  if (error instanceof UsageError) return error.message;
  return undefined;
}
