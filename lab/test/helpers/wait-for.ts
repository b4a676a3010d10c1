/**
 * Polling in tests: wait until a condition holds, or fail saying what was awaited.
 */

/** Polls `condition` every 50 ms until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  condition: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
