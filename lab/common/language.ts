/**
 * The language a command speaks: `--lang en|ja`, or Japanese by default when `LANG` (or
 * `LC_ALL`, `LC_MESSAGES`) starts with `ja`. Log messages keep the tutorials' own words either way.
 */

/** The languages every user-facing text exists in. */
export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Raised for a `--lang` value the lab does not speak. */
export class UnknownLanguageError extends Error {
  override readonly name = 'UnknownLanguageError';
  /** The value given, for a message in the command's own language. */
  readonly value: string;

  constructor(value: string) {
    super(`--lang takes ${LANGUAGES.join(' or ')}, got "${value}"`);
    this.value = value;
  }
}

/** The one-sentence refusal of a `--lang` value, per language. */
export const UNKNOWN_LANGUAGE_MESSAGES: { readonly [L in Language]: (value: string) => string } = {
  en: (value) => `--lang takes ${LANGUAGES.join(' or ')}, got "${value}"`,
  ja: (value) => `--lang には ${LANGUAGES.join(' か ')} を指定してください（指定: "${value}"）`,
};

/** The language from a `--lang` value, else from the environment's locale. */
export function resolveLanguage(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): Language {
  if (flag !== undefined) {
    if ((LANGUAGES as readonly string[]).includes(flag)) return flag as Language;
    throw new UnknownLanguageError(flag);
  }
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/** Pulls `--lang X` / `--lang=X` out of an argument list, for commands that parse the rest strictly. */
export function takeLanguage(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): {
  readonly language: Language;
  readonly rest: string[];
} {
  const rest: string[] = [];
  let flag: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument === '--lang') {
      flag = argv[index + 1] ?? '';
      index += 1;
    } else if (argument.startsWith('--lang=')) flag = argument.slice('--lang='.length);
    else rest.push(argument);
  }
  return { language: resolveLanguage(flag, env), rest };
}

/** A text a user reads, in every language the lab speaks. */
export type Localized = { readonly [L in Language]: string };
