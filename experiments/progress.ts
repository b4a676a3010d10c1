import stringWidth from 'string-width';
import { type Language, padColumns, truncateColumns } from '@sqs-lab/lab';
import type { Observation } from './observation';
import { MESSAGES } from './locales/messages';
import type { Outcome } from './report';
import type { ProgressListener } from './runner';

/** A one-line summary of a run in progress in `language`, counts agreeing with their nouns. */
export function summarize(observation: Observation, queueDepth: number, language: Language = 'en'): string {
  const say = MESSAGES[language].report;
  if (observation.kind === 'visibility') {
    const caught = observation.skipped + observation.inProgress;
    return say.summaryVisibility(observation.deliveries, caught, observation.effects, queueDepth);
  }
  if (observation.kind === 'fifo-dedup') return say.deliveries(observation.deliveries);
  if (observation.kind === 'polling') {
    const { short, long } = observation;
    return `${say.pollingConsumer(0, short.calls, short.emptyResponses, short.messagesReceived, short.messagesSent)}; ${say.pollingConsumer(long.waitTimeSeconds, long.calls, long.emptyResponses, long.messagesReceived, long.messagesSent)}`;
  }
  return say.summaryBatch(observation.deliveries, observation.dlqIndexes.length, queueDepth);
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

  private readonly columns: () => number;
  private readonly language: Language;

  /**
   * `names`: the experiments in display order (others are added as they report);
   * `options.language`: the language of the lines; `options.columns`: the terminal's width.
   */
  constructor(
    private readonly write: (text: string) => void,
    private readonly interactive: boolean,
    names: readonly string[] = [],
    options: { readonly columns?: () => number; readonly language?: Language } = {},
  ) {
    this.names = [...names];
    this.columns = options.columns ?? (() => process.stdout.columns ?? 120);
    this.language = options.language ?? 'en';
  }

  /** The listener to give each run. */
  readonly listener: ProgressListener = ({ experiment, elapsedSeconds, observation, queueDepth }) => {
    const name = experiment.name;
    if (this.finished.has(name)) return;
    if (!this.names.includes(name)) this.names.push(name);
    const summary = summarize(observation, queueDepth, this.language);
    this.state.set(name, `${elapsedSeconds.toFixed(0).padStart(3)}s  ${summary}`);
    if (!this.interactive && this.printed.get(name) !== summary) {
      this.printed.set(name, summary);
      this.write(`${this.clock()}  ${name}: ${summary}\n`);
    }
  };

  /** Marks a run finished with its verdict. */
  finish(name: string, outcome: Outcome, seconds?: number): void {
    const say = MESSAGES[this.language].report;
    if (!this.names.includes(name)) this.names.push(name);
    this.finished.add(name);
    const took = seconds === undefined ? '' : say.took(seconds);
    const words = say.outcome[outcome];
    this.state.set(name, say.done(words, took));
    if (!this.interactive) this.write(`${this.clock()}  ${say.finished(name, words, took)}\n`);
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
    const nameWidth = Math.max(0, ...this.names.map((name) => stringWidth(name)));
    const lines = this.names.map((name) => {
      const icon = this.finished.has(name) ? '✓' : '…';
      const text = `${icon} ${padColumns(name, nameWidth)}  ${this.state.get(name) ?? MESSAGES[this.language].report.starting}`;
      return truncateColumns(text, width);
    });
    const up = this.drawnLines > 0 ? `\x1b[${this.drawnLines}A` : '';
    this.write(`${up}${lines.map((line) => `\r\x1b[K${line}\n`).join('')}`);
    this.drawnLines = lines.length;
  }
}
