import { readFile } from 'node:fs/promises';
import { CloudWatchClient, DescribeAlarmsCommand } from '@aws-sdk/client-cloudwatch';
import { CloudWatchLogsClient, FilterLogEventsCommand } from '@aws-sdk/client-cloudwatch-logs';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { batchPartialTopology, visibilityDupTopology } from '../lib/topology';
import { type Language, type RedriveReport, redriveWithMoveTask } from '@sqs-lab/lab';
import { MESSAGES } from './locales/messages';
import { labOnlyReason } from './catalog';
import type { Experiment, StackExperiment } from './experiment';
import type { AlarmReading, WorkerLine } from './observation';
import type { ExperimentProbe, QueueProbe, StackProbe } from './probe';
import { formatRunLine } from './run-line';
import type { EnqueueResponse, QueueCounts } from './stack-reads';
import { peekBodyIds, postEnqueue, queueCounts, sendRawBodies } from './stack-reads';

/** The outputs a stack must have in `cdk-outputs.json` for experiments on AWS. */
const REQUIRED_OUTPUTS = ['ApiEndpoint', 'QueueUrl', 'DlqUrl', 'WorkerLogGroup'] as const;

/** `cdk-outputs.json` is missing, unreadable, or lacks the stack's outputs. */
export class DeployedOutputsError extends Error {
  override readonly name = 'DeployedOutputsError';
}

/** Reads one stack's outputs from the file `cdk deploy --outputs-file` wrote; errors worded in `language`. */
export async function readDeployedOutputs(
  file: string,
  stackName: string,
  language: Language = 'en',
): Promise<Record<string, string>> {
  const say = MESSAGES[language].awsProbe;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new DeployedOutputsError(say.cannotRead(file, error instanceof Error ? error.message : String(error)), {
      cause: error,
    });
  }
  const outputs = (parsed as Record<string, Record<string, string> | undefined>)[stackName];
  const missing = REQUIRED_OUTPUTS.filter((key) => typeof outputs?.[key] !== 'string');
  if (!outputs || missing.length > 0) {
    throw new DeployedOutputsError(say.missingOutputs(file, missing, stackName));
  }
  return outputs;
}

/** Something only the lab can do was asked of the deployed stack. */
export class LabOnlyActionError extends Error {
  override readonly name = 'LabOnlyActionError';
}

/**
 * The deployed queue does not run at its visibility timeout: a deploy that rolled back after
 * Raise, or a reverted edit CloudFormation saw as "no changes", left it at the raised value.
 */
export class QueueNotLoweredError extends Error {
  override readonly name = 'QueueNotLoweredError';
}

/**
 * The visibility timeout a stack's main queue runs at when its deploys raise it around the event
 * source mapping and lower it afterwards (lib/constructs/mapping-visibility-window.ts), or
 * undefined when they leave it alone.
 */
export function loweredVisibilityTimeout(stack: StackExperiment['stack']): number | undefined {
  const topology = stack === 'VisibilityDupStack' ? visibilityDupTopology() : batchPartialTopology();
  const main = topology.queues.find((queue) => queue.id === topology.mainQueueId);
  return main?.createVisibilityTimeoutSeconds === undefined ? undefined : main.visibilityTimeoutSeconds;
}

/**
 * Reads the deployed main queue's `VisibilityTimeout` and refuses, with the one command that
 * fixes it, when it is not the running value. A property that changes on every deploy would
 * make Lower run each time, but would also keep `cdk diff` from ever showing "no differences";
 * so the experiments check instead.
 * @throws QueueNotLoweredError worded in `language`.
 */
export async function checkQueueLowered(
  sqs: SQSClient,
  stack: StackExperiment['stack'],
  queueUrl: string,
  language: Language = 'en',
): Promise<void> {
  const expected = loweredVisibilityTimeout(stack);
  if (expected === undefined) return;
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['VisibilityTimeout'] }),
  );
  const actual = Attributes?.VisibilityTimeout;
  if (actual === String(expected)) return;
  const fix = `aws sqs set-queue-attributes --queue-url ${queueUrl} --attributes VisibilityTimeout=${expected}`;
  throw new QueueNotLoweredError(MESSAGES[language].awsProbe.queueNotLowered(stack, actual, expected, fix));
}

/** The clients an AWS probe uses (injectable for tests). */
export interface AwsClients {
  readonly sqs: SQSClient;
  readonly dynamodb: DynamoDBClient;
  readonly logs: CloudWatchLogsClient;
  /** DescribeAlarms, for the DLQ alarm's state. */
  readonly cloudwatch: CloudWatchClient;
}

/**
 * The deployed stack as an experiment sees it: posts to the real API, reads the worker's
 * lines from CloudWatch Logs (they arrive with a delay, hence the long quiet period), the
 * effect counter from the table and the DLQ through SQS. Credentials and region come from the
 * usual AWS environment (profile, variables).
 */
export class AwsProbe implements StackProbe {
  readonly target = 'aws';
  readonly quietMs = 20_000;
  readonly pollMs = 5_000;
  /** When the probe opened: the run's lines show their seconds since then. */
  private readonly started = Date.now();
  private readonly since = this.started - 5_000;
  private lines: WorkerLine[] = [];
  private display: string[] = [];

  constructor(
    private readonly outputs: Record<string, string>,
    private readonly clients: AwsClients,
    private readonly language: Language = 'en',
  ) {}

  async enqueue(body: object): Promise<EnqueueResponse> {
    return postEnqueue(this.outputs.ApiEndpoint ?? '', body);
  }

  async workerLines(): Promise<WorkerLine[]> {
    const lines: WorkerLine[] = [];
    const display: string[] = [];
    let nextToken: string | undefined;
    do {
      const page = await this.clients.logs.send(
        new FilterLogEventsCommand({
          logGroupName: this.outputs.WorkerLogGroup,
          startTime: this.since,
          filterPattern: '{ $.event = * }',
          nextToken,
        }),
      );
      for (const event of page.events ?? []) {
        try {
          const parsed = JSON.parse(event.message ?? '') as WorkerLine;
          lines.push(parsed);
          // The same line as a run on the lab shows (run-line.ts), its text escaped: it comes from requests.
          const level = typeof parsed.level === 'string' ? parsed.level : undefined;
          const text = typeof parsed.message === 'string' ? parsed.message : JSON.stringify(parsed.message ?? parsed);
          display.push(formatRunLine((event.timestamp ?? this.started) - this.started, 'Worker', level, text));
        } catch {
          // Platform lines (START/REPORT) are not the worker's own.
        }
      }
      nextToken = page.nextToken;
    } while (nextToken);
    this.lines = lines;
    this.display = display;
    return this.lines;
  }

  displayLines(): string[] {
    return this.display;
  }

  async effects(id: string): Promise<number> {
    if (!this.outputs.TableName) return 0;
    const { Item } = await this.clients.dynamodb.send(
      new GetItemCommand({ TableName: this.outputs.TableName, Key: { messageId: { S: id } }, ConsistentRead: true }),
    );
    return Number(Item?.effects?.N ?? 0);
  }

  async queueCounts(): Promise<QueueCounts> {
    return queueCounts(this.clients.sqs, this.outputs.QueueUrl ?? '');
  }

  async pendingInvocations(): Promise<number> {
    return 0;
  }

  async dlqIds(): Promise<string[]> {
    return peekBodyIds(this.clients.sqs, this.outputs.DlqUrl);
  }

  async sendRaw(bodies: readonly string[]): Promise<string[]> {
    return sendRawBodies(this.clients.sqs, this.outputs.QueueUrl ?? '', bodies);
  }

  async redriveDlq(): Promise<RedriveReport> {
    return redriveWithMoveTask(this.clients.sqs, this.outputs.DlqUrl ?? '');
  }

  /** The DLQ alarm's state as DescribeAlarms reports it (output `DlqAlarmName`). */
  async dlqAlarm(): Promise<AlarmReading | undefined> {
    const name = this.outputs.DlqAlarmName;
    if (name === undefined) return undefined;
    const { MetricAlarms = [] } = await this.clients.cloudwatch.send(new DescribeAlarmsCommand({ AlarmNames: [name] }));
    const alarm = MetricAlarms.find((candidate) => candidate.AlarmName === name);
    if (alarm?.StateValue === undefined) return undefined;
    return { alarmName: name, state: alarm.StateValue, reason: alarm.StateReason ?? '', atMs: Date.now() };
  }

  /** An SNS topic's deliveries cannot be read back (they go to e-mail, if subscribed). */
  async alarmNotifications(): Promise<readonly string[] | undefined> {
    return undefined;
  }

  /** CloudWatch has the worker's request counts only per queue, not per function and call. */
  async workerSqsCalls(): Promise<Readonly<Record<string, number>> | undefined> {
    return undefined;
  }

  async crashWorker(): Promise<boolean> {
    throw new LabOnlyActionError(MESSAGES[this.language].awsProbe.cannotCrash);
  }

  async close(): Promise<void> {
    this.clients.sqs.destroy();
    this.clients.dynamodb.destroy();
    this.clients.logs.destroy();
    this.clients.cloudwatch.destroy();
  }
}

/** The CDK context an experiment needs on AWS, as `-c` flags (empty for the defaults). */
export function requiredContextFlags(experiment: Experiment): string {
  const deployedWith = experiment.variant?.deployedWith;
  if (deployedWith !== undefined) return `-c ${deployedWith.context}`;
  if (experiment.stack !== 'BatchPartialStack') return '';
  return `-c batchSize=${experiment.options.batchSize} -c reportBatchItemFailures=${experiment.options.reportBatchItemFailures}`;
}

/**
 * An AWS probe for the experiment's stack from `outputsFile`, with default SDK clients. They
 * honour `AWS_ENDPOINT_URL_SQS`, `_DYNAMODB` and `_CLOUDWATCH_LOGS`, so the same path runs
 * against the lab (`--outputs cdk-outputs.local.json` with the `LocalLab` endpoints): with an
 * SQS endpoint set, requests go there rather than to the queue URL's host (on the lab, the
 * same 127.0.0.1 server). The probe's own errors are worded in
 * `language`.
 */
export async function openAwsProbe(
  experiment: Experiment,
  outputsFile: string,
  environment: NodeJS.ProcessEnv = process.env,
  language: Language = 'en',
): Promise<ExperimentProbe> {
  const say = MESSAGES[language].awsProbe;
  const labOnly = labOnlyReason(experiment, language);
  if (labOnly !== undefined) throw new LabOnlyActionError(say.labOnly(experiment.name, labOnly));
  const sqsEndpointSet = (environment.AWS_ENDPOINT_URL_SQS ?? environment.AWS_ENDPOINT_URL) !== undefined;
  if (experiment.stack === 'SQS') {
    if (experiment.run !== 'polling') throw new LabOnlyActionError(say.noDeployedQueue(experiment.name));
    const outputs = await readDeployedOutputs(outputsFile, experiment.awsQueue.stack, language);
    const sqs = new SQSClient(sqsEndpointSet ? { useQueueUrlAsEndpoint: false } : {});
    return new AwsQueueProbe(sqs, outputs[experiment.awsQueue.output] ?? '', experiment.awsQueue.stack, language);
  }
  const outputs = await readDeployedOutputs(outputsFile, experiment.stack, language);
  const needed = experiment.variant?.deployedWith;
  if (needed !== undefined && outputs[needed.output] !== needed.value) {
    throw new LabOnlyActionError(
      say.needsSwitch(
        experiment.name,
        experiment.stack,
        needed.context,
        needed.output,
        outputs[needed.output],
        outputsFile,
      ),
    );
  }
  const sqs = new SQSClient(sqsEndpointSet ? { useQueueUrlAsEndpoint: false } : {});
  try {
    await checkQueueLowered(sqs, experiment.stack, outputs.QueueUrl ?? '', language);
  } catch (error) {
    sqs.destroy();
    throw error;
  }
  return new AwsProbe(
    outputs,
    { sqs, dynamodb: new DynamoDBClient({}), logs: new CloudWatchLogsClient({}), cloudwatch: new CloudWatchClient({}) },
    language,
  );
}

/**
 * A deployed queue for an experiment without a stack: a DLQ, which no worker reads, so polling
 * it disturbs nothing. It cannot be created or given attributes.
 */
class AwsQueueProbe implements QueueProbe {
  readonly kind = 'queue';
  readonly target = 'aws';

  constructor(
    readonly sqs: SQSClient,
    private readonly queueUrl: string,
    private readonly stackName: string,
    private readonly language: Language = 'en',
  ) {}

  async queue(_name: string, attributes: Readonly<Record<string, string>>): Promise<string> {
    if (Object.keys(attributes).length > 0) {
      throw new LabOnlyActionError(
        MESSAGES[this.language].awsProbe.cannotSetAttributes(this.stackName, Object.keys(attributes)),
      );
    }
    return this.queueUrl;
  }

  async close(): Promise<void> {
    this.sqs.destroy();
  }
}
