/**
 * Ctrl-C (or SIGTERM) for a command that serves until stopped: the first signal starts a clean
 * stop, a second Ctrl-C quits at once. Call it before printing that the lab is ready: a signal
 * sent the moment the ready text is read then stops the lab like any other, instead of meeting
 * Node's default action and ending the process before its stop ran.
 */

/** Listens now; resolves with the first SIGINT or SIGTERM, after `onStopping` has said so. */
export function stopRequest(onStopping: (signal: NodeJS.Signals) => void): Promise<NodeJS.Signals> {
  return new Promise<NodeJS.Signals>((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      onStopping(signal);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.once('SIGINT', () => process.exit(130));
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
