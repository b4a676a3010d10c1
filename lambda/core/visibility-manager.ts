/**
 * The visibility manager of the note on long jobs (docs/experiments.md, "One timer for a whole
 * batch"): one timer keeps every in-flight message of a batch invisible, with one
 * ChangeMessageVisibilityBatch per tick for all of them, and lets go of a message that has been
 * kept longer than its maximum life instead of hiding it until SQS's 12-hour ceiling.
 *
 *   register ──▶ every TimerInterval: is any message within MinimalLife + TimerInterval of its
 *                deadline? ──▶ one request: every registered message to QueueVisibilityTimeout,
 *                              and every message past MessageTimeout to 0 s (it comes back)
 */
import {
  ChangeMessageVisibilityBatchCommand,
  type ChangeMessageVisibilityBatchCommandOutput,
} from '@aws-sdk/client-sqs';
import { describeError } from './describe-error';
import { type HeartbeatEvent, type HeartbeatTarget, isMessageGone, MAX_VISIBILITY_SECONDS } from './heartbeat';

/** SQS accepts at most this many entries per ChangeMessageVisibilityBatch. */
const MAX_BATCH_ENTRIES = 10;

/** The note's four parameters, in this project's units. */
export interface VisibilityManagerSettings {
  /**
   * QueueMessageVisibilityTimeout: the queue's visibility timeout. A message is hidden this
   * long after its receive, and every extension sets it again, counted from the call.
   */
  readonly queueVisibilityTimeoutSeconds: number;
  /** TimerInterval: time between two checks of the registered messages. */
  readonly timerIntervalMs: number;
  /**
   * MessageMinimalLife: the visibility a message must still have left when a check finds it;
   * a check extends every message that would have less by the next check.
   */
  readonly minimalLifeMs: number;
  /**
   * MessageTimeout: the longest the manager keeps a message invisible, counted from its
   * registration. Past it, the manager stops extending and sets the visibility to 0 s, so a
   * hung job's message is received again instead of staying hidden for 12 hours.
   */
  readonly maxLifeMs: number;
}

/** The settings contradict each other or the note's rule. */
export class VisibilityManagerConfigurationError extends Error {
  override readonly name = 'VisibilityManagerConfigurationError';
}

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(3))} s`;

/**
 * Checks the note's rule: the queue's visibility timeout must be longer than the timer interval
 * plus the minimal life, or a message extended at one check could run out before the next
 * one. Throws a sentence naming the numbers.
 */
export function checkVisibilityManagerSettings(settings: VisibilityManagerSettings): void {
  const { queueVisibilityTimeoutSeconds, timerIntervalMs, minimalLifeMs, maxLifeMs } = settings;
  const positive = { queueVisibilityTimeoutSeconds, timerIntervalMs, maxLifeMs };
  for (const [name, value] of Object.entries(positive)) {
    if (!(Number.isFinite(value) && value > 0)) {
      throw new VisibilityManagerConfigurationError(
        `visibility manager: ${name} must be a positive number, got ${value}`,
      );
    }
  }
  if (!(Number.isFinite(minimalLifeMs) && minimalLifeMs >= 0)) {
    throw new VisibilityManagerConfigurationError(
      `visibility manager: minimalLifeMs must be zero or more, got ${minimalLifeMs}`,
    );
  }
  const timeoutMs = queueVisibilityTimeoutSeconds * 1000;
  if (timeoutMs <= timerIntervalMs + minimalLifeMs) {
    throw new VisibilityManagerConfigurationError(
      `the queue's visibility timeout (${seconds(timeoutMs)}) must be longer than the timer interval (${seconds(timerIntervalMs)}) plus the message's minimal life (${seconds(minimalLifeMs)}), ${seconds(timerIntervalMs + minimalLifeMs)}: otherwise a message extended at one check can time out before the next`,
    );
  }
}

/** The one call the manager makes (an SQSClient fits). */
export interface VisibilityBatchClient {
  send(command: ChangeMessageVisibilityBatchCommand): Promise<ChangeMessageVisibilityBatchCommandOutput>;
}

/** What the manager reports; the worker turns each into log lines, one per message. */
export type VisibilityManagerEvent =
  | {
      /** One ChangeMessageVisibilityBatch that SQS accepted (entries it refused are reported as `failed`). */
      readonly type: 'request';
      /** 1 for the manager's first request, 2 for its second, … */
      readonly request: number;
      /** Entries the request carried, refused ones included. */
      readonly entries: number;
      readonly extended: readonly { readonly target: HeartbeatTarget; readonly seconds: number }[];
      /** Messages let go: past their maximum life, visibility set to 0 s. */
      readonly released: readonly { readonly target: HeartbeatTarget; readonly keptMs: number }[];
    }
  /** A refused entry or a message at SQS's 12-hour ceiling: the same events as the per-message heartbeat's. */
  | Extract<HeartbeatEvent, { readonly type: 'failed' | 'ceiling' }>;

export interface VisibilityManagerOptions {
  readonly sqs: VisibilityBatchClient;
  readonly queueUrl: string;
  readonly settings: VisibilityManagerSettings;
  readonly now?: () => number;
  readonly onEvent?: (event: VisibilityManagerEvent) => void;
}

/** How a registered message's work ended. */
export type WorkOutcome = 'succeeded' | 'failed';

interface Entry {
  readonly target: HeartbeatTarget;
  readonly registeredAtMs: number;
  /** When the message becomes visible again unless extended. */
  deadlineMs: number;
  /** Its work succeeded: kept invisible until the batch ends, no longer subject to the maximum life. */
  done: boolean;
}

/**
 * One timer for every in-flight message of a batch. `register` the batch's messages when the
 * work starts, `finish` each one when its work ends, `stop` when the invocation returns.
 * A message whose work succeeded stays registered until `stop`: Lambda's event source mapping
 * deletes a batch's successes only when the invocation returns, so they must stay hidden until
 * then. A message whose work failed is let go at once (not extended; it comes back when its
 * visibility runs out). Checks are chained, never overlapping; failures are reported through
 * `onEvent`, never thrown.
 */
export class VisibilityManager {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly settings: VisibilityManagerSettings;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  private requestCount = 0;

  constructor(private readonly options: VisibilityManagerOptions) {
    checkVisibilityManagerSettings(options.settings);
    this.settings = options.settings;
    this.now = options.now ?? Date.now;
  }

  /** ChangeMessageVisibilityBatch requests made so far. */
  get requests(): number {
    return this.requestCount;
  }

  /** Message ids still registered. */
  get registered(): readonly string[] {
    return [...this.entries.keys()];
  }

  /**
   * Registers messages (by `messageId`) and checks them at once: one whose receive time is
   * unknown (a redelivery) is assumed due and extended in this first request. Starts the timer.
   */
  async register(targets: readonly HeartbeatTarget[]): Promise<void> {
    if (this.stopped) return;
    const now = this.now();
    const timeoutMs = this.settings.queueVisibilityTimeoutSeconds * 1000;
    for (const target of targets) {
      this.entries.set(target.messageId, {
        target,
        registeredAtMs: now,
        deadlineMs: target.receivedAtMs === undefined ? now : target.receivedAtMs + timeoutMs,
        done: false,
      });
    }
    await this.enqueueCheck();
    this.schedule();
  }

  /** The work on `messageId` ended: kept until `stop` when it succeeded, let go when it failed. */
  finish(messageId: string, outcome: WorkOutcome): void {
    const entry = this.entries.get(messageId);
    if (entry === undefined) return;
    if (outcome === 'failed') this.entries.delete(messageId);
    else entry.done = true;
  }

  /** Clears the timer and waits for a request in flight, so no call happens after it resolves. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
    this.entries.clear();
  }

  private schedule(): void {
    if (this.stopped || this.timer !== undefined || this.entries.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.enqueueCheck().then(() => this.schedule());
    }, this.settings.timerIntervalMs);
  }

  private enqueueCheck(): Promise<void> {
    // check() reports its failures and never throws; the catch keeps one surprise from
    // breaking every later check.
    this.chain = this.chain.then(() => (this.stopped ? undefined : this.check())).catch(() => undefined);
    return this.chain;
  }

  private report(event: VisibilityManagerEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // A failing log sink must not stop the manager or crash the worker.
    }
  }

  /**
   * One check: if any message is due (it would have less than its minimal life by the next
   * check) or past its maximum life, one request for the whole batch: every registered message
   * extended (riding along costs nothing and keeps the batch in step), the expired ones set to 0.
   */
  private async check(): Promise<void> {
    const { queueVisibilityTimeoutSeconds, timerIntervalMs, minimalLifeMs, maxLifeMs } = this.settings;
    const now = this.now();
    const extend: { entry: Entry; seconds: number }[] = [];
    const release: { entry: Entry; keptMs: number }[] = [];
    let due = false;
    for (const entry of this.entries.values()) {
      const keptMs = now - entry.registeredAtMs;
      if (!entry.done && keptMs >= maxLifeMs) {
        release.push({ entry, keptMs });
        continue;
      }
      const left = Math.floor(MAX_VISIBILITY_SECONDS - (now - entry.target.firstReceivedAtMs) / 1000);
      if (left <= 0) {
        this.report({ type: 'ceiling', target: entry.target });
        this.entries.delete(entry.target.messageId);
        continue;
      }
      if (entry.deadlineMs - now < minimalLifeMs + timerIntervalMs) due = true;
      extend.push({ entry, seconds: Math.min(queueVisibilityTimeoutSeconds, left) });
    }
    for (const { entry } of release) this.entries.delete(entry.target.messageId);
    if (!due && release.length === 0) return;
    const items = [
      ...release.map(({ entry, keptMs }) => ({ entry, seconds: 0, keptMs })),
      ...extend.map(({ entry, seconds }) => ({ entry, seconds, keptMs: undefined })),
    ];
    for (let start = 0; start < items.length; start += MAX_BATCH_ENTRIES) {
      await this.send(items.slice(start, start + MAX_BATCH_ENTRIES));
    }
  }

  private async send(chunk: readonly { entry: Entry; seconds: number; keptMs: number | undefined }[]): Promise<void> {
    this.requestCount += 1;
    const request = this.requestCount;
    const calledAt = this.now();
    let failed: NonNullable<ChangeMessageVisibilityBatchCommandOutput['Failed']>;
    try {
      const result = await this.options.sqs.send(
        new ChangeMessageVisibilityBatchCommand({
          QueueUrl: this.options.queueUrl,
          Entries: chunk.map(({ entry, seconds: timeout }, index) => ({
            Id: String(index),
            ReceiptHandle: entry.target.receiptHandle,
            VisibilityTimeout: timeout,
          })),
        }),
      );
      failed = result.Failed ?? [];
    } catch (error) {
      const { errorName, errorMessage } = describeError(error);
      for (const { entry } of chunk) {
        this.entries.delete(entry.target.messageId);
        this.report({
          type: 'failed',
          target: entry.target,
          code: errorName,
          message: errorMessage,
          messageGone: isMessageGone(errorName),
        });
      }
      return;
    }
    const refused = new Set<number>();
    for (const entry of failed) {
      const index = Number(entry.Id);
      const item = chunk[index];
      if (item === undefined) continue;
      refused.add(index);
      this.entries.delete(item.entry.target.messageId);
      const code = entry.Code ?? 'Unknown';
      this.report({
        type: 'failed',
        target: item.entry.target,
        code,
        message: entry.Message ?? 'ChangeMessageVisibilityBatch entry failed',
        messageGone: isMessageGone(code),
      });
    }
    const accepted = chunk.filter((_, index) => !refused.has(index));
    for (const { entry, seconds: timeout } of accepted) entry.deadlineMs = calledAt + timeout * 1000;
    this.report({
      type: 'request',
      request,
      entries: chunk.length,
      extended: accepted
        .filter(({ keptMs }) => keptMs === undefined)
        .map(({ entry, seconds: timeout }) => ({ target: entry.target, seconds: timeout })),
      released: accepted
        .filter(({ keptMs }) => keptMs !== undefined)
        .map(({ entry, keptMs }) => ({ target: entry.target, keptMs: keptMs ?? 0 })),
    });
  }
}
