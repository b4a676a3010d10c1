/**
 * The `short-vs-long-polling` run: one consumer polls a sparse queue for a period with
 * WaitTimeSeconds 0, then another for the same period with WaitTimeSeconds 20, while the
 * experiment sends the same few messages at the same moments of each period. Each consumer
 * counts its ReceiveMessage calls, the empty ones and the messages, and prices the calls at
 * cost/prices.ts's rate. Short polling asks again after a short pause when a response is empty;
 * the long poller's last call waits only for the rest of the period.
 *
 * On AWS the queue is a deployed DLQ (no worker reads it): the run refuses one that holds
 * messages, and deletes only the messages it sent.
 */
import {
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { PRICES } from '../../cost/prices';
import type { PollingPlan } from '../experiment';
import type { PollingConsumerObservation, PollingObservation } from '../observation';
import type { QueueProbe } from '../probe';
import { queueDepth } from '../stack-reads';
import { type RunLog, shortId, sleep } from './run-log';

/** The deployed queue holds messages, so the run could not tell its own receives from theirs. */
export class QueueNotEmptyError extends Error {
  override readonly name = 'QueueNotEmptyError';
}

/** How long a received message stays hidden from the other consumer (longer than a period). */
const RECEIVED_VISIBILITY_SECONDS = 30;

/** How long past its period a consumer keeps polling for a message of its period that came late. */
const LATE_GRACE_MS = 10_000;

function bodyId(message: Message): string {
  try {
    const parsed = JSON.parse(message.Body ?? '') as { id?: unknown };
    return typeof parsed.id === 'string' ? parsed.id : '';
  } catch {
    return '';
  }
}

interface ConsumerRun {
  readonly sqs: SQSClient;
  readonly queueUrl: string;
  readonly plan: PollingPlan;
  readonly tag: string;
  readonly log: RunLog;
  /** Ids of this run's messages not received yet, with when each was sent (epoch ms). */
  readonly pending: Map<string, number>;
}

/** One consumer's period: sends at the plan's moments, polls until the period ends. */
async function consume(run: ConsumerRun, waitTimeSeconds: number, label: string): Promise<PollingConsumerObservation> {
  const { sqs, queueUrl, plan, tag, log, pending } = run;
  const start = Date.now();
  const end = start + plan.periodSeconds * 1000;
  let sent = 0;
  const sends = plan.sendAtSeconds.map(async (at, index) => {
    await sleep(start + at * 1000 - Date.now());
    const id = `${tag}-${label}-${index + 1}`;
    pending.set(id, Date.now());
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ id }) }));
    sent += 1;
    log('Producer', `SendMessage ${shortId(id, tag)}`);
  });
  let calls = 0;
  let emptyResponses = 0;
  let emptySinceLast = 0;
  const latenciesSeconds: number[] = [];
  const mine = new Set(plan.sendAtSeconds.map((_, index) => `${tag}-${label}-${index + 1}`));
  let received = 0;
  // Until the period ends, and past it (for at most LATE_GRACE_MS) only while a message of the
  // period is still to come or to be received: a send that came late on a stalled machine.
  const outstanding = (): boolean => sent < plan.sendAtSeconds.length || received < sent;
  while (Date.now() < end || (outstanding() && Date.now() < end + LATE_GRACE_MS)) {
    const remainingSeconds = (end - Date.now()) / 1000;
    const wait = waitTimeSeconds === 0 ? 0 : Math.min(waitTimeSeconds, Math.max(1, Math.ceil(remainingSeconds)));
    const asking =
      wait < waitTimeSeconds
        ? `WaitTimeSeconds ${wait}: ${waitTimeSeconds} cut to the period's end`
        : `WaitTimeSeconds ${wait}`;
    const asked = Date.now();
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: wait,
        VisibilityTimeout: RECEIVED_VISIBILITY_SECONDS,
      }),
    );
    calls += 1;
    if (Messages.length === 0) {
      emptyResponses += 1;
      emptySinceLast += 1;
      if (waitTimeSeconds > 0) {
        log('Consumer', `ReceiveMessage #${calls} (${asking}): empty after ${secondsSince(asked)} s`);
      }
      if (waitTimeSeconds === 0) {
        const untilEnd = end - Date.now();
        await sleep(untilEnd > 0 ? Math.min(plan.pauseAfterEmptyMs, untilEnd) : plan.pauseAfterEmptyMs);
      }
      continue;
    }
    for (const message of Messages) {
      const id = bodyId(message);
      const sentAt = pending.get(id);
      if (sentAt === undefined) {
        log('Consumer', `ReceiveMessage #${calls}: a message that is not this run's, left alone`);
        continue;
      }
      pending.delete(id);
      if (mine.has(id)) received += 1;
      latenciesSeconds.push((Date.now() - sentAt) / 1000);
      const before =
        waitTimeSeconds === 0
          ? `, after ${emptySinceLast} empty response(s)`
          : ` after waiting ${secondsSince(asked)} s`;
      log('Consumer', `ReceiveMessage #${calls} (${asking}): ${shortId(id, tag)}${before}`);
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
    }
    emptySinceLast = 0;
  }
  await Promise.all(sends);
  return {
    waitTimeSeconds,
    calls,
    emptyResponses,
    messagesSent: plan.sendAtSeconds.length,
    messagesReceived: received,
    costUsd: calls * PRICES.sqsStandardRequest.usd,
    latenciesSeconds,
  };
}

function secondsSince(ms: number): string {
  return ((Date.now() - ms) / 1000).toFixed(1);
}

/** Deletes this run's messages that no consumer received (short polling may miss some on AWS). */
async function drain(run: ConsumerRun): Promise<void> {
  for (let round = 0; round < 5 && run.pending.size > 0; round += 1) {
    const { Messages = [] } = await run.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: run.queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    for (const message of Messages) {
      const id = bodyId(message);
      if (!run.pending.delete(id)) continue;
      await run.sqs.send(new DeleteMessageCommand({ QueueUrl: run.queueUrl, ReceiptHandle: message.ReceiptHandle }));
      run.log('lab', `deleted ${shortId(id, run.tag)}, which its consumer did not receive in its period`);
    }
  }
}

/** Runs both consumers, one after the other, on `probe`'s queue. */
export async function runPolling(
  probe: QueueProbe,
  plan: PollingPlan,
  tag: string,
  log: RunLog,
): Promise<PollingObservation> {
  const queueUrl = await probe.queue(tag, {});
  if (probe.target === 'aws') {
    const depth = await queueDepth(probe.sqs, queueUrl);
    if (depth > 0) {
      throw new QueueNotEmptyError(
        `the queue holds ${depth} message(s); the polling experiment needs it empty (redrive or purge the DLQ first)`,
      );
    }
  }
  const run: ConsumerRun = { sqs: probe.sqs, queueUrl, plan, tag, log, pending: new Map() };
  try {
    log('lab', `short polling: WaitTimeSeconds 0 for ${plan.periodSeconds} s`);
    const short = await consume(run, 0, 'short');
    log('lab', `long polling: WaitTimeSeconds ${plan.longWaitTimeSeconds} for ${plan.periodSeconds} s`);
    const long = await consume(run, plan.longWaitTimeSeconds, 'long');
    return {
      kind: 'polling',
      periodSeconds: plan.periodSeconds,
      short,
      long,
      usdPerMillionRequests: PRICES.sqsStandardRequest.usd * 1_000_000,
    };
  } finally {
    await drain(run);
  }
}
