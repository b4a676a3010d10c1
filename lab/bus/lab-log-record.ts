/**
 * What the lab's bus carries: every line a function writes (what CloudWatch Logs would
 * receive), Lambda's platform lines (start, report) and the event source mapping's batch
 * outcomes. The services publish these records; readers (the Logs service, the printer, the
 * experiments, chaos, the console) subscribe to them.
 */

/** Which function a record belongs to. */
export interface FunctionRef {
  readonly stackName: string;
  readonly functionId: string;
  /** The Lambda function name (`AWS_LAMBDA_FUNCTION_NAME`). */
  readonly functionName: string;
}

/** One line the function's code wrote to stdout or stderr. */
export interface FunctionLogRecord extends FunctionRef {
  readonly kind: 'function';
  /** The invocation running when the line was written (the last one, for a line written between invocations). */
  readonly requestId: string | undefined;
  /** The execution environment's log stream, `YYYY/MM/DD/[$LATEST]<32 hex>`. */
  readonly logStreamName: string;
  readonly stream: 'stdout' | 'stderr';
  readonly line: string;
  /** The line parsed as JSON when it is a JSON object, otherwise undefined. */
  readonly parsed: Record<string, unknown> | undefined;
  readonly time: number;
}

/**
 * Lambda's platform events that reach CloudWatch Logs: `line` is what the log stream holds (the
 * JSON record, or `START`/`END`/`REPORT` with the Text format), `parsed` the event either way.
 */
export interface PlatformLogRecord extends FunctionRef {
  readonly kind: 'platform';
  readonly requestId: string;
  /** The execution environment's log stream. */
  readonly logStreamName: string;
  readonly line: string;
  readonly parsed: PlatformEvent;
  readonly time: number;
}

/** `{"time", "type": "platform.report", "record": {...}}` as in CloudWatch with JSON log format. */
export interface PlatformEvent {
  readonly time: string;
  readonly type:
    'platform.initStart' | 'platform.initReport' | 'platform.start' | 'platform.runtimeDone' | 'platform.report';
  readonly record: Readonly<Record<string, unknown>>;
}

/** What the event source mapping did with one batch (not a CloudWatch line: the lab's own view). */
export interface MappingLogRecord extends FunctionRef {
  readonly kind: 'mapping';
  readonly queueName: string;
  readonly requestId: string;
  readonly messageIds: readonly string[];
  readonly deletedMessageIds: readonly string[];
  readonly outcome: 'success' | 'partial' | 'failure';
  /** Why messages were kept: `function-error`, `timeout`, `invalid-response`, `batch-item-failures`. */
  readonly reason: string | undefined;
  readonly time: number;
}

/** One record on the lab's bus. */
export type LabLogRecord = FunctionLogRecord | PlatformLogRecord | MappingLogRecord;
