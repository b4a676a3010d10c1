/**
 * `--inspect[=[host:]port]` on `npm run lab` and `npm run experiment`: Node's own spelling of the
 * flag (https://nodejs.org/api/cli.html#--inspecthostport), read by the lab's CLIs so the
 * inspector opens in the process that runs the functions' worker threads. The host must be a
 * loopback address: the inspector runs any code it is sent, so it is never offered to the network.
 */
import type { Language } from '../common/language';
import { isLoopbackHostname } from '../common/request-guard';
import { MESSAGES } from '../locales/messages';
import type { OptionTable } from './command-line';
import { UsageError } from './usage-error';

/** Node's default inspector port. */
export const DEFAULT_INSPECT_PORT = 9229;

/** The inspector's address when the flag names no host. */
export const DEFAULT_INSPECT_HOST = '127.0.0.1';

/** `--inspect[=[host:]port]`, read as a string: a bare `--inspect` is given its default first ({@link withInspectDefault}). */
export const INSPECT_OPTION = { inspect: { type: 'string' } } as const satisfies OptionTable;

/** Where the inspector listens. */
export interface InspectTarget {
  /** A loopback address: `127.0.0.1` unless the flag names another loopback host. */
  readonly host: string;
  /** 0: a free port the OS picks (the tests use it). */
  readonly port: number;
}

/**
 * An `--inspect` host that is not loopback: refused (one sentence, exit 1), as the inspector would
 * run whatever it is sent. Its message is that sentence, in the command's language.
 */
export class NotLoopbackInspectHostError extends Error {
  override readonly name = 'NotLoopbackInspectHostError';

  constructor(
    readonly host: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * `argv` with a bare `--inspect` spelled `--inspect=9229`: parseArgs has no optional values, and
 * Node's flag takes its value only after `=`, never as the next word.
 */
export function withInspectDefault(argv: readonly string[]): string[] {
  return argv.map((argument) => (argument === '--inspect' ? `--inspect=${DEFAULT_INSPECT_PORT}` : argument));
}

/**
 * The inspector's address from `--inspect`'s value (`9229`, `127.0.0.1:9230`, `[::1]:9229`,
 * `localhost:0`), or undefined without the flag. Throws {@link UsageError} for a value that is no
 * port, and {@link NotLoopbackInspectHostError} for a host off loopback (`0.0.0.0`, a LAN address).
 */
export function parseInspectTarget(value: string | undefined, language: Language): InspectTarget | undefined {
  if (value === undefined) return undefined;
  const say = MESSAGES[language].inspect;
  const match = /^(?:(\[[^\]]*\]|[^:[\]]*):)?([^:]*)$/.exec(value);
  const portText = match?.[2] ?? '';
  const port = Number(portText);
  if (match === null || !/^\d{1,5}$/.test(portText) || port > 65_535) throw new UsageError(say.badValue(value));
  const named = match[1];
  if (named === undefined) return { host: DEFAULT_INSPECT_HOST, port };
  const host = named.startsWith('[') ? named.slice(1, -1) : named;
  if (host === '') throw new UsageError(say.badValue(value));
  if (!isLoopbackHostname(host)) throw new NotLoopbackInspectHostError(host, say.notLoopback(host));
  // `localhost` may resolve to ::1 only; the lab's debuggers attach to 127.0.0.1.
  return { host: host.toLowerCase() === 'localhost' ? DEFAULT_INSPECT_HOST : host, port };
}
