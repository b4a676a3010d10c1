/**
 * A request's target (`/bucket/../b/key?uploads&x=1`) split into its path and query exactly as
 * sent. WHATWG `new URL()` is no parser for a server's request line: it resolves `.` and `..`
 * segments (so an S3 key `../b/important.txt` left its bucket), reads `//host` as an authority,
 * and throws on what it cannot parse (`///?x` ended the SQS thread). AWS keeps the path literal:
 * an S3 key may hold `..`, `.` and `//` (Amazon S3 User Guide, "Naming objects": "Object key
 * names with the value "soap" aren't supported", nothing of dot segments; the SDKs send them as
 * they are).
 */

/** The path (still percent-encoded) and the parsed query of a request target. */
export interface RequestTarget {
  /** Everything before the first `?`, never normalised; `/` when the target is empty. */
  readonly path: string;
  /** The query string's parameters (malformed percent-escapes are kept as they are, never thrown). */
  readonly query: URLSearchParams;
}

/** Splits `url` (a request's target, as Node hands it over) without resolving or throwing. */
export function splitRequestTarget(url: string | undefined): RequestTarget {
  const target = url ?? '/';
  const mark = target.indexOf('?');
  const path = mark === -1 ? target : target.slice(0, mark);
  return {
    path: path === '' ? '/' : path,
    query: new URLSearchParams(mark === -1 ? '' : target.slice(mark + 1)),
  };
}

/**
 * `decodeURIComponent`, or undefined for a malformed escape (`%E0%A4%A`, `%zz`): callers answer
 * that in their protocol instead of failing with "URI malformed".
 */
export function decodeComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
