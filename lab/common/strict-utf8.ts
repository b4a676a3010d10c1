/**
 * Decodes a request body as UTF-8, refusing invalid bytes instead of replacing them with U+FFFD
 * (`Buffer.toString` replaces silently, so a malformed body could reach an action as different
 * text than was sent). The JSON protocols of AWS take UTF-8 only.
 */

/** The body is not valid UTF-8 (a syntax error of the JSON text, for the services' error mapping). */
export class InvalidUtf8Error extends SyntaxError {
  override readonly name = 'InvalidUtf8Error';
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** `bytes` as text, or throws {@link InvalidUtf8Error}. */
export function decodeUtf8Strict(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch (error) {
    throw new InvalidUtf8Error('The request body is not valid UTF-8.', { cause: error });
  }
}
