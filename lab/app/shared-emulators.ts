/**
 * The one way the tour, the experiments, chaos and the console get labs: one pair of emulators
 * started for the whole run, every lab of the run started on them (`startLab({ emulators })`, as
 * `openLocalProbe` and `runChaos` do), and the emulators stopped when the run ends, however it ends.
 */
import { type Emulators, startEmulators } from '../emulators/emulators';

/** Runs `run` on freshly started emulators, and stops them afterwards. */
export async function withSharedEmulators<T>(run: (emulators: Emulators) => Promise<T>): Promise<T> {
  const emulators = await startEmulators();
  try {
    return await run(emulators);
  } finally {
    await emulators.stop();
  }
}
