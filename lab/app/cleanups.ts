/**
 * What a lab must undo, in the reverse order it was started: each step registers its own undo
 * as it starts, so a failure halfway stops exactly what had started, and `stop()` everything.
 */
export class Cleanups {
  private readonly steps: (() => Promise<void> | void)[] = [];
  private running: Promise<void> | undefined;

  /** Registers the undo of a step that has started. */
  add(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }

  /** Runs every undo once, newest first; a failing one does not keep the others from running. */
  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse())
        await Promise.resolve()
          .then(step)
          .catch(() => undefined);
      this.steps.length = 0;
    })();
    return this.running;
  }
}
