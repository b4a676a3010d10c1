/**
 * Listens on 127.0.0.1, on the port a previous run used when it is free (so a restarted lab
 * keeps its URLs), else on one the OS picks.
 */
import type { Server } from 'node:http';

/** Starts `server` on 127.0.0.1:`preferredPort`, falling back to a free port when that one is taken. */
export async function listenOnLoopback(server: Server, preferredPort = 0): Promise<void> {
  const attempt = (port: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve();
      });
    });
  try {
    await attempt(preferredPort);
  } catch (error) {
    if (preferredPort === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await attempt(0);
  }
}
