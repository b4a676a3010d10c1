/**
 * A local stand-in for Lambda's SQS event source mapping, keeping its rules, in LocalStack's
 * shape (`esm_worker.py`): the mapping's lifecycle (create, update, delete) and its pollers,
 * scaling as Lambda documents ({@link MappingScaling}). Each poller receives a batch
 * ({@link SqsPoller}), and a {@link BatchProcessor} takes it through the function
 * ({@link LambdaSender}) to its settlement (`settleBatch`). Every step is a
 * {@link MappingEvent}: one subscriber keeps the counters, one writes the lab's log, and the
 * scaling follows errors and throttles. Create and update take the properties as CloudFormation
 * names them, and are refused, as Lambda refuses them, when the queue's visibility timeout (read
 * at that moment, as it has reached Lambda) is shorter than the function timeout.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BatchProcessor } from './batch-processor';
import { DEFAULT_BATCH_FORMATION, ReceiveSizer } from './batch-formation';
import { LambdaSender } from './lambda-sender';
import { countMappingEvent, emptyMappingCounters, type MappingCounters } from './mapping-counters';
import { type MappingEvent, type MappingEventListener, MappingEventStream } from './mapping-events';
import { mappingLogPublisher } from './mapping-log-publisher';
import { checkLabKnobs, type EventSourceMappingOptions, functionSettingsOf } from './mapping-options';
import {
  checkVisibilityTimeout,
  type EventSourceMappingProperties,
  type MappedFunctionSettings,
  type ResolvedMappingProperties,
  resolveMappingProperties,
  unresolveMappingProperties,
} from './mapping-properties';
import { MappingScaling } from './scaling';
import { LAMBDA_WAIT_TIME_SECONDS, type MappedQueue, readVisibilityTimeout, SqsPoller } from './sqs-poller';
import type { Invocable } from '../runtime/local-function';

export { emptyMappingCounters };
export type {
  EventSourceMappingOptions,
  EventSourceMappingProperties,
  MappedFunctionSettings,
  MappedQueue,
  MappingCounters,
};

/** How often an idle (scaled-down or disabled) poller checks whether it may poll again. */
const IDLE_CHECK_MS = 100;
/** How long a poller waits after a failed receive. */
const RECEIVE_ERROR_PAUSE_MS = 1000;

/** What {@link EventSourceMapping.update} changes: any property, and the function's settings. */
export interface EventSourceMappingUpdate {
  readonly properties?: EventSourceMappingProperties;
  readonly function?: Partial<MappedFunctionSettings>;
}

/** A running mapping. Create it with {@link EventSourceMapping.create}; end it with `delete()` (or `stop()`). */
export class EventSourceMapping {
  private readonly events = new MappingEventStream();
  private readonly counts: MappingCounters = emptyMappingCounters();
  private readonly abort = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly scaling: MappingScaling;
  private readonly poller: SqsPoller;
  private readonly processor: BatchProcessor;
  private stopping: Promise<void> | undefined;
  private modifiedAt = new Date();

  private constructor(
    private readonly options: EventSourceMappingOptions,
    private resolved: ResolvedMappingProperties,
    private functionSettings: MappedFunctionSettings,
  ) {
    this.scaling = new MappingScaling({
      maximumConcurrency: resolved.maximumConcurrency,
      labCap: options.concurrencyCap,
    });
    // In this order: a log reader sees the counters already updated, as the scaling does.
    this.events.subscribe((event) => countMappingEvent(this.counts, event));
    this.events.subscribe((event) => this.scaleOn(event));
    if (options.logs !== undefined)
      this.events.subscribe(mappingLogPublisher(options.logs, options.fn.ref, options.queue.name));
    const emit = (event: MappingEvent): void => this.events.emit(event);
    this.poller = new SqsPoller({
      sqs: options.sqs,
      queue: options.queue,
      ...(options.seenByLambda === undefined ? {} : { seenByLambda: options.seenByLambda }),
      // The stream is named after the function, not the queue (whose name holds the lab's random
      // id), so the same seed draws the same receive sizes in every lab.
      sizer: new ReceiveSizer(
        options.batchFormation ?? DEFAULT_BATCH_FORMATION,
        `${options.fn.ref.stackName}/${options.fn.ref.functionId}`,
      ),
      waitTimeSeconds: options.waitTimeSeconds ?? LAMBDA_WAIT_TIME_SECONDS,
      emit,
    });
    const sender = new LambdaSender({
      fn: options.fn,
      reservedConcurrency: () => this.functionSettings.reservedConcurrency,
      visibilityTimeoutSeconds: () => this.poller.visibilityTimeout(),
      signal: this.abort.signal,
      emit,
    });
    this.processor = new BatchProcessor({
      queueArn: options.queue.arn,
      poller: this.poller,
      sender,
      properties: () => this.resolved,
      emit,
    });
  }

  /** Validates the mapping like Lambda (the queue's visibility timeout is read now), then starts polling. */
  static async create(options: EventSourceMappingOptions): Promise<EventSourceMapping> {
    const resolved = resolveMappingProperties(options.properties ?? {});
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
    checkVisibilityTimeout(await this.poller.visibilityTimeout(), functionSettings.timeoutSeconds);
    this.resolved = resolved;
    this.functionSettings = functionSettings;
    this.modifiedAt = new Date();
    this.scale(() =>
      this.scaling.reconfigure({
        maximumConcurrency: resolved.maximumConcurrency,
        labCap: this.options.concurrencyCap,
      }),
    );
    this.ensureLoops();
  }

  /** DeleteEventSourceMapping: stops polling; batches in flight finish and settle first. */
  delete(): Promise<void> {
    return this.stop();
  }

  /** The properties in force, as CloudFormation names them. */
  get properties(): EventSourceMappingProperties {
    return unresolveMappingProperties(this.resolved);
  }

  /** When the mapping was created or last updated (the API's `LastModified`). */
  get lastModified(): Date {
    return this.modifiedAt;
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

  /** Calls `listener` with every event of the mapping from now on; the function returned stops it. */
  subscribe(listener: MappingEventListener): () => void {
    return this.events.subscribe(listener);
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
      const messages = await this.poller.receiveBatch(this.resolved, signal);
      if (messages === undefined) {
        if (signal.aborted) return;
        await sleep(RECEIVE_ERROR_PAUSE_MS, undefined, { signal }).catch(() => undefined);
        continue;
      }
      if (messages.length === 0) {
        this.scale(() => this.scaling.onEmpty());
        continue;
      }
      const receivedAt = Date.now();
      this.scale(() => this.scaling.onMessages(this.counts.inFlightBatches + 1));
      this.events.emit({ type: 'batch-started' });
      // A batch received just before stop() is still processed: stop waits for it.
      try {
        await this.processor.process(messages, receivedAt);
      } catch {
        // Only a malformed ReceiveMessage answer gets here; the messages reappear after their timeout.
        this.events.emit({ type: 'receive-failed' });
      } finally {
        this.events.emit({ type: 'batch-finished' });
      }
    }
  }

  /**
   * The scaling's reaction to errors: a function error or timeout backs it off (unless
   * ReportBatchItemFailures is on), and so does each throttled attempt.
   */
  private scaleOn(event: MappingEvent): void {
    const failed =
      event.type === 'invocation-ended' && event.status !== 'success' && !this.resolved.reportBatchItemFailures;
    if (failed || event.type === 'throttled') this.scale(() => this.scaling.backOff());
  }

  /** Applies a scaling change, and reports it when the mapping's concurrency moved. */
  private scale(change: () => void): void {
    const before = this.concurrency;
    change();
    if (this.concurrency !== before) this.events.emit({ type: 'scaled', concurrency: this.concurrency });
  }
}
