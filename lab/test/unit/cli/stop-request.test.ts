/**
 * A command's stop on Ctrl-C or SIGTERM: listening starts when it is asked for, so a signal sent
 * the moment the ready text is read finds a listener, and the first signal starts one clean stop.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { stopRequest } from '#lab/cli/stop-request';

const listeners = (): { readonly int: number; readonly term: number } => ({
  int: process.listenerCount('SIGINT'),
  term: process.listenerCount('SIGTERM'),
});
const before = { int: process.rawListeners('SIGINT'), term: process.rawListeners('SIGTERM') };

afterEach(() => {
  // The second-Ctrl-C exit it leaves behind must not outlive the test.
  for (const listener of process.rawListeners('SIGINT'))
    if (!before.int.includes(listener)) process.off('SIGINT', listener as () => void);
  for (const listener of process.rawListeners('SIGTERM'))
    if (!before.term.includes(listener)) process.off('SIGTERM', listener as () => void);
});

describe('stopRequest', () => {
  it('listens from the call, resolves with the first signal once it has been said, and stops listening for it', async () => {
    const start = listeners();
    const said: string[] = [];
    const requested = stopRequest((signal) => said.push(signal));
    expect(listeners()).toEqual({ int: start.int + 1, term: start.term + 1 });

    process.emit('SIGTERM', 'SIGTERM');

    await expect(requested).resolves.toBe('SIGTERM');
    expect(said).toEqual(['SIGTERM']);
    // SIGTERM is no longer heard; one SIGINT listener stays: a second Ctrl-C quits at once.
    expect(listeners()).toEqual({ int: start.int + 1, term: start.term });
  });
});
