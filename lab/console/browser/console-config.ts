/**
 * What the console's server hands the page's script (console-bundle.ts writes it before the
 * bundle): the page's language, its words in that language (the locales' `consolePage`), and the
 * size of a DLQ page. The script reads no other global.
 */

/** The console's configuration, as the server writes it. */
export interface ConsoleConfig {
  readonly lang: string;
  readonly words: Readonly<Record<string, string>>;
  /** Messages per DLQ page (the state carries the first page; later ones come from `GET /api/dlq`). */
  readonly dlqPage: number;
}

/** The global the server's preamble sets. */
export const CONSOLE_CONFIG_GLOBAL = '__SQS_LAB_CONSOLE__';

const config = (globalThis as unknown as Record<string, ConsoleConfig | undefined>)[CONSOLE_CONFIG_GLOBAL] ?? {
  lang: 'en',
  words: {},
  dlqPage: 20,
};

/** The page's configuration. */
export const CONSOLE: ConsoleConfig = config;

/** The page's word for `key` in its language (the key itself if the locales have none). */
export function word(key: string): string {
  return CONSOLE.words[key] ?? key;
}
