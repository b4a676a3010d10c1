import type { Observation } from './observation';
import { count } from './report';
import type { ProgressListener } from './runner';

/** A one-line summary of a run in progress, counts agreeing with their nouns. */
export function summarize(observation: Observation, queueDepth: number): string {
  if (observation.kind === 'visibility') {
    const caught = observation.skipped + observation.inProgress;
    return `${count(observation.deliveries, 'delivery', 'deliveries')}, ${count(caught, 'duplicate')} caught, ${count(observation.effects, 'effect')}, ${queueDepth} in queue`;
  }
  if (observation.kind === 'fifo-dedup') return `${count(observation.deliveries, 'delivery', 'deliveries')}`;
  if (observation.kind === 'polling') {
    return `${count(observation.short.calls + observation.long.calls, 'ReceiveMessage call')}`;
  }
  return `${count(observation.deliveries, 'delivery', 'deliveries')}, ${observation.dlqIndexes.length} in DLQ, ${queueDepth} in queue`;
}

/**
 * Shows the runs in progress while the tour waits on visibility timeouts. On a terminal: one
 * line per experiment, rewritten in place (the cursor moves back up over the block). In a log
 * (CI, a pipe): a plain line when an experiment's counts change and one when it finishes,
 * never the whole board again.
 */
export class ProgressBoard {
  private readonly state = new Map<string, string>();
  private readonly printed = new Map<string, string>();
  private readonly finished = new Set<string>();
  private readonly names: string[];
  private timer: NodeJS.Timeout | undefined;
  private drawnLines = 0;
  private readonly started = Date.now();

  /** `names`: the experiments in display order (others are added as they report). */
  constructor(
    private readonly write: (text: string) => void,
    private readonly interactive: boolean,
    names: readonly string[] = [],
    private readonly columns: () => number = () => process.stdout.columns ?? 120,
  ) {
    this.names = [...names];
  }

  /** The listener to give each run. */
  readonly listener: ProgressListener = ({ experiment, elapsedSeconds, observation, queueDepth }) => {
    const name = experiment.name;
    if (this.finished.has(name)) return;
    if (!this.names.includes(name)) this.names.push(name);
    const summary = summarize(observation, queueDepth);
    this.state.set(name, `${elapsedSeconds.toFixed(0).padStart(3)}s  ${summary}`);
    if (!this.interactive && this.printed.get(name) !== summary) {
      this.printed.set(name, summary);
      this.write(`${this.clock()}  ${name}: ${summary}\n`);
    }
  };

  /** Marks a run finished. */
  finish(name: string, outcome: string, seconds?: number): void {
    if (!this.names.includes(name)) this.names.push(name);
    this.finished.add(name);
    const took = seconds === undefined ? '' : ` (${seconds.toFixed(1)} s)`;
    this.state.set(name, `done  ${outcome}${took}`);
    if (!this.interactive) this.write(`${this.clock()}  ${name} finished: ${outcome}${took}\n`);
  }

  start(): void {
    if (!this.interactive) return;
    this.render();
    this.timer = setInterval(() => this.render(), 250);
  }

  /** Stops redrawing; on a terminal the block is drawn one last time and left in place. */
  stop(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.render();
  }

  private clock(): string {
    return `${((Date.now() - this.started) / 1000).toFixed(0).padStart(3)}s`;
  }

  private render(): void {
    const width = Math.max(40, this.columns() - 1);
    const nameWidth = Math.max(0, ...this.names.map((name) => name.length));
    const lines = this.names.map((name) => {
      const icon = this.finished.has(name) ? '✓' : '…';
      const text = `${icon} ${name.padEnd(nameWidth)}  ${this.state.get(name) ?? 'starting'}`;
      return text.slice(0, width);
    });
    const up = this.drawnLines > 0 ? `\x1b[${this.drawnLines}A` : '';
    this.write(`${up}${lines.map((line) => `\r\x1b[K${line}\n`).join('')}`);
    this.drawnLines = lines.length;
  }
}
