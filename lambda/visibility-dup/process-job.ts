import type { SQSRecord } from 'aws-lambda';
import type { Logger } from '../commons/logger';
import { describeError } from '../core/describe-error';
import {
  ClaimLostError,
  IdempotencyInProgressError,
  InvalidMessageError,
  SimulatedHeartbeatError,
} from '../core/errors';
import {
  type Heartbeat,
  type HeartbeatEvent,
  type HeartbeatTarget,
  startHeartbeat,
  type VisibilityExtender,
} from '../core/heartbeat';
import { runIdempotent } from '../core/idempotency-guard';
import type { IdempotencyStore } from '../core/idempotency-store';
import type { VisibilityManagerEvent } from '../core/visibility-manager';
import { parseVisibilityJobMessage, type VisibilityJob } from './job';

/** Everything one delivery needs, passed in so tests choose clocks, stores and SQS. */
export interface JobDependencies {
  readonly store: IdempotencyStore;
  readonly extender: VisibilityExtender;
  readonly heartbeat: { readonly intervalMs: number; readonly extensionSeconds: number };
  /**
   * `true`: the batch's visibility manager keeps this record hidden, so no per-message
   * heartbeat is started (and the job's `heartbeat` / `failHeartbeat` switches do not apply).
   */
  readonly batchManagedVisibility?: boolean;
  readonly completedTtlSeconds: number;
  readonly logger: Logger;
  readonly owner: string;
  readonly now: () => number;
  readonly remainingTimeMs: () => number;
  /** The simulated work. */
  readonly sleep: (ms: number) => Promise<void>;
}

/** The extender the `failHeartbeat` experiment uses: every extension fails. */
const failingExtender: VisibilityExtender = async () => {
  throw new SimulatedHeartbeatError('ChangeMessageVisibility failed (simulated by "failHeartbeat": true)');
};

/**
 * One Step 7 delivery: log `Start`, claim the id, work for `sleep` seconds under a heartbeat,
 * then complete and apply the effect, or skip a completed duplicate. Throws (so the record is
 * reported as failed and stays in the queue) for a poison body, an in-progress duplicate, a
 * lost claim, or failed work.
 */
export async function processVisibilityRecord(record: SQSRecord, deps: JobDependencies): Promise<void> {
  const receiveCount = Number(record.attributes.ApproximateReceiveCount);
  let job: VisibilityJob;
  try {
    job = parseVisibilityJobMessage(record.body);
  } catch (error) {
    if (error instanceof InvalidMessageError) {
      deps.logger.error('invalid-message', `Invalid message ${record.messageId}: ${error.message}`, {
        messageId: record.messageId,
        receiveCount,
      });
    }
    throw error;
  }
  const log = deps.logger.with({ id: job.id, messageId: record.messageId, receiveCount });
  const firstReceivedAtMs = Number(record.attributes.ApproximateFirstReceiveTimestamp) || deps.now();
  // SQS's own clock: the send and the first receive, so a reader sees how long a delay held it.
  const sentAtMs = Number(record.attributes.SentTimestamp);
  log.info('start', `Start ${job.id} sleep ${job.sleep}`, {
    job,
    firstReceiveTimestamp: firstReceivedAtMs,
    ...(Number.isFinite(sentAtMs) && sentAtMs > 0 ? { sentTimestamp: sentAtMs } : {}),
  });

  // The heartbeat starts with the work and runs until this delivery's outcome is written (the
  // completion, or the claim's release): the SDK retries a throttled write for seconds, and a
  // message whose visibility lapsed meanwhile would come back while its claim is still held.
  let heartbeat: Heartbeat | undefined;
  const work = async (): Promise<void> => {
    heartbeat =
      job.heartbeat && deps.batchManagedVisibility !== true
        ? startHeartbeat([heartbeatTargetOf(record, job.id, deps.now)], {
            extend: job.failHeartbeat ? failingExtender : deps.extender,
            intervalMs: deps.heartbeat.intervalMs,
            extensionSeconds: deps.heartbeat.extensionSeconds,
            now: deps.now,
            onEvent: (event) => logHeartbeat(log, event),
          })
        : undefined;
    await deps.sleep(job.sleep * 1000);
  };

  try {
    if (!job.idempotency) {
      await work();
      const expiresAt = Math.floor(deps.now() / 1000) + deps.completedTtlSeconds;
      const effects = await deps.store.applyUnguardedEffect(job.id, expiresAt);
      log.info('completed', `Completed ${job.id} (no idempotency guard: effect #${effects})`, {
        effects,
        guard: false,
      });
      return;
    }
    const outcome = await runIdempotent(job.id, work, {
      store: deps.store,
      owner: deps.owner,
      now: deps.now,
      remainingTimeMs: deps.remainingTimeMs,
      completedTtlSeconds: deps.completedTtlSeconds,
      onReleaseError: (error) =>
        log.warn(
          'release-failed',
          `Could not release the claim on ${job.id}; it lapses at its expiry`,
          describeError(error),
        ),
    });
    if (outcome.kind === 'duplicate') {
      log.info('duplicate-skipped', `Duplicate detect. Skip: ${job.id}`, { effects: outcome.effects });
      return;
    }
    log.info('completed', `Completed ${job.id}`, { effects: outcome.effects, guard: true });
  } catch (error) {
    if (error instanceof IdempotencyInProgressError) {
      log.info('duplicate-in-progress', `Duplicate detect. In progress elsewhere, not acknowledged: ${job.id}`, {
        inProgressExpiresAt: error.inProgressExpiresAtMs,
      });
    } else if (error instanceof ClaimLostError) {
      log.warn('claim-lost', `Claim on ${job.id} lapsed and was taken over; not completing`, {});
    } else {
      log.error('work-failed', `Failed ${job.id}: ${describeError(error).errorMessage}`, describeError(error));
    }
    throw error;
  } finally {
    await heartbeat?.stop();
  }
}

/**
 * What the heartbeat (or the visibility manager) needs to extend `record`: its handle and when
 * it was received. Lambda passes the first receive's time only, so a redelivery's own receive
 * time is unknown (undefined: the heartbeat then assumes the worst and extends at once).
 */
export function heartbeatTargetOf(record: SQSRecord, id: string, now: () => number): HeartbeatTarget {
  const firstReceivedAtMs = Number(record.attributes.ApproximateFirstReceiveTimestamp) || now();
  return {
    id,
    messageId: record.messageId,
    receiptHandle: record.receiptHandle,
    firstReceivedAtMs,
    receivedAtMs: Number(record.attributes.ApproximateReceiveCount) === 1 ? firstReceivedAtMs : undefined,
  };
}

/** The body's `id` for log lines before the body is validated (the message id when there is none). */
export function bodyIdOf(record: SQSRecord): string {
  try {
    const parsed = JSON.parse(record.body) as { id?: unknown };
    if (typeof parsed.id === 'string' && parsed.id !== '') return parsed.id;
  } catch {
    // A poison body: processVisibilityRecord reports it.
  }
  return record.messageId;
}

/**
 * The visibility manager's events as log lines, one per message, with the fields of that
 * message's `start` line (`id`, `messageId`, `receiveCount`) so a timeline puts them on the
 * right delivery; `request` and `batchEntries` say which ChangeMessageVisibilityBatch carried it.
 */
export function logVisibilityManagerEvent(
  logger: Logger,
  event: VisibilityManagerEvent,
  receiveCountOf: (messageId: string) => number | undefined,
): void {
  const fieldsOf = (target: HeartbeatTarget) => ({
    id: target.id,
    messageId: target.messageId,
    receiveCount: receiveCountOf(target.messageId),
  });
  switch (event.type) {
    case 'request':
      for (const { target, seconds } of event.extended) {
        logger.info(
          'heartbeat',
          `Heartbeat ${target.id}: visibility extended to ${seconds} s (visibility manager: request ${event.request}, one ChangeMessageVisibilityBatch for ${event.entries} message${event.entries === 1 ? '' : 's'})`,
          { ...fieldsOf(target), extendedBySeconds: seconds, request: event.request, batchEntries: event.entries },
        );
      }
      for (const { target, keptMs } of event.released) {
        logger.warn(
          'visibility-released',
          `Visibility manager let go of ${target.id}: still working after its maximum life (${(keptMs / 1000).toFixed(1)} s), visibility set to 0 s so it is received again`,
          { ...fieldsOf(target), keptMs, request: event.request, batchEntries: event.entries },
        );
      }
      return;
    case 'failed':
      logger.warn('heartbeat-failed', `Heartbeat ${event.target.id} stopped: ${event.code}: ${event.message}`, {
        ...fieldsOf(event.target),
        errorName: event.code,
        messageGone: event.messageGone,
      });
      return;
    case 'ceiling':
      logger.warn(
        'heartbeat-ceiling',
        `Heartbeat ${event.target.id} stopped: 12-hour visibility ceiling reached`,
        fieldsOf(event.target),
      );
      return;
  }
}

function logHeartbeat(log: Logger, event: HeartbeatEvent): void {
  switch (event.type) {
    case 'extended':
      for (const { target, seconds } of event.extensions) {
        log.info('heartbeat', `Heartbeat ${target.id}: visibility extended to ${seconds} s`, {
          extendedBySeconds: seconds,
        });
      }
      return;
    case 'failed':
      log.warn('heartbeat-failed', `Heartbeat ${event.target.id} stopped: ${event.code}: ${event.message}`, {
        errorName: event.code,
        messageGone: event.messageGone,
      });
      return;
    case 'ceiling':
      log.warn('heartbeat-ceiling', `Heartbeat ${event.target.id} stopped: 12-hour visibility ceiling reached`, {});
      return;
  }
}
