/**
 * What a long backlog costs the SQS emulator per message: n messages wait in one queue, half of
 * them are received ten at a time with a 10-minute visibility timeout, every second batch deleted
 * and the others left in flight, and the retention period then ends for everything left at once
 * (the layer's clock moved past it, and one GetQueueAttributes expires them). The CPU time per
 * message should not grow with n: ×4 messages, about ×4 time. What this guards are the ways it
 * once grew as n²: fauxqs's `Array.shift()` on a backlog past about 11 000 messages, its timer
 * pass looking at every message in flight before each receive, and the retention check taking
 * expired messages out one by one (fidelity/ready-list.ts, due-timers.ts, fauxqs-internals.ts).
 *
 * The fidelity layer runs in this thread, answered through Fastify's `inject` (no sockets), and the
 * time is the process's CPU time (`process.cpuUsage`), as for Logs Insights: nothing else runs.
 */
import type { BenchTarget } from './bench-target';
import { markdownTable } from '../common/markdown-table';
import { lastOverFirst, median, timeRatioPerFourfold } from './stats';
import { buildFauxqsWithFidelity } from '../services/sqs/fidelity/sqs-fidelity-layer';
import { injectedSqsCall } from '../services/sqs/fidelity/injected-sqs-call';

/** One size: how long receiving half of the backlog and expiring the rest took. */
export interface BacklogSizeRow {
  readonly messages: number;
  /** CPU milliseconds to receive the first half (deleting every second batch), one figure per pass. */
  readonly drainMs: readonly number[];
  /** CPU milliseconds for the one request that expired everything left, one figure per pass. */
  readonly expireMs: readonly number[];
  /** Median of drain + expiry over the passes. */
  readonly medianMs: number;
  /** Microseconds of CPU per message at the median. */
  readonly microsPerMessage: number;
}

/** Every size, and how the largest compares with the smallest. */
export interface BacklogBenchResult {
  readonly rows: readonly BacklogSizeRow[];
  /** median time(largest) / median time(smallest). */
  readonly timeRatio: number;
  /** largest / smallest backlog. */
  readonly messagesRatio: number;
}

/** Raised when the emulator answers a bench request with something other than success. */
export class BacklogBenchError extends Error {
  override readonly name = 'BacklogBenchError';
}

/** The shortest retention SQS allows, in seconds: the bench moves the clock past it. */
const RETENTION_SECONDS = 60;
/** The visibility timeout of the receives: longer than the pass, so what is not deleted stays in flight. */
const IN_FLIGHT_SECONDS = 600;

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** One pass at one size, on a fresh emulator: [drain ms, expiry ms]. */
async function onePass(messages: number): Promise<[number, number]> {
  const { app, state } = await buildFauxqsWithFidelity();
  try {
    const send = injectedSqsCall(app);
    const call = async (action: string, body: object): Promise<Record<string, unknown>> => {
      const answer = await send(action, body);
      if (answer.statusCode !== 200)
        throw new BacklogBenchError(`${action} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
      return answer.json;
    };
    const { QueueUrl } = (await call('CreateQueue', {
      QueueName: `backlog-${messages}`,
      Attributes: { MessageRetentionPeriod: String(RETENTION_SECONDS) },
    })) as { QueueUrl: string };
    for (let first = 0; first < messages; first += 10) {
      const entries = Array.from({ length: Math.min(10, messages - first) }, (_, offset) => ({
        Id: `e${offset}`,
        MessageBody: `message ${first + offset}`,
      }));
      await call('SendMessageBatch', { QueueUrl, Entries: entries });
    }

    const drainStart = process.cpuUsage();
    let received = 0;
    for (let batch = 0; received < messages / 2; batch += 1) {
      const { Messages = [] } = (await call('ReceiveMessage', {
        QueueUrl,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: IN_FLIGHT_SECONDS,
      })) as { Messages?: { ReceiptHandle: string }[] };
      if (Messages.length === 0) throw new BacklogBenchError(`the queue ran dry after ${received} messages`);
      received += Messages.length;
      if (batch % 2 === 1) continue; // left in flight
      await call('DeleteMessageBatch', {
        QueueUrl,
        Entries: Messages.map(({ ReceiptHandle }, index) => ({ Id: `d${index}`, ReceiptHandle })),
      });
    }
    const drainMs = cpuMs(drainStart);

    state.clock.advance((RETENTION_SECONDS + 1) * 1000);
    const expireStart = process.cpuUsage();
    const { Attributes = {} } = (await call('GetQueueAttributes', {
      QueueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    })) as { Attributes?: Record<string, string> };
    const expireMs = cpuMs(expireStart);
    const left =
      Number(Attributes.ApproximateNumberOfMessages) + Number(Attributes.ApproximateNumberOfMessagesNotVisible);
    if (left !== 0) throw new BacklogBenchError(`${left} messages outlived their retention`);
    return [drainMs, expireMs];
  } finally {
    await app.close();
  }
}

/** Times each size `passes` times (after an untimed pass at the smallest). */
export async function measureSqsBacklog(sizes: {
  readonly messages: readonly number[];
  readonly passes: number;
}): Promise<BacklogBenchResult> {
  await onePass(Math.min(...sizes.messages));
  const rows: BacklogSizeRow[] = [];
  for (const messages of sizes.messages) {
    const drainMs: number[] = [];
    const expireMs: number[] = [];
    const totals: number[] = [];
    for (let pass = 0; pass < sizes.passes; pass += 1) {
      const [drain, expire] = await onePass(messages);
      drainMs.push(drain);
      expireMs.push(expire);
      totals.push(drain + expire);
    }
    const medianMs = median(totals);
    rows.push({ messages, drainMs, expireMs, medianMs, microsPerMessage: (medianMs * 1000) / messages });
  }
  return {
    rows,
    timeRatio: lastOverFirst(rows, (row) => row.medianMs),
    messagesRatio: lastOverFirst(rows, (row) => row.messages),
  };
}

/** ×4 waiting messages may take at most this many times the CPU time (linear: about 4). */
export const MAX_BACKLOG_TIME_RATIO_PER_4X = 5;

/** The section's target, judged from `backlog` (undefined: not run). */
export function backlogTarget(backlog: BacklogBenchResult | undefined): BenchTarget {
  const target = `the SQS emulator's work grows linearly with a queue's backlog: ×4 messages received, left in flight and expired in ≤ ×${MAX_BACKLOG_TIME_RATIO_PER_4X} the time`;
  if (backlog === undefined) return { id: 'sqs-backlog-scaling', target, status: 'not-run', figure: '' };
  const perFourfold = timeRatioPerFourfold(backlog.timeRatio, backlog.messagesRatio);
  const largest = backlog.rows[backlog.rows.length - 1];
  return {
    id: 'sqs-backlog-scaling',
    target,
    status: perFourfold <= MAX_BACKLOG_TIME_RATIO_PER_4X ? 'pass' : 'miss',
    figure: `×${backlog.messagesRatio.toFixed(0)} messages: ×${backlog.timeRatio.toFixed(2)} time; ${largest?.messages ?? 0} messages at ${largest?.microsPerMessage.toFixed(1) ?? '?'} µs each`,
  };
}

/** The section's table (Markdown). */
export function backlogTable(backlog: BacklogBenchResult): string {
  return [
    '### The SQS emulator under a long backlog: receive half (a quarter left in flight), expire the rest',
    '',
    markdownTable(
      [
        'Messages waiting',
        'Receive half, delete every second batch (CPU, per pass)',
        'Expire the rest (CPU, per pass)',
        'µs per message',
      ],
      backlog.rows.map((row) => [
        String(row.messages),
        row.drainMs.map((ms) => `${ms.toFixed(0)} ms`).join(', '),
        row.expireMs.map((ms) => `${ms.toFixed(1)} ms`).join(', '),
        row.microsPerMessage.toFixed(1),
      ]),
    ),
    '',
    `×${backlog.messagesRatio.toFixed(0)} messages took ×${backlog.timeRatio.toFixed(2)} the time.`,
  ].join('\n');
}
