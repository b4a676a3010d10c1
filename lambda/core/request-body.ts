import { MAX_REQUEST_BODY_BYTES } from '../../lib/settings';
import { RequestValidationError } from './errors';

/** The parts of an API Gateway proxy event the producers read. */
export interface HttpRequest {
  readonly body: string | null;
  readonly isBase64Encoded?: boolean;
  readonly headers?: Readonly<Record<string, string | undefined>> | null;
}

/**
 * Decodes the request body into a plain JSON object, refusing what no experiment can use:
 * a non-JSON content type, an empty or oversized body, malformed JSON, or anything but an
 * object at the top level.
 */
export function parseJsonObjectBody(request: HttpRequest, example: string): Record<string, unknown> {
  const contentType = headerValue(request.headers, 'content-type');
  if (contentType !== undefined && !/^application\/([\w.+-]*\+)?json\b/i.test(contentType.trim())) {
    throw new RequestValidationError(
      `Content-Type must be application/json, got "${contentType}" (curl: -H "Content-Type: application/json")`,
      415,
    );
  }
  if (request.body === null || request.body === undefined || request.body.trim() === '') {
    throw new RequestValidationError(`request body is required: a JSON object such as ${example}`);
  }
  const text = request.isBase64Encoded ? Buffer.from(request.body, 'base64').toString('utf8') : request.body;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_REQUEST_BODY_BYTES) {
    throw new RequestValidationError(`request body is ${bytes} bytes; the limit is ${MAX_REQUEST_BODY_BYTES} bytes`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RequestValidationError(`request body is not valid JSON; send a JSON object such as ${example}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    const kind = Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : `a ${typeof parsed}`;
    throw new RequestValidationError(`request body must be a JSON object such as ${example}, got ${kind}`);
  }
  return parsed as Record<string, unknown>;
}

/**
 * Refuses fields outside `allowed`, so a typo such as `heartbaet` cannot silently run the
 * default experiment. Suggests the closest allowed name.
 */
export function rejectUnknownFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  for (const field of Object.keys(body)) {
    if (allowed.includes(field)) continue;
    const suggestion = closest(field, allowed);
    const hint = suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
    throw new RequestValidationError(`unknown field "${field}"${hint}; allowed fields: ${allowed.join(', ')}`);
  }
}

function headerValue(
  headers: Readonly<Record<string, string | undefined>> | null | undefined,
  name: string,
): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
