/**
 * The language a command speaks: `--lang en|ja` (lab/cli/command-line.ts reads it), or Japanese
 * by default when `LANG` (or `LC_ALL`, `LC_MESSAGES`) starts with `ja`. Log messages keep the
 * tutorials' own words either way; every other text is in lab/locales/.
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

/** The language from a `--lang` value, else from the environment's locale. */
export function resolveLanguage(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): Language {
  if (flag !== undefined) {
    if ((LANGUAGES as readonly string[]).includes(flag)) return flag as Language;
    throw new UnknownLanguageError(flag);
  }
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/** A text a user reads, in every language the lab speaks. */
export type Localized = { readonly [L in Language]: string };

/**
 * One text in every language, picked from each language's table of words (`tables[language]`):
 * how a text named by its key reaches what shows it in either language (a provider's note, an
 * experiment's title).
 */
export function localizedFrom<Table>(
  tables: Readonly<Record<Language, Table>>,
  pick: (table: Table, language: Language) => string,
): Localized {
  return { en: pick(tables.en, 'en'), ja: pick(tables.ja, 'ja') };
}
