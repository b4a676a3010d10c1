/**
 * The `fifo-dedup` run: a producer and a consumer of the experiment's own on a FIFO queue,
 * MessageDeduplicationId = the job's id, one message group. Four phases: the same job sent
 * twice within the 5-minute interval; three jobs of the group received in order, one at a time;
 * the lab's SQS clock moved past the interval and the first job sent again; a job whose
 * processing outlives its visibility timeout, received again.
 */
import {
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { FifoDedupPlan } from '../experiment';
import type { FifoDedupObservation } from '../observation';
import type { QueueProbe } from '../probe';
import { type RunLog, shortId, sleep } from './run-log';

/** The 5-minute deduplication interval, and one second more. */
const PAST_THE_INTERVAL_MS = 5 * 60 * 1000 + 1000;

/** The run needs a clock it can move, which only the lab has. */
export class ClockNotMovableError extends Error {
  override readonly name = 'ClockNotMovableError';
}

/** One received job. */
interface Received {
  readonly id: string;
  readonly message: Message;
}

/** The SQS calls of one run, each logged. */
class FifoJobs {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
    private readonly tag: string,
    private readonly log: RunLog,
  ) {}

  id(n: number): string {
    return `${this.tag}-job-${n}`;
  }

  async send(id: string, note = ''): Promise<string> {
    const { MessageId = '' } = await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify({ id }),
        MessageGroupId: 'jobs',
        MessageDeduplicationId: id,
      }),
    );
    this.log('Producer', `SendMessage ${shortId(id, this.tag)}${note} → MessageId ${MessageId.slice(0, 8)}`);
    return MessageId;
  }

  /** One ReceiveMessage of at most one message. */
  async receive(options: {
    readonly waitSeconds: number;
    readonly visibilityTimeout?: number;
    /** Why an empty answer is expected, for its line. */
    readonly ifEmpty?: string;
  }): Promise<Received[]> {
    const { Messages = [] } = await this.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: this.queueUrl,
        MaxNumberOfMessages: 1,
        WaitTimeSeconds: options.waitSeconds,
        ...(options.visibilityTimeout !== undefined ? { VisibilityTimeout: options.visibilityTimeout } : {}),
        MessageSystemAttributeNames: ['MessageDeduplicationId', 'ApproximateReceiveCount'],
      }),
    );
    const received = Messages.map((message) => ({ id: bodyId(message), message }));
    if (received.length === 0) {
      this.log('Consumer', `ReceiveMessage: no message${options.ifEmpty === undefined ? '' : ` (${options.ifEmpty})`}`);
    }
    for (const { id, message } of received) {
      this.log(
        'Consumer',
        `Received ${shortId(id, this.tag)} (MessageId ${(message.MessageId ?? '').slice(0, 8)}, MessageDeduplicationId ${shortId(message.Attributes?.MessageDeduplicationId ?? '', this.tag)}, receive count ${message.Attributes?.ApproximateReceiveCount ?? '?'})`,
      );
    }
    return received;
  }

  async delete(received: Received): Promise<void> {
    await this.sqs.send(
      new DeleteMessageCommand({ QueueUrl: this.queueUrl, ReceiptHandle: received.message.ReceiptHandle }),
    );
    this.log('Consumer', `Deleted ${shortId(received.id, this.tag)}`);
  }
}

function bodyId(message: Message): string {
  try {
    const parsed = JSON.parse(message.Body ?? '') as { id?: unknown };
    return typeof parsed.id === 'string' ? parsed.id : '';
  } catch {
    return '';
  }
}

/** Runs the four phases on a new FIFO queue of `probe` and returns what they showed. */
export async function runFifoDedup(
  probe: QueueProbe,
  plan: FifoDedupPlan,
  tag: string,
  log: RunLog,
): Promise<FifoDedupObservation> {
  const advanceClock = probe.advanceClock;
  if (advanceClock === undefined) {
    throw new ClockNotMovableError('fifo-dedup moves the SQS clock past the 5-minute interval; only the lab can');
  }
  const url = await probe.queue(tag, { FifoQueue: 'true', ContentBasedDeduplication: 'false' });
  const jobs = new FifoJobs(probe.sqs, url, tag, log);
  let deliveries = 0;
  const receive = async (options: Parameters<FifoJobs['receive']>[0]): Promise<Received[]> => {
    const received = await jobs.receive(options);
    deliveries += received.length;
    return received;
  };

  // Phase 1: a producer retry within the interval.
  const first = jobs.id(1);
  const firstId = await jobs.send(first);
  const retryId = await jobs.send(first, ' again (a retry after a lost response)');
  let phaseOne = 0;
  for (const received of await receive({ waitSeconds: 1 })) {
    if (received.id === first) phaseOne += 1;
    await jobs.delete(received);
  }
  const afterDelete = await receive({ waitSeconds: 1, ifEmpty: 'the retry was accepted but not stored' });
  for (const received of afterDelete) if (received.id === first) phaseOne += 1;

  // Phase 2: one message group, one message at a time, in order.
  const sent = [2, 3, 4].map((n) => jobs.id(n));
  for (const id of sent) await jobs.send(id);
  const order: string[] = [];
  let receivedWhileLocked = 0;
  for (let turn = 0; turn < sent.length; turn += 1) {
    const [head] = await receive({ waitSeconds: 1 });
    if (head === undefined) break;
    order.push(head.id);
    if (turn === 0) {
      const ifEmpty = `${shortId(head.id, tag)} is in flight, so its group waits`;
      receivedWhileLocked = (await receive({ waitSeconds: 0, ifEmpty })).length;
    }
    await jobs.delete(head);
  }

  // Phase 3: past the interval, the same id is a new message.
  await advanceClock(PAST_THE_INTERVAL_MS);
  log('lab', 'moved the SQS clock 5 minutes on (lab only: on AWS this is a 5-minute wait)');
  const laterId = await jobs.send(first, ' again, after the interval');
  let afterInterval = 0;
  for (const received of await receive({ waitSeconds: 1 })) {
    if (received.id === first) afterInterval += 1;
    await jobs.delete(received);
  }

  // Phase 4: processing outlives the visibility timeout; no send is repeated, yet the job comes twice.
  const slow = jobs.id(5);
  await jobs.send(slow);
  const [taken] = await receive({ waitSeconds: 1, visibilityTimeout: plan.visibilityTimeoutSeconds });
  log(
    'Consumer',
    `Start ${shortId(slow, tag)}: works ${plan.processSeconds} s on a ${plan.visibilityTimeoutSeconds} s visibility timeout, no heartbeat`,
  );
  await sleep(plan.processSeconds * 1000);
  const [again] = await receive({ waitSeconds: 1 });
  log('Consumer', `Completed ${shortId(slow, tag)} (first delivery); the second delivery would run it again`);
  if (again !== undefined) await jobs.delete(again);

  return {
    kind: 'fifo-dedup',
    withinInterval: { sends: 2, deliveries: phaseOne, sameMessageId: firstId !== '' && firstId === retryId },
    group: {
      sent: sent.map((id) => shortId(id, tag)),
      received: order.map((id) => shortId(id, tag)),
      receivedWhileLocked,
    },
    afterInterval: { deliveries: afterInterval, newMessageId: laterId !== '' && laterId !== firstId },
    slowConsumer: {
      receives: [taken, again].filter((received) => received?.id === slow).length,
      sameMessageId: taken !== undefined && again?.message.MessageId === taken.message.MessageId,
      sameDeduplicationId:
        taken !== undefined &&
        again?.message.Attributes?.MessageDeduplicationId === taken.message.Attributes?.MessageDeduplicationId,
      lastReceiveCount: Number(again?.message.Attributes?.ApproximateReceiveCount ?? 0),
    },
    deliveries,
  };
}
