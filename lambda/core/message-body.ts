import { InvalidMessageError } from './errors';

/**
 * Decodes a queue message body into a JSON object, or throws InvalidMessageError: the
 * workers treat such a message as poison (failed, so it ends in the DLQ, never dropped).
 */
export function parseJsonObjectMessage(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InvalidMessageError('message body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidMessageError('message body is not a JSON object');
  }
  return parsed as Record<string, unknown>;
}
