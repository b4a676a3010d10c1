import { describeError } from './describe-error';

/** SQS never keeps a message invisible for more than 12 hours after its first receive. */
export const MAX_VISIBILITY_SECONDS = 12 * 3600;

/** A message whose visibility the heartbeat keeps extending. */
export interface HeartbeatTarget {
  /** The body id, for logs. */
  readonly id: string;
  readonly messageId: string;
  readonly receiptHandle: string;
  /** `ApproximateFirstReceiveTimestamp`: the 12-hour ceiling counts from here. */
  readonly firstReceivedAtMs: number;
  /**
   * When this copy was received, if known (on a first delivery it is the first-receive
   * timestamp). Unknown means "assume the worst": extend at once.
   */
  readonly receivedAtMs?: number;
}

/** One extension request: a target and the new timeout, counted from the call. */
export interface Extension {
  readonly target: HeartbeatTarget;
  readonly seconds: number;
}

/**
 * The error codes with which SQS says a receipt handle no longer reaches a message this
 * worker holds: `InvalidParameterValue` ("Message does not exist or is not available for
 * visibility timeout change": deleted; also the 12-hour ceiling) and `ReceiptHandleIsInvalid`
 * (a handle SQS cannot read). Extending such a message again can never succeed, so the
 * heartbeat stops extending it. (A message received again by someone else is not refused:
 * SQS accepts the earlier handle, so only the end of the job stops the heartbeat. Emulators
 * have used other codes, e.g. fauxqs's `MessageNotInflight`; SQS does not send that one.)
 */
export const MESSAGE_GONE_CODES: readonly string[] = ['InvalidParameterValue', 'ReceiptHandleIsInvalid'];

/** True when `code` is one of {@link MESSAGE_GONE_CODES}. */
export function isMessageGone(code: string): boolean {
  return MESSAGE_GONE_CODES.includes(code);
}

/** A target SQS refused to extend (stale receipt handle, message deleted, …). */
export interface ExtensionFailure {
  readonly target: HeartbeatTarget;
  readonly code: string;
  readonly message: string;
}

/**
 * Extends the visibility of every entry in one request (ChangeMessageVisibility for one,
 * ChangeMessageVisibilityBatch for several) and returns the entries SQS refused. Throws
 * when the request as a whole failed.
 */
export type VisibilityExtender = (extensions: readonly Extension[]) => Promise<readonly ExtensionFailure[]>;

/** What the heartbeat reports; the worker turns each into one log line per target. */
export type HeartbeatEvent =
  | { readonly type: 'extended'; readonly extensions: readonly Extension[] }
  | {
      readonly type: 'failed';
      readonly target: HeartbeatTarget;
      readonly code: string;
      readonly message: string;
      /** SQS said the handle no longer reaches the message ({@link isMessageGone}). */
      readonly messageGone: boolean;
    }
  | { readonly type: 'ceiling'; readonly target: HeartbeatTarget };

export interface HeartbeatOptions {
  readonly extend: VisibilityExtender;
  /** Time between the end of one extension and the start of the next. */
  readonly intervalMs: number;
  /** The visibility timeout each extension sets, counted from the call. */
  readonly extensionSeconds: number;
  readonly now?: () => number;
  readonly onEvent?: (event: HeartbeatEvent) => void;
}

/** A running heartbeat. */
export interface Heartbeat {
  /** Stops ticking and waits for an extension in flight, so no call happens after it resolves. */
  stop(): Promise<void>;
  /** Extension requests made so far. */
  readonly requests: number;
}

/** The interval and extension contradict each other. */
export class HeartbeatConfigurationError extends Error {
  override readonly name = 'HeartbeatConfigurationError';
}

/**
 * The first extension is due one interval after the earliest receive: the message may have
 * waited in the poller or through a cold start before the work began. A copy whose receive
 * time is unknown (a redelivery) is extended at once.
 */
function firstDelayMs(targets: readonly HeartbeatTarget[], intervalMs: number, nowMs: number): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const target of targets) {
    if (target.receivedAtMs === undefined) return 0;
    earliest = Math.min(earliest, target.receivedAtMs);
  }
  return Math.max(0, Math.min(intervalMs, intervalMs - (nowMs - earliest)));
}

/**
 * Keeps `targets` invisible while work runs: every `intervalMs` it sets their visibility to
 * `extensionSeconds` from now (the first tick counts from the receive, see firstDelayMs).
 * Ticks are chained, not `setInterval`, so two extensions for one
 * message are never in flight together even when SQS is slow. A target SQS refuses, or that
 * reaches the 12-hour ceiling, drops out; a request that fails as a whole stops the heartbeat.
 * Failures are reported through `onEvent`, never thrown: the work goes on, and the guard
 * makes the resulting duplicate harmless.
 */
export function startHeartbeat(targets: readonly HeartbeatTarget[], options: HeartbeatOptions): Heartbeat {
  const { extend, intervalMs, extensionSeconds } = options;
  if (!(intervalMs > 0) || !(extensionSeconds > 0)) {
    throw new HeartbeatConfigurationError('heartbeat interval and extension must both be positive');
  }
  if (intervalMs >= extensionSeconds * 1000) {
    throw new HeartbeatConfigurationError(
      `heartbeat interval (${intervalMs} ms) must be shorter than the extension (${extensionSeconds} s), or visibility lapses between ticks`,
    );
  }
  const now = options.now ?? Date.now;
  const report = (event: HeartbeatEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // A failing log sink must not stop the heartbeat or crash the worker.
    }
  };

  let active = [...targets];
  let stopped = false;
  let requests = 0;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;

  const tick = async (): Promise<void> => {
    const extensions: Extension[] = [];
    const capped = new Set<HeartbeatTarget>();
    for (const target of active) {
      const left = Math.floor(MAX_VISIBILITY_SECONDS - (now() - target.firstReceivedAtMs) / 1000);
      if (left <= 0) {
        report({ type: 'ceiling', target });
        capped.add(target);
        continue;
      }
      if (left <= extensionSeconds) capped.add(target);
      extensions.push({ target, seconds: Math.min(extensionSeconds, left) });
    }
    active = active.filter((target) => !capped.has(target));
    if (extensions.length === 0) return;
    requests += 1;
    let failures: readonly ExtensionFailure[];
    try {
      failures = await extend(extensions);
    } catch (error) {
      const { errorName, errorMessage } = describeError(error);
      for (const { target } of extensions) {
        report({
          type: 'failed',
          target,
          code: errorName,
          message: errorMessage,
          messageGone: isMessageGone(errorName),
        });
      }
      active = [];
      return;
    }
    const failed = new Set(failures.map((failure) => failure.target));
    for (const failure of failures) report({ type: 'failed', ...failure, messageGone: isMessageGone(failure.code) });
    active = active.filter((target) => !failed.has(target));
    const extended = extensions.filter(({ target }) => !failed.has(target));
    if (extended.length > 0) report({ type: 'extended', extensions: extended });
  };

  const schedule = (delayMs: number): void => {
    if (stopped || active.length === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      inFlight = tick().finally(() => {
        inFlight = undefined;
        schedule(intervalMs);
      });
    }, delayMs);
  };
  schedule(firstDelayMs(targets, intervalMs, now()));

  return {
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
    get requests() {
      return requests;
    },
  };
}
