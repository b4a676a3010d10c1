/**
 * One way to read a command line. Each CLI declares one option table, built from the shared
 * fragments below, and reads it once with `node:util` parseArgs (its tokens, not its strict mode:
 * parseArgs words its errors in English only). The language is known first (`--lang`, else the
 * environment's), so every mistake is worded in it; {@link CommandLine.check} refuses them.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { LANGUAGES, type Language, resolveLanguage, UnknownLanguageError } from '../common/language';
import { MESSAGES } from '../locales/messages';
import { commandLineMistake, UsageError } from './usage-error';

/** The options of a command, as parseArgs takes them. */
export type OptionTable = NonNullable<ParseArgsConfig['options']>;

/** `--lang en|ja`: every command speaks each language the lab speaks. */
export const LANGUAGE_OPTION = { lang: { type: 'string' } } as const satisfies OptionTable;

/** `--help`, `-h`. */
export const HELP_OPTION = { help: { type: 'boolean', short: 'h', default: false } } as const satisfies OptionTable;

/** The values parseArgs' strict mode gives for a table: what {@link CommandLine.check} returns once it holds. */
export type OptionValues<T extends OptionTable> = ReturnType<
  typeof parseArgs<{ options: T; strict: true; allowPositionals: true }>
>['values'];

/** How one command words and bounds its line beyond the shared rules. */
export interface CommandLineRules<T extends OptionTable> {
  /** Whether the command takes positional arguments (default: none). */
  readonly positionals?: boolean;
  /** The sentence for an unknown option or an argument the command does not take, instead of the shared ones. */
  readonly unknown?: (argument: string) => string;
  /** The sentence for a missing or empty value, per option, instead of "--x needs a value". */
  readonly missingValue?: { readonly [K in keyof T]?: string };
}

/** A command line read against one option table. */
export interface CommandLine<T extends OptionTable> {
  /**
   * The language the command speaks: `--lang`'s, else the fallback (the environment's). A
   * `--lang` value the lab does not speak leaves the fallback, in which `check` refuses it.
   */
  readonly language: Language;
  /**
   * The options' values and the positional arguments, once every mistake has been refused: an
   * {@link UnknownLanguageError}, or a {@link UsageError} worded in {@link language}.
   */
  check(rules?: CommandLineRules<T>): { readonly values: OptionValues<T>; readonly positionals: readonly string[] };
}

/**
 * Reads `argv` (without node and script) against `options` once. Nothing is refused yet, so a
 * command knows its language before it words a mistake.
 */
export function readCommandLine<T extends OptionTable & typeof LANGUAGE_OPTION>(
  argv: readonly string[],
  options: T,
  fallback: Language = resolveLanguage(undefined),
): CommandLine<T> {
  const parsed = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const lang = languageFlag(argv);
  const spoken = lang !== undefined && (LANGUAGES as readonly string[]).includes(lang);
  const language = spoken ? (lang as Language) : fallback;
  return {
    language,
    check(rules = {}) {
      const say = MESSAGES[language].commandLine;
      // The language first, as it words every other mistake.
      if (lang !== undefined && !spoken) throw new UnknownLanguageError(lang);
      const ownMissing: Readonly<Record<string, string | undefined>> = rules.missingValue ?? {};
      for (const token of parsed.tokens) {
        if (token.kind === 'positional' && rules.positionals !== true)
          throw new UsageError((rules.unknown ?? say.noPositional)(token.value));
        if (token.kind !== 'option') continue;
        const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
        if (option === undefined) throw new UsageError((rules.unknown ?? say.unknownOption)(token.rawName));
        if (option.type === 'boolean' && token.value !== undefined) throw new UsageError(say.noValue(token.rawName));
        if (option.type !== 'string' || token.name === 'lang') continue;
        // A value that looks like an option is the next option, not this one's value (use --x=-1).
        const own = ownMissing[token.name];
        const absent = token.value === undefined || (!token.inlineValue && token.value.startsWith('-'));
        if (absent || (own !== undefined && token.value === ''))
          throw new UsageError(own ?? say.needsValue(token.rawName));
      }
      // Every token is known and typed as declared: the values are those strict mode gives.
      return { values: parsed.values as OptionValues<T>, positionals: parsed.positionals };
    },
  };
}

/** What a command line asks for, in the language the command speaks: the command, or the mistake to print (exit code 2). */
export type CommandRead<C> =
  | { readonly language: Language; readonly command: C; readonly mistake?: undefined }
  | { readonly language: Language; readonly command?: undefined; readonly mistake: string };

/**
 * Reads `argv` (without node and script) against `options` and makes the command of it with
 * `make`. A command-line mistake comes back as its one sentence ({@link commandLineMistake}),
 * in the command's language; any other error is thrown.
 */
export function readCommand<T extends OptionTable & typeof LANGUAGE_OPTION, C>(
  argv: readonly string[],
  options: T,
  make: (line: CommandLine<T>) => C,
): CommandRead<C> {
  const line = readCommandLine(argv, options);
  const { language } = line;
  try {
    return { language, command: make(line) };
  } catch (error) {
    const mistake = commandLineMistake(error, language);
    if (mistake === undefined) throw error;
    return { language, mistake };
  }
}

/**
 * The entries a comma-separated option value names (`--only a,b`, `--mix a,b`), in its order;
 * throws UsageError worded by `unknown` (the name, every name there is) at the first it lacks.
 */
export function namedInList<E extends { readonly name: string }>(
  list: string,
  entries: readonly E[],
  unknown: (name: string, names: readonly string[]) => string,
): E[] {
  return list.split(',').map((part) => {
    const name = part.trim();
    const found = entries.find((entry) => entry.name === name);
    if (found === undefined) throw new UsageError(unknown(name, names(entries)));
    return found;
  });
}

function names(entries: readonly { readonly name: string }[]): string[] {
  return entries.map((entry) => entry.name);
}

/**
 * The last `--lang X` or `--lang=X` of `argv` (`''` when `--lang` ends it), read from the words
 * themselves: a `--lang` that follows an option lacking its value still sets the language in
 * which that option's mistake is told.
 */
function languageFlag(argv: readonly string[]): string | undefined {
  let flag: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument === '--lang') flag = argv[(index += 1)] ?? '';
    else if (argument.startsWith('--lang=')) flag = argument.slice('--lang='.length);
  }
  return flag;
}
