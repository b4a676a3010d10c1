import type { Observation } from './observation';
import type { ProgressListener } from './runner';

/** A one-line summary of a run in progress. */
function summarize(observation: Observation, queueDepth: number): string {
  if (observation.kind === 'visibility') {
    const duplicates = observation.skipped + observation.inProgress;
    return `${observation.deliveries} deliveries, ${duplicates} duplicates, ${observation.effects} effects, ${queueDepth} in queue`;
  }
  return `${observation.deliveries} deliveries, ${observation.dlqIndexes.length} in DLQ, ${queueDepth} in queue`;
}

/**
 * Shows the runs in progress while the tour waits on visibility timeouts: on a terminal, one
 * status line rewritten in place; in a log (CI), a line every `everySeconds`.
 */
export class ProgressBoard {
  private readonly state = new Map<string, string>();
  private readonly finished = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();

  constructor(
    private readonly write: (text: string) => void,
    private readonly interactive: boolean,
    private readonly everySeconds = 5,
  ) {}

  /** The listener to give each run. */
  readonly listener: ProgressListener = ({ experiment, elapsedSeconds, observation, queueDepth }) => {
    if (this.finished.has(experiment.name)) return;
    this.state.set(
      experiment.name,
      `${experiment.name} ${elapsedSeconds.toFixed(0)}s: ${summarize(observation, queueDepth)}`,
    );
  };

  /** Marks a run finished. */
  finish(name: string, outcome: string): void {
    this.finished.add(name);
    this.state.set(name, `${name}: ${outcome}`);
    if (!this.interactive) this.write(`[tour] ${name} finished: ${outcome}\n`);
  }

  start(): void {
    const interval = this.interactive ? 500 : this.everySeconds * 1000;
    this.timer = setInterval(() => this.render(), interval);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.interactive) this.write('\r\x1b[K');
  }

  private render(): void {
    const elapsed = ((Date.now() - this.started) / 1000).toFixed(0);
    if (this.interactive) {
      const running = [...this.state].filter(([name]) => !this.finished.has(name)).map(([, line]) => line);
      const width = Math.max(40, (process.stdout.columns ?? 120) - 1);
      const text = `⏳ ${elapsed}s · ${running.length} running · ${running.join(' | ')}`;
      this.write(`\r\x1b[K${text.slice(0, width)}`);
      return;
    }
    this.write(`[tour] ${elapsed}s\n${[...this.state.values()].map((line) => `  ${line}\n`).join('')}`);
  }
}
