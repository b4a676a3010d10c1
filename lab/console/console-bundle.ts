/**
 * The console page's script: the typed modules of browser/ (checked by their own tsconfig, with
 * the DOM's types), bundled by esbuild once per process, after a one-line preamble that hands
 * the page its language, its words and the DLQ page size (browser/console-config.ts reads it).
 * Served as `/console.js`, a file of the console's own origin, so `script-src 'self'` holds.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Language } from '../common/language';
import { MESSAGES } from '../locales/messages';
import { CONSOLE_CONFIG_GLOBAL, type ConsoleConfig } from './browser/console-config';
import { DLQ_PAGE } from './dlq-page';

/** Raised when the page's script does not bundle (a bug of the lab's, answered as the console's 500). */
export class ConsoleBundleError extends Error {
  override readonly name = 'ConsoleBundleError';
}

let bundled: Promise<string> | undefined;

/** The bundle of browser/console-main.ts (made once; a failed build is tried again next time). */
function consoleBundle(): Promise<string> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL('./browser/console-main.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => {
    const code = result.outputFiles[0]?.text;
    if (code === undefined) throw new ConsoleBundleError('esbuild produced no console script');
    return code;
  });
  bundled.catch(() => {
    bundled = undefined;
  });
  return bundled;
}

/** The page's script in `language`: the preamble, then the bundle. */
export async function consoleScript(language: Language): Promise<string> {
  const config: ConsoleConfig = { lang: language, words: MESSAGES[language].consolePage, dlqPage: DLQ_PAGE };
  return `globalThis.${CONSOLE_CONFIG_GLOBAL} = ${JSON.stringify(config)};\n${await consoleBundle()}`;
}
