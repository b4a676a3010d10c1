/**
 * ChangeMessageVisibility(Batch) requests per message per minute of work: the project's
 * heartbeat (one request per tick for all its messages) against the tutorial's per-message
 * `setInterval`, on real messages in the SQS emulator.
 *
 * A minute of work is played at `timeScale` times real speed with the tick interval scaled by
 * the same factor, so the bench does not wait a real minute; the counts are those of a minute.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { ReceiveMessageCommand, SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { createSqsClient, type EmulatorEndpoints } from '@sqs-lab/lab';
import { type HeartbeatTarget, startHeartbeat } from '../../lambda/core/heartbeat';
import { sqsVisibilityExtender } from '../../lambda/core/sqs-visibility-extender';
import { heartbeatTimingFor, VISIBILITY_DUP } from '../../lib/settings';
import { type CallCounts, countAwsCalls, createBenchQueue } from '@sqs-lab/lab/bench';
import { startNaiveHeartbeat } from '../baseline/naive-heartbeat';

/** One heartbeat over one minute of work. */
export interface HeartbeatRun {
  readonly messages: number;
  readonly calls: CallCounts;
  /** Requests of any kind per message per minute of work. */
  readonly requestsPerMessagePerMinute: number;
}

/** The project's heartbeat and the naive one, for one message and for a batch of ten. */
export interface HeartbeatRequestsResult {
  /** The production timing (5 s queue): tick interval and extension. */
  readonly intervalMs: number;
  readonly extensionSeconds: number;
  /** Ticks a minute of work has at that interval. */
  readonly nominalTicksPerMinute: number;
  readonly timeScale: number;
  readonly single: { readonly project: HeartbeatRun; readonly naive: HeartbeatRun };
  readonly batch: { readonly project: HeartbeatRun; readonly naive: HeartbeatRun };
}

/** Raised when the emulator does not hand out the messages a heartbeat run needs. */
export class HeartbeatSetupError extends Error {
  override readonly name = 'HeartbeatSetupError';
}

const ONE_MINUTE_MS = 60_000;

async function receivedMessages(sqs: SQSClient, queueUrl: string, count: number): Promise<HeartbeatTarget[]> {
  await sqs.send(
    new SendMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: Array.from({ length: count }, (_, index) => ({
        Id: String(index),
        MessageBody: `{"id":"hb-${index}"}`,
      })),
    }),
  );
  const targets: HeartbeatTarget[] = [];
  for (let attempt = 0; attempt < 20 && targets.length < count; attempt += 1) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: count - targets.length,
        WaitTimeSeconds: 1,
      }),
    );
    const now = Date.now();
    for (const message of Messages) {
      if (message.MessageId === undefined || message.ReceiptHandle === undefined) continue;
      targets.push({
        id: message.MessageId,
        messageId: message.MessageId,
        receiptHandle: message.ReceiptHandle,
        firstReceivedAtMs: now,
        receivedAtMs: now,
      });
    }
  }
  if (targets.length < count)
    throw new HeartbeatSetupError(`received ${targets.length} of ${count} messages for the heartbeat run`);
  return targets;
}

function run(messages: number, calls: CallCounts): HeartbeatRun {
  const requests = Object.values(calls).reduce((sum, value) => sum + value, 0);
  return { messages, calls, requestsPerMessagePerMinute: requests / messages };
}

async function oneRun(
  endpoints: EmulatorEndpoints,
  kind: 'project' | 'naive',
  messages: number,
  timing: { intervalMs: number; extensionSeconds: number },
  minuteMs: number,
): Promise<HeartbeatRun> {
  const sqs = createSqsClient(endpoints);
  try {
    const queueUrl = await createBenchQueue(sqs, `heartbeat-${kind}-${messages}`, 60);
    const targets = await receivedMessages(sqs, queueUrl, messages);
    const counter = countAwsCalls(sqs);
    if (kind === 'project') {
      const heartbeat = startHeartbeat(targets, { extend: sqsVisibilityExtender(sqs, queueUrl), ...timing });
      await sleep(minuteMs);
      await heartbeat.stop();
    } else {
      const heartbeat = startNaiveHeartbeat(
        sqs,
        queueUrl,
        targets.map((target) => target.receiptHandle),
        timing.intervalMs,
        timing.extensionSeconds,
      );
      await sleep(minuteMs);
      heartbeat.stop();
      // Let the last unawaited calls land so they are counted.
      await sleep(timing.intervalMs / 2);
    }
    return run(messages, counter.snapshot());
  } finally {
    sqs.destroy();
  }
}

/** Four heartbeats side by side (project/naive × 1/10 messages) over one scaled minute. */
export async function measureHeartbeatRequests(
  endpoints: EmulatorEndpoints,
  timeScale: number,
): Promise<HeartbeatRequestsResult> {
  const production = heartbeatTimingFor(VISIBILITY_DUP.queueVisibilityTimeoutSeconds);
  const timing = { intervalMs: production.intervalMs / timeScale, extensionSeconds: production.extensionSeconds };
  const minuteMs = ONE_MINUTE_MS / timeScale;
  const [singleProject, singleNaive, batchProject, batchNaive] = await Promise.all([
    oneRun(endpoints, 'project', 1, timing, minuteMs),
    oneRun(endpoints, 'naive', 1, timing, minuteMs),
    oneRun(endpoints, 'project', 10, timing, minuteMs),
    oneRun(endpoints, 'naive', 10, timing, minuteMs),
  ]);
  return {
    intervalMs: production.intervalMs,
    extensionSeconds: production.extensionSeconds,
    nominalTicksPerMinute: ONE_MINUTE_MS / production.intervalMs,
    timeScale,
    single: { project: singleProject, naive: singleNaive },
    batch: { project: batchProject, naive: batchNaive },
  };
}
