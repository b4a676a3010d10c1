/**
 * How the Logs actions page their answers: a `limit` checked against the action's maximum, and a
 * `nextToken` that is either an offset into a sorted list (DescribeLogGroups, DescribeLogStreams)
 * or the last event read (FilterLogEvents, so a page resumes after it even as events arrive).
 */
import { InvalidParameterError } from './errors';
import type { StoredEvent } from './logs-state';

/** The page size `limit` asks for, `maximum` when absent; refused outside 1..maximum. */
export function pageLimit(limit: number | undefined, maximum: number): number {
  if (limit === undefined) return maximum;
  if (!Number.isInteger(limit) || limit < 1 || limit > maximum) {
    throw new InvalidParameterError(`limit must be between 1 and ${maximum}`);
  }
  return limit;
}

/** One page of `items` (50 at most) from the offset `nextToken` carries, and the token of the next. */
export function pageOf<T>(
  items: readonly T[],
  limit: number | undefined,
  nextToken: string | undefined,
): { items: T[]; nextToken: string | undefined } {
  const size = pageLimit(limit, 50);
  const offset = nextToken === undefined ? 0 : Number(Buffer.from(nextToken, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0) throw new InvalidParameterError('The specified nextToken is invalid.');
  const page = items.slice(offset, offset + size);
  const next = offset + size < items.length ? Buffer.from(String(offset + size)).toString('base64url') : undefined;
  return { items: page, nextToken: next };
}

/** The token of a page that ended at `event`. */
export function encodeCursor(event: StoredEvent): string {
  return Buffer.from(JSON.stringify({ t: event.timestamp, s: event.sequence })).toString('base64url');
}

/** The event a token ended at; refused when the token is not one {@link encodeCursor} made. */
export function decodeCursor(token: string): Pick<StoredEvent, 'timestamp' | 'sequence'> {
  try {
    const { t, s } = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { t: unknown; s: unknown };
    if (typeof t === 'number' && typeof s === 'number') return { timestamp: t, sequence: s };
  } catch {
    // Falls through to the error below.
  }
  throw new InvalidParameterError('The specified nextToken is invalid.');
}
