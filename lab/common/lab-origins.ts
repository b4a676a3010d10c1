/**
 * The web origins, other than a server's own, that the lab's servers answer cross-origin: the
 * console's origin while a console runs, and the ones a user adds with
 * `LAB_EXTRA_CORS_ALLOWED_ORIGINS` (comma-separated, as LocalStack's
 * `EXTRA_CORS_ALLOWED_ORIGINS`). Never `*`: a page the learner happens to visit must not drive
 * the lab.
 */

/** The variable a user sets to let their own page call the lab, e.g. `http://localhost:5173`. */
export const EXTRA_ORIGINS_VARIABLE = 'LAB_EXTRA_CORS_ALLOWED_ORIGINS';

/** Raised for an entry of `LAB_EXTRA_CORS_ALLOWED_ORIGINS` that is not an origin. */
export class InvalidOriginError extends Error {
  override readonly name = 'InvalidOriginError';
  constructor(
    /** The entry as given. */
    readonly value: string,
    options?: { readonly cause?: unknown },
  ) {
    super(`${JSON.stringify(value)} is not an origin such as http://localhost:5173`, options);
  }
}

/**
 * `scheme://host[:port]` as browsers send it in `Origin` (lower-case, no path, default port
 * dropped), or throws {@link InvalidOriginError}. `*` and `null` are refused.
 */
export function normalizeOrigin(text: string): string {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch (error) {
    throw new InvalidOriginError(trimmed, { cause: error });
  }
  if (!/^https?:$/.test(url.protocol) || url.origin === 'null' || (url.pathname !== '/' && url.pathname !== ''))
    throw new InvalidOriginError(trimmed);
  return url.origin;
}

/** The origins of `LAB_EXTRA_CORS_ALLOWED_ORIGINS` in `environment`, normalized. */
export function extraOriginsFrom(environment: Readonly<Record<string, string | undefined>>): readonly string[] {
  const value = environment[EXTRA_ORIGINS_VARIABLE];
  if (value === undefined || value.trim() === '') return [];
  return value
    .split(',')
    .filter((entry) => entry.trim() !== '')
    .map(normalizeOrigin);
}

/** A set of allowed origins that announces its changes (an emulator thread mirrors it). */
export class LabOrigins {
  private readonly granted = new Map<string, number>();
  private readonly listeners = new Set<(origins: readonly string[]) => void>();
  private extra: readonly string[] | undefined;

  /** `extra`: the origins always allowed, read at the first request (so a bad entry fails a request, not an import). */
  constructor(private readonly readExtra: () => readonly string[] = () => []) {}

  /** Whether a request from `origin` may be answered cross-origin. */
  allows(origin: string): boolean {
    this.extra ??= this.readExtra();
    return this.extra.includes(origin) || this.granted.has(origin);
  }

  /** Grants `origin` until the returned function is called (grants are counted). */
  grant(origin: string): () => void {
    const normalized = normalizeOrigin(origin);
    this.granted.set(normalized, (this.granted.get(normalized) ?? 0) + 1);
    this.announce();
    let revoked = false;
    return () => {
      if (revoked) return;
      revoked = true;
      const left = (this.granted.get(normalized) ?? 1) - 1;
      if (left === 0) this.granted.delete(normalized);
      else this.granted.set(normalized, left);
      this.announce();
    };
  }

  /** Replaces the granted origins (an emulator thread, told by the lab's main thread). */
  replaceGranted(origins: readonly string[]): void {
    this.granted.clear();
    for (const origin of origins) this.granted.set(origin, 1);
  }

  /** The granted origins (not the extra ones, which every thread reads from its environment). */
  grantedOrigins(): readonly string[] {
    return [...this.granted.keys()];
  }

  /** Calls `listener` with the granted origins on every change; returns the unsubscribe function. */
  onChange(listener: (origins: readonly string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private announce(): void {
    const origins = this.grantedOrigins();
    for (const listener of this.listeners) listener(origins);
  }
}

/** This thread's origins: the environment's extra ones, plus the running consoles'. */
export const labOrigins = new LabOrigins(() => extraOriginsFrom(process.env));
