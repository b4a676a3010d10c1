import { InvalidOriginError } from '../common/lab-origins';
import { type Language, UnknownLanguageError } from '../common/language';
import { MESSAGES } from '../locales/messages';

/** A command-line mistake: printed with the usage, exit code 2. One class for every CLI. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * The sentence every CLI prints for a command-line mistake (a {@link UsageError}, a `--lang`
 * value the lab does not speak, or a bad `LAB_EXTRA_CORS_ALLOWED_ORIGINS` entry) in `language`; `undefined` for any other error, which is not the
 * user's typing and must not be reported as if it were.
 */
export function commandLineMistake(error: unknown, language: Language): string | undefined {
  const say = MESSAGES[language].commandLine;
  if (error instanceof UnknownLanguageError) return say.unknownLanguage(error.value);
  if (error instanceof UsageError) return error.message;
  if (error instanceof InvalidOriginError) return say.invalidOrigin(error.value);
  return undefined;
}
