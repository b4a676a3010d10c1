/**
 * `node:util` parseArgs, with its mistakes said in the command's language: an unknown option,
 * a missing value, a value given to a switch or an argument the command does not take is a
 * UsageError worded by LAB_MESSAGES (parseArgs' own errors are English only).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Language } from '../common/language';
import { LAB_MESSAGES } from './lab-messages';
import { UsageError } from './usage-error';

/** The options of a command, as parseArgs takes them. */
export type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** Parses `argv` against `options` (no positionals); throws UsageError in `language`. */
export function parseFlags<T extends FlagOptions>(argv: readonly string[], options: T, language: Language) {
  const say = LAB_MESSAGES[language];
  const parsed = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  for (const token of parsed.tokens) {
    if (token.kind === 'positional') throw new UsageError(say.noPositional(token.value));
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    if (option === undefined) throw new UsageError(say.unknownOption(token.rawName));
    if (option.type === 'boolean' && token.value !== undefined) throw new UsageError(say.noValue(token.rawName));
    if (option.type === 'string' && (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))))
      throw new UsageError(say.needsValue(token.rawName));
  }
  // Checked above: every option is known and typed as declared, as strict mode would leave it.
  return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false });
}
