/**
 * A local stand-in for Lambda's SQS event source mapping, keeping its rules: pollers long-poll
 * the queue, scaling as Lambda documents ({@link MappingScaling}); each batch becomes one
 * synchronous invocation (or several, when it would exceed the 6 MB payload limit) with the
 * event Lambda builds; the batch is then deleted, in part or not at all, as
 * {@link settleBatch} decides. A batch the function's reserved concurrency cannot take is
 * retried until its visibility timeout runs out, then given back to the queue (its receive
 * count rises). Create, update and delete take the properties as CloudFormation names them;
 * create and update are refused, as Lambda refuses them, when the queue's visibility timeout
 * (read at that moment, as it has reached Lambda) is shorter than the function timeout.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { settleBatch } from './batch-response';
import { type BatchFormation, DEFAULT_BATCH_FORMATION, ReceiveSizer } from './batch-formation';
import {
  checkVisibilityTimeout,
  type EventSourceMappingProperties,
  InvalidParameterValueError,
  LambdaMappingApiError,
  type MappedFunctionSettings,
  MappingValidationError,
  type ResolvedMappingProperties,
  resolveMappingProperties,
} from './mapping-properties';
import { MAX_INVOCATION_PAYLOAD_BYTES, splitByPayload } from './payload-limit';
import { MappingScaling } from './scaling';
import { LAB_REGION } from '../../../common/local-aws';
import type { PropagatedAttributeReader } from '../../sqs/attribute-propagation';
import type { Invocable, InvocationResult } from '../runtime/local-function';
import type { LabLogs } from '../../logs/lab-logs';
import { toSqsRecord } from './sqs-event';

export { InvalidParameterValueError, LambdaMappingApiError, MappingValidationError };
export type { EventSourceMappingProperties, MappedFunctionSettings };

/** The queue a mapping reads. */
export interface MappedQueue {
  readonly name: string;
  readonly url: string;
  readonly arn: string;
}

export interface EventSourceMappingOptions {
  readonly sqs: SQSClient;
  readonly queue: MappedQueue;
  readonly fn: Invocable;
  /** The mapping's properties, as AWS::Lambda::EventSourceMapping names them. */
  readonly properties?: EventSourceMappingProperties;
  /** Shorthand for `properties.BatchSize` (kept for existing callers). */
  readonly batchSize?: number;
  /** Shorthand for `properties.FunctionResponseTypes: ['ReportBatchItemFailures']` (kept for existing callers). */
  readonly reportBatchItemFailures?: boolean;
  /** The function's timeout (default `fn.timeoutSeconds`) and reserved concurrency (default none). */
  readonly function?: Partial<MappedFunctionSettings>;
  /** How receives are sized (default AWS-like, seed 1). */
  readonly batchFormation?: BatchFormation;
  /**
   * A fixed number of concurrent pollers, without Lambda's scaling (a lab knob for tests,
   * benchmarks and chaos runs). Default: scale as Lambda does.
   */
  readonly pollers?: number;
  /** The lab's cap on concurrent batches when scaling (default `LAB_MAX_CONCURRENT_BATCHES`, 10). */
  readonly concurrencyCap?: number;
  /** Long-poll wait, 1 to 20 s. Lambda waits 20 s. */
  readonly waitTimeSeconds?: number;
  /** Where batch outcomes (`kind: 'mapping'`) and lab notes in the function's stream are published. */
  readonly logs?: LabLogs;
  /**
   * How the queue's attributes reach Lambda: a SetQueueAttributes change is seen only after its
   * propagation delay (lab/services/sqs/attribute-propagation.ts). Default: at once.
   */
  readonly seenByLambda?: PropagatedAttributeReader;
}

/** What a mapping has done so far; for tests, the tour and benchmarks. */
export interface MappingCounters {
  /** ReceiveMessage calls that returned (with or without messages). */
  receiveCalls: number;
  emptyReceives: number;
  receiveErrors: number;
  messagesReceived: number;
  invocations: number;
  /** Invocations that returned normally (the batch may still have been partly kept). */
  successes: number;
  functionErrors: number;
  timeouts: number;
  invalidResponses: number;
  /** Batches of which only some messages were deleted. */
  partialBatches: number;
  messagesDeleted: number;
  deleteErrors: number;
  /** Batches received and not yet settled (invocation running, throttled, or deletes under way). */
  inFlightBatches: number;
  /** Invocation attempts refused because the function's reserved concurrency was in use. */
  throttles: number;
  /** Batches given back to the queue after being throttled until their visibility timeout ran out. */
  throttledBatches: number;
  /** Extra invocations made because a batch exceeded the 6 MB payload limit. */
  payloadSplits: number;
  /** Successful invocations whose `batchItemFailures` were ignored (no ReportBatchItemFailures). */
  ignoredBatchItemFailures: number;
  /** Messages that matched none of the mapping's filters: deleted without invoking the function. */
  filteredOut: number;
}

/** Lambda's long-poll wait. */
const LAMBDA_WAIT_TIME_SECONDS = 20;
/** How often an idle (scaled-down or disabled) poller checks whether it may poll again. */
const IDLE_CHECK_MS = 100;
/** First and longest pause between invocation attempts of a throttled batch. */
const THROTTLE_RETRY_MS = { first: 100, longest: 1000 } as const;

/** Counters at zero: a new mapping's, or the start of a sum. */
export function emptyMappingCounters(): MappingCounters {
  return {
    receiveCalls: 0,
    emptyReceives: 0,
    receiveErrors: 0,
    messagesReceived: 0,
    invocations: 0,
    successes: 0,
    functionErrors: 0,
    timeouts: 0,
    invalidResponses: 0,
    partialBatches: 0,
    messagesDeleted: 0,
    deleteErrors: 0,
    inFlightBatches: 0,
    throttles: 0,
    throttledBatches: 0,
    filteredOut: 0,
    payloadSplits: 0,
    ignoredBatchItemFailures: 0,
  };
}

function propertiesOf(options: EventSourceMappingOptions): EventSourceMappingProperties {
  const given = options.properties ?? {};
  return {
    ...given,
    ...(options.batchSize === undefined || given.BatchSize !== undefined ? {} : { BatchSize: options.batchSize }),
    ...(options.reportBatchItemFailures === undefined || given.FunctionResponseTypes !== undefined
      ? {}
      : { FunctionResponseTypes: options.reportBatchItemFailures ? ['ReportBatchItemFailures'] : [] }),
  };
}

function functionSettingsOf(options: EventSourceMappingOptions): MappedFunctionSettings {
  return {
    timeoutSeconds: options.function?.timeoutSeconds ?? options.fn.timeoutSeconds,
    ...(options.function?.reservedConcurrency === undefined
      ? {}
      : { reservedConcurrency: options.function.reservedConcurrency }),
  };
}

function checkLabKnobs(options: EventSourceMappingOptions): void {
  const { pollers, waitTimeSeconds, concurrencyCap } = options;
  if (pollers !== undefined && (!Number.isInteger(pollers) || pollers < 1))
    throw new InvalidParameterValueError(`pollers must be a positive integer, got ${pollers}`);
  if (concurrencyCap !== undefined && (!Number.isInteger(concurrencyCap) || concurrencyCap < 1))
    throw new InvalidParameterValueError(`concurrencyCap must be a positive integer, got ${concurrencyCap}`);
  const wait = waitTimeSeconds ?? LAMBDA_WAIT_TIME_SECONDS;
  if (!Number.isInteger(wait) || wait < 1 || wait > 20)
    throw new InvalidParameterValueError(`waitTimeSeconds must be an integer from 1 to 20, got ${wait}`);
  const reserved = options.function?.reservedConcurrency;
  if (reserved !== undefined && (!Number.isInteger(reserved) || reserved < 0))
    throw new InvalidParameterValueError(
      `ReservedConcurrentExecutions must be a non-negative integer, got ${reserved}`,
    );
}

/** The queue's VisibilityTimeout as it has reached Lambda: SQS's value now, or an older one still propagating. */
async function readVisibilityTimeout(options: EventSourceMappingOptions): Promise<number> {
  const { sqs, queue, seenByLambda } = options;
  const attributes = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queue.url, AttributeNames: ['VisibilityTimeout'] }),
  );
  const current = attributes.Attributes?.VisibilityTimeout;
  return Number(seenByLambda === undefined ? current : await seenByLambda(queue.url, 'VisibilityTimeout', current));
}

/**
 * Checks a mapping as Lambda's CreateEventSourceMapping does, reading the queue's current
 * visibility timeout from SQS; throws {@link InvalidParameterValueError} or
 * {@link MappingValidationError} when it would be refused.
 */
export async function validateEventSourceMapping(options: EventSourceMappingOptions): Promise<void> {
  resolveMappingProperties(propertiesOf(options));
  checkLabKnobs(options);
  const functionSettings = functionSettingsOf(options);
  checkVisibilityTimeout(await readVisibilityTimeout(options), functionSettings.timeoutSeconds);
}

/** What {@link EventSourceMapping.update} changes: any property, and the function's settings. */
export interface EventSourceMappingUpdate {
  readonly properties?: EventSourceMappingProperties;
  readonly function?: Partial<MappedFunctionSettings>;
}

/** A running mapping. Create it with {@link EventSourceMapping.create}; end it with `delete()` (or `stop()`). */
export class EventSourceMapping {
  private readonly counts: MappingCounters = emptyMappingCounters();
  private readonly abort = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly sizer: ReceiveSizer;
  private readonly scaling: MappingScaling;
  private stopping: Promise<void> | undefined;
  /** Invocations of the function this mapping has running (what reserved concurrency limits). */
  private invoking = 0;

  private constructor(
    private readonly options: EventSourceMappingOptions,
    private resolved: ResolvedMappingProperties,
    private functionSettings: MappedFunctionSettings,
  ) {
    // The stream is named after the function, not the queue (whose name holds the lab's random id),
    // so the same seed draws the same receive sizes in every lab.
    this.sizer = new ReceiveSizer(
      options.batchFormation ?? DEFAULT_BATCH_FORMATION,
      `${options.fn.ref.stackName}/${options.fn.ref.functionId}`,
    );
    this.scaling = new MappingScaling({
      maximumConcurrency: resolved.maximumConcurrency,
      labCap: options.concurrencyCap,
    });
  }

  /** Validates the mapping like Lambda (the queue's visibility timeout is read now), then starts polling. */
  static async create(options: EventSourceMappingOptions): Promise<EventSourceMapping> {
    const resolved = resolveMappingProperties(propertiesOf(options));
    checkLabKnobs(options);
    const functionSettings = functionSettingsOf(options);
    checkVisibilityTimeout(await readVisibilityTimeout(options), functionSettings.timeoutSeconds);
    const mapping = new EventSourceMapping(options, resolved, functionSettings);
    mapping.ensureLoops();
    return mapping;
  }

  /**
   * UpdateEventSourceMapping: merges the changed properties (and function settings), checks
   * them as Lambda does, reading the queue's visibility timeout now, and applies them to the
   * running pollers. On refusal nothing changes.
   */
  async update(change: EventSourceMappingUpdate): Promise<void> {
    const properties: EventSourceMappingProperties = { ...this.properties, ...change.properties };
    const resolved = resolveMappingProperties(properties);
    const functionSettings: MappedFunctionSettings = { ...this.functionSettings, ...change.function };
    checkLabKnobs({ ...this.options, function: functionSettings });
    checkVisibilityTimeout(await readVisibilityTimeout(this.options), functionSettings.timeoutSeconds);
    this.resolved = resolved;
    this.functionSettings = functionSettings;
    this.scaling.reconfigure({ maximumConcurrency: resolved.maximumConcurrency, labCap: this.options.concurrencyCap });
    this.ensureLoops();
  }

  /** DeleteEventSourceMapping: stops polling; batches in flight finish and settle first. */
  delete(): Promise<void> {
    return this.stop();
  }

  /** The properties in force, as CloudFormation names them. */
  get properties(): EventSourceMappingProperties {
    const { batchSize, enabled, reportBatchItemFailures, batchingWindowSeconds, maximumConcurrency, filterCriteria } =
      this.resolved;
    return {
      ...(filterCriteria === undefined ? {} : { FilterCriteria: filterCriteria }),
      BatchSize: batchSize,
      Enabled: enabled,
      FunctionResponseTypes: reportBatchItemFailures ? ['ReportBatchItemFailures'] : [],
      MaximumBatchingWindowInSeconds: batchingWindowSeconds,
      ...(maximumConcurrency === undefined ? {} : { ScalingConfig: { MaximumConcurrency: maximumConcurrency } }),
    };
  }

  /** The function settings in force. */
  get function(): MappedFunctionSettings {
    return this.functionSettings;
  }

  /** Batches the mapping may work on at once right now (its pollers). */
  get concurrency(): number {
    return this.options.pollers ?? this.scaling.target;
  }

  /** A snapshot of the counters. */
  get counters(): Readonly<MappingCounters> {
    return { ...this.counts };
  }

  get queue(): MappedQueue {
    return this.options.queue;
  }

  /** The function the mapping invokes. */
  get functionRef(): Invocable['ref'] {
    return this.options.fn.ref;
  }

  /**
   * Aborts the long polls at once and waits for the invocations in flight to finish and
   * delete their messages, for at most `timeoutMs` (default: the function timeout plus 2 s).
   */
  stop(timeoutMs = this.functionSettings.timeoutSeconds * 1000 + 2000): Promise<void> {
    this.stopping ??= (async () => {
      this.abort.abort();
      const deadline = new AbortController();
      await Promise.race([
        Promise.allSettled(this.loops),
        sleep(timeoutMs, undefined, { signal: deadline.signal }).catch(() => undefined),
      ]);
      deadline.abort();
    })();
    return this.stopping;
  }

  /** Starts pollers up to the most the mapping may use (fixed pollers, or its scaling ceiling). */
  private ensureLoops(): void {
    const wanted = this.options.pollers ?? this.scaling.ceiling;
    while (this.loops.length < wanted) this.loops.push(this.poll(this.loops.length));
  }

  private async poll(index: number): Promise<void> {
    const signal = this.abort.signal;
    while (!signal.aborted) {
      if (!this.resolved.enabled || index >= this.concurrency) {
        await sleep(IDLE_CHECK_MS, undefined, { signal }).catch(() => undefined);
        continue;
      }
      const messages = await this.receiveBatch(signal);
      if (messages === undefined) {
        if (signal.aborted) return;
        await sleep(1000, undefined, { signal }).catch(() => undefined);
        continue;
      }
      if (messages.length === 0) {
        this.scaling.onEmpty();
        continue;
      }
      const receivedAt = Date.now();
      this.scaling.onMessages(this.counts.inFlightBatches + 1);
      this.counts.inFlightBatches += 1;
      // A batch received just before stop() is still processed: stop waits for it.
      try {
        await this.process(messages, receivedAt);
      } catch {
        // Only a malformed ReceiveMessage answer gets here; the messages reappear after their timeout.
        this.counts.receiveErrors += 1;
      } finally {
        this.counts.inFlightBatches -= 1;
      }
    }
  }

  /**
   * One batch: a receive sized by the batch formation and, with a batching window, more
   * receives until the batch is full, the window has passed or the payload limit is reached.
   * Undefined when the first receive failed.
   */
  private async receiveBatch(signal: AbortSignal): Promise<Message[] | undefined> {
    const { batchSize, batchingWindowSeconds } = this.resolved;
    const first = await this.receive(
      this.sizer.next(batchSize),
      this.options.waitTimeSeconds ?? LAMBDA_WAIT_TIME_SECONDS,
      signal,
    );
    if (first === undefined || first.length === 0 || batchingWindowSeconds === 0) return first;
    const batch = [...first];
    const closes = Date.now() + batchingWindowSeconds * 1000;
    let bytes = batch.reduce((sum, message) => sum + Buffer.byteLength(message.Body ?? '', 'utf8'), 0);
    while (batch.length < batchSize && Date.now() < closes && bytes < MAX_INVOCATION_PAYLOAD_BYTES && !signal.aborted) {
      const wait = Math.min(20, Math.floor((closes - Date.now()) / 1000));
      const more = await this.receive(this.sizer.next(batchSize - batch.length), wait, signal);
      if (more === undefined) break;
      if (more.length === 0 && wait === 0) await sleep(50, undefined, { signal }).catch(() => undefined);
      batch.push(...more);
      bytes += more.reduce((sum, message) => sum + Buffer.byteLength(message.Body ?? '', 'utf8'), 0);
    }
    return batch;
  }

  private async receive(count: number, waitTimeSeconds: number, signal: AbortSignal): Promise<Message[] | undefined> {
    try {
      const received = await this.options.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: this.options.queue.url,
          MaxNumberOfMessages: count,
          WaitTimeSeconds: waitTimeSeconds,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
        { abortSignal: signal },
      );
      const messages = received.Messages ?? [];
      this.counts.receiveCalls += 1;
      if (messages.length === 0) this.counts.emptyReceives += 1;
      this.counts.messagesReceived += messages.length;
      return messages;
    } catch {
      if (!signal.aborted) this.counts.receiveErrors += 1;
      return undefined;
    }
  }

  private async process(messages: readonly Message[], receivedAt: number): Promise<void> {
    const queue = { arn: this.options.queue.arn, region: LAB_REGION };
    const records = messages.map((message) => toSqsRecord(message, queue));
    const { filter } = this.resolved;
    const matched = records.filter((record) => filter.matches(record));
    if (matched.length < records.length) {
      // Lambda deletes the messages no filter matches, without invoking the function.
      const unmatched = records.filter((record) => !matched.includes(record));
      this.counts.filteredOut += unmatched.length;
      await this.deleteRecords(unmatched);
    }
    if (matched.length === 0) return;
    const events = splitByPayload(matched);
    this.counts.payloadSplits += events.length - 1;
    for (const event of events) await this.invokeAndSettle(event, receivedAt);
  }

  private async invokeAndSettle(event: SQSEvent, receivedAt: number): Promise<void> {
    const { fn } = this.options;
    const messageIds = event.Records.map((record) => record.messageId);
    if (!(await this.acquireConcurrency(receivedAt))) {
      this.counts.throttledBatches += 1;
      this.publishOutcome({ requestId: 'throttled', messageIds, deleted: [], outcome: 'failure', reason: 'throttled' });
      return;
    }
    this.counts.invocations += 1;
    let result: InvocationResult;
    try {
      result = await fn.invoke(event);
    } catch (error) {
      // The function was stopped under us: nothing is deleted, as after a failed invocation.
      result = {
        status: 'error',
        requestId: 'none',
        error: { errorType: error instanceof Error ? error.name : 'Error', errorMessage: String(error), trace: [] },
        durationMs: 0,
      };
    } finally {
      this.invoking -= 1;
    }
    const { reportBatchItemFailures } = this.resolved;
    const settlement = settleBatch(messageIds, result, reportBatchItemFailures);
    if (result.status === 'success') this.counts.successes += 1;
    if (result.status === 'error') this.counts.functionErrors += 1;
    if (result.status === 'timeout') this.counts.timeouts += 1;
    if (result.status !== 'success' && !reportBatchItemFailures) this.scaling.backOff();
    if (settlement.reason === 'invalid-response') this.counts.invalidResponses += 1;
    if (settlement.outcome === 'partial') this.counts.partialBatches += 1;
    if (result.status === 'success' && !reportBatchItemFailures) this.noteIgnoredFailures(result, messageIds);
    const toDelete = new Set(settlement.deleteMessageIds);
    const deleted = await this.deleteRecords(event.Records.filter((record) => toDelete.has(record.messageId)));
    this.publishOutcome({
      requestId: result.requestId,
      messageIds,
      deleted,
      outcome: settlement.outcome,
      reason: settlement.reason,
    });
  }

  /**
   * Takes one unit of the function's reserved concurrency. When none is free the invocation is
   * throttled: Lambda backs off and retries until the batch's visibility timeout (read from the
   * queue now) would run out, then drops the batch, which reappears in the queue.
   */
  private async acquireConcurrency(receivedAt: number): Promise<boolean> {
    const limit = this.functionSettings.reservedConcurrency;
    if (limit === undefined || this.invoking < limit) {
      this.invoking += 1;
      return true;
    }
    let expires: number | undefined;
    let pause: number = THROTTLE_RETRY_MS.first;
    for (;;) {
      this.counts.throttles += 1;
      this.scaling.backOff();
      expires ??= receivedAt + (await readVisibilityTimeout(this.options).catch(() => 0)) * 1000;
      if (Date.now() + pause >= expires || this.abort.signal.aborted) return false;
      await sleep(pause);
      pause = Math.min(pause * 2, THROTTLE_RETRY_MS.longest);
      const current = this.functionSettings.reservedConcurrency;
      if (current === undefined || this.invoking < current) {
        this.invoking += 1;
        return true;
      }
    }
  }

  /**
   * Lambda ignores `batchItemFailures` without ReportBatchItemFailures and deletes the whole
   * batch; the lab says so in the function's log stream, where the learner looks.
   */
  private noteIgnoredFailures(result: InvocationResult & { status: 'success' }, messageIds: readonly string[]): void {
    const payload = result.payload;
    if (typeof payload !== 'object' || payload === null) return;
    const list = (payload as { batchItemFailures?: unknown }).batchItemFailures;
    if (!Array.isArray(list) || list.length === 0) return;
    this.counts.ignoredBatchItemFailures += 1;
    const listed = list.map((entry: unknown) =>
      typeof entry === 'object' && entry !== null ? (entry as { itemIdentifier?: unknown }).itemIdentifier : entry,
    );
    const parsed = {
      timestamp: new Date().toISOString(),
      level: 'WARN',
      event: 'lab-note',
      message: `Lab note: the function returned batchItemFailures (${list.length} of ${messageIds.length} records), but this event source mapping has no ReportBatchItemFailures, so Lambda ignores the list and deletes the whole batch (as on AWS). Add FunctionResponseTypes: [ReportBatchItemFailures] to retry only the listed records.`,
      requestId: result.requestId,
      messageIds,
      ignoredItemIdentifiers: listed,
    };
    this.options.logs?.publish({
      kind: 'function',
      ...this.options.fn.ref,
      requestId: result.requestId,
      // The lab's own line, not an execution environment's: a stream of its own.
      logStreamName: 'lab-notes',
      stream: 'stderr',
      line: JSON.stringify(parsed),
      parsed,
      time: Date.now(),
    });
  }

  private publishOutcome(batch: {
    readonly requestId: string;
    readonly messageIds: readonly string[];
    readonly deleted: readonly string[];
    readonly outcome: 'success' | 'partial' | 'failure';
    readonly reason: string | undefined;
  }): void {
    this.options.logs?.publish({
      kind: 'mapping',
      ...this.options.fn.ref,
      queueName: this.options.queue.name,
      requestId: batch.requestId,
      messageIds: batch.messageIds,
      deletedMessageIds: batch.deleted,
      outcome: batch.outcome,
      reason: batch.reason,
      time: Date.now(),
    });
  }

  /** Deletes records in DeleteMessageBatch calls of at most 10; returns the deleted message ids. */
  private async deleteRecords(records: readonly { messageId: string; receiptHandle: string }[]): Promise<string[]> {
    const deleted: string[] = [];
    for (let start = 0; start < records.length; start += 10) {
      const chunk = records.slice(start, start + 10);
      try {
        const response = await this.options.sqs.send(
          new DeleteMessageBatchCommand({
            QueueUrl: this.options.queue.url,
            Entries: chunk.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
          }),
        );
        for (const entry of response.Successful ?? []) {
          const record = chunk[Number(entry.Id)];
          if (record !== undefined) deleted.push(record.messageId);
        }
        this.counts.deleteErrors += response.Failed?.length ?? 0;
      } catch {
        this.counts.deleteErrors += chunk.length;
      }
    }
    this.counts.messagesDeleted += deleted.length;
    return deleted;
  }
}
