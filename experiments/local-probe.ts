import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, DeleteQueueCommand, type SQSClient } from '@aws-sdk/client-sqs';
import {
  type BatchFormation,
  createSqsClient,
  type Emulators,
  type Lab,
  type LabLogRecord,
  type RedriveReport,
  redriveWithMoveTask,
} from '@sqs-lab/lab';
import { startTutorialLab } from './tutorial-app';
import type { Experiment, StackExperiment } from './experiment';
import type { AlarmReading, WorkerLine } from './observation';
import type { ExperimentProbe, QueueProbe, StackProbe } from './probe';
import type { EnqueueResponse, QueueCounts } from './stack-reads';
import { peekBodyIds, postEnqueue, queueCounts, sendRawBodies } from './stack-reads';
import { formatRunLine } from './run-line';

/**
 * A fresh lab serving just the experiment's stack (with the experiment's deploy-time
 * switches and the run's batch formation), on shared emulators, so several experiments run side by side without seeing
 * each other's messages. An experiment without a stack gets the emulators' SQS alone, with
 * queues of its own.
 */
export async function openLocalProbe(
  experiment: Experiment,
  emulators: Emulators,
  options: {
    readonly batchFormation?: BatchFormation;
    /** The run is under a debugger (`--inspect`): function timeouts are not enforced. */
    readonly debugging?: boolean;
  } = {},
): Promise<ExperimentProbe> {
  if (experiment.stack === 'SQS') return new LocalQueueProbe(emulators);
  const lab = await startTutorialLab({
    batchFormation: options.batchFormation,
    stacks: [experiment.variant?.topology() ?? experiment.stack],
    batchOptions: experiment.stack === 'BatchPartialStack' ? experiment.options : undefined,
    emulators,
    awsCalls: experiment.variant?.awsCalls,
    debugging: options.debugging,
  });
  return new LocalProbe(lab, experiment.stack);
}

class LocalProbe implements StackProbe {
  readonly target = 'local';
  readonly quietMs = 1500;
  readonly pollMs = 250;
  private readonly records: LabLogRecord[];
  private readonly detach: () => void;
  private readonly started = Date.now();

  constructor(
    private readonly lab: Lab,
    private readonly stackName: StackExperiment['stack'],
  ) {
    const collected = lab.logs.collect((record) => record.kind === 'function');
    this.records = collected.records;
    this.detach = collected.stop;
  }

  private get stack() {
    return this.lab.stack(this.stackName);
  }

  private get sqs(): SQSClient {
    return this.lab.clients.sqs;
  }

  async enqueue(body: object): Promise<EnqueueResponse> {
    return postEnqueue(this.stack.apiEndpoint, body);
  }

  async workerLines(): Promise<WorkerLine[]> {
    return this.records
      .filter((record) => record.kind === 'function' && record.functionId === 'Worker' && record.parsed)
      .map((record) => (record.kind === 'function' ? (record.parsed as WorkerLine) : ({} as WorkerLine)));
  }

  displayLines(): string[] {
    return this.records.flatMap((record) => {
      if (record.kind !== 'function') return [];
      const parsed = record.parsed;
      const text = typeof parsed?.message === 'string' ? parsed.message : record.line;
      const level = typeof parsed?.level === 'string' ? parsed.level : '';
      return [formatRunLine(record.time - this.started, record.functionId, level, text)];
    });
  }

  async effects(id: string): Promise<number> {
    const table = this.stack.tableNames.IdemTable;
    if (!table) return 0;
    const { Item } = await this.lab.clients.dynamodb.send(
      new GetItemCommand({ TableName: table, Key: { messageId: { S: id } }, ConsistentRead: true }),
    );
    return Number(Item?.effects?.N ?? 0);
  }

  async queueCounts(): Promise<QueueCounts> {
    return queueCounts(this.sqs, this.stack.queueUrl);
  }

  async pendingInvocations(): Promise<number> {
    let pending = 0;
    for (const counters of Object.values(this.lab.counters())) pending += counters.inFlightBatches;
    return pending;
  }

  async dlqIds(): Promise<string[]> {
    return peekBodyIds(this.sqs, this.stack.dlqUrl);
  }

  async sendRaw(bodies: readonly string[]): Promise<string[]> {
    return sendRawBodies(this.sqs, this.stack.queueUrl, bodies);
  }

  async redriveDlq(): Promise<RedriveReport> {
    const dlqUrl = this.stack.dlqUrl;
    if (dlqUrl === undefined) return { moved: 0, how: `${this.stackName} has no DLQ` };
    // The same call as on AWS: the lab's SQS fidelity layer serves StartMessageMoveTask.
    return redriveWithMoveTask(this.sqs, dlqUrl, { pollMs: 100, timeoutMs: 30_000 });
  }

  private dlqAlarmName(): string | undefined {
    return this.lab.outputs()[this.stackName]?.DlqAlarmName;
  }

  async dlqAlarm(): Promise<AlarmReading | undefined> {
    const name = this.dlqAlarmName();
    if (name === undefined) return undefined;
    // The lab evaluates every second; evaluating now shows the state as of this read.
    await this.lab.evaluateAlarms();
    const alarm = this.lab.alarms().find((candidate) => candidate.alarmName === name);
    return alarm === undefined
      ? undefined
      : { alarmName: name, state: alarm.state, reason: alarm.reason, atMs: Date.now() };
  }

  async alarmNotifications(): Promise<readonly string[] | undefined> {
    const name = this.dlqAlarmName();
    if (name === undefined) return undefined;
    return this.lab
      .notifications()
      .map((notification) => notification.subject)
      .filter((subject) => subject.includes(`"${name}"`));
  }

  async workerSqsCalls(): Promise<Readonly<Record<string, number>> | undefined> {
    const row = this.lab.awsCallCounts()[`${this.stackName}/Worker`] ?? {};
    return Object.fromEntries(
      Object.entries(row)
        .filter(([call]) => call.startsWith('SQS.'))
        .map(([call, count]) => [call.slice('SQS.'.length), count]),
    );
  }

  async crashWorker(): Promise<boolean> {
    return this.stack.functions.Worker?.killRandom() ?? false;
  }

  async close(): Promise<void> {
    this.detach();
    await this.lab.stop();
  }
}

/** The lab's SQS for an experiment without a stack: queues of its own, deleted on close, and the fidelity clock. */
class LocalQueueProbe implements QueueProbe {
  readonly kind = 'queue';
  readonly target = 'local';
  readonly sqs: SQSClient;
  readonly advanceClock: (ms: number) => Promise<void>;
  private readonly created: string[] = [];

  constructor(emulators: Emulators) {
    this.sqs = createSqsClient(emulators);
    this.advanceClock = (ms) => emulators.sqsClock.advance(ms);
  }

  async queue(name: string, attributes: Readonly<Record<string, string>>): Promise<string> {
    const fifo = attributes.FifoQueue === 'true';
    const { QueueUrl } = await this.sqs.send(
      new CreateQueueCommand({ QueueName: `${name}${fifo ? '.fifo' : ''}`, Attributes: { ...attributes } }),
    );
    if (QueueUrl === undefined) throw new Error(`CreateQueue returned no URL for ${name}`);
    this.created.push(QueueUrl);
    return QueueUrl;
  }

  async close(): Promise<void> {
    for (const url of this.created)
      await this.sqs.send(new DeleteQueueCommand({ QueueUrl: url })).catch(() => undefined);
    this.sqs.destroy();
  }
}
