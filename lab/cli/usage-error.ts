import { EXTRA_ORIGINS_VARIABLE, InvalidOriginError } from '../common/lab-origins';
import { type Language, UNKNOWN_LANGUAGE_MESSAGES, UnknownLanguageError } from '../common/language';

/** A bad entry in `LAB_EXTRA_CORS_ALLOWED_ORIGINS`, in each language. */
const INVALID_ORIGIN_MESSAGES: Readonly<Record<Language, (value: string) => string>> = {
  en: (value) => `${EXTRA_ORIGINS_VARIABLE}: ${JSON.stringify(value)} is not an origin such as http://localhost:5173`,
  ja: (value) =>
    `${EXTRA_ORIGINS_VARIABLE} の ${JSON.stringify(value)} はオリジンではありません (例: http://localhost:5173)`,
};

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
  if (error instanceof UnknownLanguageError) return UNKNOWN_LANGUAGE_MESSAGES[language](error.value);
  if (error instanceof UsageError) return error.message;
  if (error instanceof InvalidOriginError) return INVALID_ORIGIN_MESSAGES[language](error.value);
  return undefined;
}
