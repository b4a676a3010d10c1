import type { SQSRecord } from 'aws-lambda';
import { describeError, type Logger } from '../commons/logger';
import {
  ClaimLostError,
  IdempotencyInProgressError,
  InvalidMessageError,
  SimulatedHeartbeatError,
} from '../core/errors';
import { type HeartbeatEvent, startHeartbeat, type VisibilityExtender } from '../core/heartbeat';
import { runIdempotent } from '../core/idempotency-guard';
import type { IdempotencyStore } from '../core/idempotency-store';
import { parseVisibilityJobMessage, type VisibilityJob } from './job';

/** Everything one delivery needs, passed in so tests choose clocks, stores and SQS. */
export interface JobDependencies {
  readonly store: IdempotencyStore;
  readonly extender: VisibilityExtender;
  readonly heartbeat: { readonly intervalMs: number; readonly extensionSeconds: number };
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

  const work = async (): Promise<void> => {
    const heartbeat = job.heartbeat
      ? startHeartbeat(
          [
            {
              id: job.id,
              messageId: record.messageId,
              receiptHandle: record.receiptHandle,
              firstReceivedAtMs,
              receivedAtMs: receiveCount === 1 ? firstReceivedAtMs : undefined,
            },
          ],
          {
            extend: job.failHeartbeat ? failingExtender : deps.extender,
            intervalMs: deps.heartbeat.intervalMs,
            extensionSeconds: deps.heartbeat.extensionSeconds,
            now: deps.now,
            onEvent: (event) => logHeartbeat(log, event),
          },
        )
      : undefined;
    try {
      await deps.sleep(job.sleep * 1000);
    } finally {
      await heartbeat?.stop();
    }
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
