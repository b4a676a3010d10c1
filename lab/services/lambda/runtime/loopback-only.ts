/**
 * Keeps a function's network calls on this machine. The SDK's clients are pointed at the lab
 * (`AWS_ENDPOINT_URL`, lambda-environment.ts), but a handler may still name a host of its own (an
 * AWS hostname built by hand, a web API): every request a function sends through `http`, `https`
 * or `fetch` is given a `lookup` that answers loopback names (`localhost`, `*.localhost`) and
 * refuses every other name before any DNS query, and a request to an address off loopback is
 * refused the same way. The refusal reaches the caller as a connection error
 * ({@link OffLoopbackError}), as a network without a route would. Pure Node, bundled into the
 * lab's runtime worker.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOneOptions } from 'node:dns';
import { isIP } from 'node:net';

/** A request to a host that is not this machine, refused before it is looked up or sent. */
export class OffLoopbackError extends Error {
  override readonly name = 'OffLoopbackError';
  readonly code = 'ENOTFOUND';

  constructor(readonly host: string) {
    super(
      `the lab keeps a function's network calls on this machine: ${host} is not the lab, and is not looked up (the SDK's calls go to the lab's endpoint, AWS_ENDPOINT_URL)`,
    );
  }
}

/** The names a request to an off-loopback address is sent to (`ip-8-8-8-8.off-loopback.invalid`), so that the lookup refuses it. */
const REFUSED_SUFFIX = '.off-loopback.invalid';

/** A loopback name or address (127.0.0.0/8, ::1, localhost, *.localhost). */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost') || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for net.connect: loopback names resolve as usual, others fail with {@link OffLoopbackError}. */
function loopbackLookup(hostname: string, options: LookupOneOptions, callback: LookupCallback): void {
  if (!isLoopbackHost(hostname)) {
    process.nextTick(() => callback(new OffLoopbackError(hostname), ''));
    return;
  }
  // `*.localhost` names resolve to loopback (RFC 6761), whatever the machine's resolver says.
  if (hostname.toLowerCase().endsWith('.localhost')) {
    const all = (options as { all?: boolean }).all === true;
    process.nextTick(() =>
      all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4),
    );
    return;
  }
  (dnsLookup as unknown as (name: string, given: LookupOneOptions, done: LookupCallback) => void)(
    hostname,
    options,
    callback,
  );
}

type RequestFunction = (...args: unknown[]) => unknown;

/** The part of `node:http` / `node:https` this wraps. */
export interface RequestModule {
  request: unknown;
  get: unknown;
}

/**
 * Wraps `request` and `get` of each module, and `globalThis.fetch`, so that no call leaves
 * loopback; returns the function that puts the originals back.
 */
export function keepRequestsOnLoopback(modules: readonly RequestModule[]): () => void {
  const restores = modules.flatMap((module) =>
    (['request', 'get'] as const).map((name) => {
      const original = module[name] as RequestFunction;
      module[name] = function onLoopback(this: unknown, ...args: unknown[]): unknown {
        return original.apply(this, withLoopbackLookup(args));
      };
      return () => {
        module[name] = original;
      };
    }),
  );
  const fetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const host = URL.canParse(url) ? new URL(url).hostname : '';
    if (host !== '' && !isLoopbackHost(host))
      throw new TypeError('fetch failed', { cause: new OffLoopbackError(host) });
    return fetch(input, init);
  };
  return () => {
    globalThis.fetch = fetch;
    for (const restore of restores) restore();
  };
}

/** The arguments of `request(url?, options?, callback?)` with the loopback lookup in its options. */
function withLoopbackLookup(args: unknown[]): unknown[] {
  const [first, second, ...rest] = args;
  if (typeof first === 'string' || first instanceof URL) {
    const url = new URL(first);
    const options = typeof second === 'object' && second !== null ? (second as Record<string, unknown>) : {};
    const tail =
      typeof second === 'object' && second !== null ? rest : [second, ...rest].filter((arg) => arg !== undefined);
    return [url, guarded({ ...options }, url.hostname), ...tail];
  }
  if (typeof first === 'object' && first !== null) {
    const options = { ...(first as Record<string, unknown>) };
    const host = String(options.hostname ?? options.host ?? 'localhost').replace(/:\d+$/, '');
    return [guarded(options, host), second, ...rest].filter((arg, index) => index === 0 || arg !== undefined);
  }
  return args;
}

/** `options` with the loopback lookup; an off-loopback address is sent to a name the lookup refuses. */
function guarded(options: Record<string, unknown>, host: string): Record<string, unknown> {
  const literal = host.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0 && !isLoopbackHost(literal)) {
    const refused = `ip-${literal.replace(/[.:]/g, '-')}${REFUSED_SUFFIX}`;
    return { ...options, hostname: refused, host: refused, lookup: loopbackLookup };
  }
  return { ...options, lookup: loopbackLookup };
}
