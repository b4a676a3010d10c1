/**
 * The SQS emulator's own ceiling: producer loops and consumer loops on the bare queue, with
 * no Lambda in between (no worker threads, no event building, no logs), measured the same way
 * as the lab pipeline (first send to last delete).
 */
import { type Message, SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { markdownTable } from '../common/markdown-table';
import { createSqsClient, type Emulators } from '../emulators/emulators';
import { SqsJsonClient } from '../emulators/sqs-json-client';
import { type SqsCalls, sqsCallsOf } from '../services/sqs/sqs-calls';
import { type CallCounts, countAwsCalls } from './aws-call-counter';
import { createBenchQueue } from './bench-resources';
import { runPool } from './pool';
import { startBusyMeter, type ThreadBusy } from './thread-busy';
import { startThreadCpuMeter, type ThreadCpuMs } from './thread-cpu';

/** The loops' shape, mirroring one lab path. */
export interface CeilingShape {
  readonly messages: number;
  /** `batch`: SendMessageBatch of 10, in jobs of 100 messages (a producer invocation); `single`: SendMessage each. */
  readonly send: 'batch' | 'single';
  readonly producers: number;
  /** Concurrent receive loops (the mapping's pollers). */
  readonly consumers: number;
  /** MaxNumberOfMessages of each receive: at most the mapping's batch size. */
  readonly receiveBatch: number;
  /**
   * How each receive is sized, as the lab's mapping sizes its own (`ReceiveSizer`: with the lab's
   * AWS-like batch formation, a seeded draw of 1 to `receiveBatch`); default: always `receiveBatch`.
   */
  readonly receiveSize?: (wanted: number) => number;
  /** Ask for every system and message attribute, as Lambda's pollers do (default: none). */
  readonly allAttributes?: boolean;
  /**
   * How the consumers call SQS: `sdk` (an SDK client, the default) or `lab` (the lab's pollers'
   * own JSON-protocol client, `SqsJsonClient`), so that a ceiling for the lab's pollers pays
   * what they pay, and no more.
   */
  readonly consumerClient?: 'sdk' | 'lab';
  /** Work done per message between receive and delete, if any (e.g. the guard's two writes). */
  readonly process?: (message: Message) => Promise<void>;
}

/** One ceiling run. */
export interface CeilingRun {
  readonly messages: number;
  readonly seconds: number;
  readonly messagesPerSecond: number;
  readonly calls: CallCounts;
  /** How busy each thread was during the run. */
  readonly busy: ThreadBusy;
  /** CPU per kind of thread over the run (Linux only: /proc). */
  readonly threadCpuMs?: ThreadCpuMs;
}

/** Raised when the loops stop receiving before every message was deleted. */
export class CeilingStalledError extends Error {
  override readonly name = 'CeilingStalledError';
}

const MESSAGES_PER_PRODUCER_JOB = 100;
const MAX_BATCH = 10;

/** The batch loops' concurrency when a caller names none: 4 producers, 5 consumers (Lambda's first pollers), receives of 10. */
const BATCH_LOOP_DEFAULTS = { producers: 4, consumers: 5, receiveBatch: MAX_BATCH } as const;

/**
 * The ceiling of a batch pipeline: SendMessageBatch of 10 in jobs of 100 messages, and
 * ReceiveMessage + DeleteMessageBatch loops, at the given concurrency.
 */
export function batchLoopShape(
  messages: number,
  concurrency: Partial<Pick<CeilingShape, 'producers' | 'consumers' | 'receiveBatch'>> = {},
): CeilingShape {
  return { messages, send: 'batch', ...BATCH_LOOP_DEFAULTS, ...concurrency };
}

function sumCounts(a: CallCounts, b: CallCounts): CallCounts {
  const sum = { ...a };
  for (const [call, count] of Object.entries(b)) sum[call] = (sum[call] ?? 0) + count;
  return sum;
}

/** Sends and drains `shape.messages` on a fresh queue; resolves when the last one is deleted. */
export async function measureCeiling(
  emulators: Emulators,
  shape: CeilingShape,
  /** Send every call to this endpoint instead of the emulator's own port (the lab's one endpoint). */
  sqsEndpoint?: string,
): Promise<CeilingRun> {
  const sqs = createSqsClient(sqsEndpoint === undefined ? emulators : { ...emulators, sqsEndpoint });
  // The lab client's calls are counted here; the SDK client's by its middleware (countAwsCalls).
  const labCounts: Record<string, number> = {};
  const labCalls =
    shape.consumerClient === 'lab'
      ? new SqsJsonClient({
          endpoint: sqsEndpoint ?? emulators.sqsEndpoint,
          before: async (operation) => {
            labCounts[`SQS.${operation}`] = (labCounts[`SQS.${operation}`] ?? 0) + 1;
          },
        })
      : undefined;
  const consumerCalls: SqsCalls = labCalls ?? sqsCallsOf(sqs);
  try {
    const queueUrl = await createBenchQueue(sqs, `ceiling-${shape.send}-${shape.messages}`);
    const counter = countAwsCalls(sqs);
    const body = (index: number): string => JSON.stringify({ id: `ceiling-${index}`, index, shouldFail: false });
    const started = performance.now();
    const meter = startBusyMeter(emulators);
    const cpuMeter = startThreadCpuMeter();

    const produce =
      shape.send === 'batch'
        ? runPool(Math.ceil(shape.messages / MESSAGES_PER_PRODUCER_JOB), shape.producers, async (job) => {
            const first = job * MESSAGES_PER_PRODUCER_JOB;
            const last = Math.min(shape.messages, first + MESSAGES_PER_PRODUCER_JOB);
            for (let start = first; start < last; start += MAX_BATCH) {
              const size = Math.min(MAX_BATCH, last - start);
              await sqs.send(
                new SendMessageBatchCommand({
                  QueueUrl: queueUrl,
                  Entries: Array.from({ length: size }, (_, offset) => ({
                    Id: String(offset),
                    MessageBody: body(start + offset),
                  })),
                }),
              );
            }
          })
        : runPool(shape.messages, shape.producers, async (index) => {
            await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body(index) }));
          });

    let deleted = 0;
    let producing = true;
    let finishedAt: number | undefined;
    // Once the last message is deleted, the other loops' long polls are cut short, as the lab
    // run's clock also stops at the last delete.
    const done = new AbortController();
    const consume = async (): Promise<void> => {
      let idle = 0;
      while (deleted < shape.messages) {
        let messages: Message[];
        try {
          ({ Messages: messages = [] } = await consumerCalls.receiveMessage(
            {
              QueueUrl: queueUrl,
              MaxNumberOfMessages: shape.receiveSize?.(shape.receiveBatch) ?? shape.receiveBatch,
              WaitTimeSeconds: 1,
              ...(shape.allAttributes === true
                ? { MessageSystemAttributeNames: ['All'], MessageAttributeNames: ['All'] }
                : {}),
            },
            done.signal,
          ));
        } catch (error) {
          if (done.signal.aborted) return;
          throw error;
        }
        if (messages.length === 0) {
          idle = producing ? 0 : idle + 1;
          if (idle >= 3)
            throw new CeilingStalledError(`ceiling loops stalled at ${deleted} of ${shape.messages} messages`);
          continue;
        }
        if (shape.process !== undefined) for (const message of messages) await shape.process(message);
        const { Successful = [] } = await consumerCalls.deleteMessageBatch({
          QueueUrl: queueUrl,
          Entries: messages.map((message, index) => ({
            Id: String(index),
            ReceiptHandle: message.ReceiptHandle ?? '',
          })),
        });
        deleted += Successful.length;
        if (deleted >= shape.messages && finishedAt === undefined) {
          finishedAt = performance.now();
          done.abort();
        }
      }
    };
    await Promise.all([
      produce.finally(() => {
        producing = false;
      }),
      ...Array.from({ length: shape.consumers }, consume),
    ]);
    const seconds = ((finishedAt ?? performance.now()) - started) / 1000;
    const busy = meter.stop();
    const threadCpuMs = cpuMeter.stop();
    return {
      messages: shape.messages,
      seconds,
      messagesPerSecond: shape.messages / seconds,
      calls: sumCounts(counter.snapshot(), labCounts),
      busy,
      ...(threadCpuMs === undefined ? {} : { threadCpuMs }),
    };
  } finally {
    sqs.destroy();
    labCalls?.destroy();
  }
}

/** Ceiling runs as a Markdown section: each run's rate, its SQS requests per message and how busy each thread was. */
export function ceilingTable(title: string, runs: readonly CeilingRun[]): string {
  const perMessage = (run: CeilingRun): string =>
    Object.entries(run.calls)
      .map(([call, count]) => `${call.replace(/^SQS\./, '')} ${(count / run.messages).toFixed(2)}`)
      .join(', ');
  return [
    `### ${title}`,
    '',
    markdownTable(
      ['Messages', 'msg/s', 'SQS requests per message', 'Busy: main · SQS thread; CPU cores'],
      runs.map((run) => [
        String(run.messages),
        run.messagesPerSecond.toFixed(0),
        perMessage(run),
        `${Math.round(run.busy.mainThread * 100)} % · ${Math.round(run.busy.sqsThread * 100)} %; ${run.busy.processCores}`,
      ]),
    ),
  ].join('\n');
}
