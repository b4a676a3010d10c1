/**
 * Lambda's system records for one function's invocations, as its LoggingConfig has them: the
 * Text lines (`INIT_START`, `START`, `END`, `REPORT`), or the JSON `platform.*` events at or above
 * the system log level; the REPORT carries the duration, the billed duration (INIT included after
 * a cold start), the memory and the init duration.
 */
import type { PlatformEvent } from '../../../bus/lab-log-record';
import type { LambdaLogging } from './lambda-environment';
import type { LocalFunctionOptions } from './local-function-options';
import { loggingConfig } from './logging-config';
import { reportText } from './platform-lines';

/** How an invocation ended, for its END and REPORT records. */
export interface InvocationEnd {
  readonly status: 'success' | 'error' | 'timeout';
  readonly errorType: string | undefined;
  /** The invocation's duration in ms, not rounded. */
  readonly invokeDurationMs: number;
  /** The INIT phase before it, after a cold start. */
  readonly initDurationMs: number | undefined;
  readonly maxMemoryUsedMB: number;
}

/** Writes one function's platform records to the lab's logs. */
export class PlatformRecords {
  /** The function's LoggingConfig, fixed for its life (a new configuration makes a new function). */
  private readonly logging: LambdaLogging;

  constructor(
    private readonly options: Pick<
      LocalFunctionOptions,
      'ref' | 'memoryMb' | 'environment' | 'systemLogLevel' | 'logs'
    >,
  ) {
    this.logging = loggingConfig(options);
  }

  /** A cold start's INIT phase begins (`INIT_START`, `platform.initStart`). */
  initStart(requestId: string, logStreamName: string): void {
    this.publish(requestId, logStreamName, 'platform.initStart', {
      initializationType: 'on-demand',
      phase: 'init',
      runtimeVersion: RUNTIME_VERSION,
      runtimeVersionArn: RUNTIME_VERSION_ARN,
      functionName: this.options.ref.functionName,
      functionVersion: '$LATEST',
    });
  }

  /**
   * A cold start's INIT phase failed (`INIT_REPORT … Status: error`, `platform.initReport`), as
   * Lambda reports an init error (Lambda guide, "Telemetry API" `platform.initReport`).
   */
  initReport(requestId: string, logStreamName: string, failure: { durationMs: number; errorType: string }): void {
    this.publish(requestId, logStreamName, 'platform.initReport', {
      initializationType: 'on-demand',
      phase: 'init',
      status: 'error',
      errorType: failure.errorType,
      metrics: { durationMs: Math.round(failure.durationMs * 100) / 100 },
    });
  }

  /** An invocation begins (`START`, `platform.start`). */
  start(requestId: string, logStreamName: string): void {
    this.publish(requestId, logStreamName, 'platform.start', { requestId, version: '$LATEST' });
  }

  /**
   * An invocation ended (`END` and `REPORT`, `platform.runtimeDone` and `platform.report`).
   * Returns its duration as reported: ms, rounded to hundredths.
   */
  end(requestId: string, logStreamName: string, end: InvocationEnd): number {
    const durationMs = Math.round(end.invokeDurationMs * 100) / 100;
    const { status, errorType, initDurationMs } = end;
    const metrics = {
      durationMs,
      billedDurationMs: Math.ceil(end.invokeDurationMs + (initDurationMs ?? 0)),
      memorySizeMB: this.options.memoryMb,
      maxMemoryUsedMB: end.maxMemoryUsedMB,
      ...(initDurationMs === undefined ? {} : { initDurationMs: Math.round(initDurationMs * 100) / 100 }),
    };
    this.publish(requestId, logStreamName, 'platform.runtimeDone', {
      requestId,
      status,
      ...(errorType ? { errorType } : {}),
      metrics: { durationMs },
    });
    this.publish(requestId, logStreamName, 'platform.report', {
      requestId,
      metrics,
      status,
      ...(errorType ? { errorType } : {}),
    });
    return durationMs;
  }

  /**
   * Publishes one of Lambda's system records, as the function's LoggingConfig has it: a JSON
   * `platform.*` record when it is at or above the system log level, or the Text line.
   */
  private publish(
    requestId: string,
    logStreamName: string,
    type: PlatformEvent['type'],
    record: Record<string, unknown>,
  ): void {
    const { logging } = this;
    const parsed: PlatformEvent = { time: new Date().toISOString(), type, record };
    let line: string;
    if (logging.format === 'JSON') {
      if (SYSTEM_LEVEL_RANK[PLATFORM_EVENT_LEVELS[type]] < SYSTEM_LEVEL_RANK[logging.systemLogLevel]) return;
      line = JSON.stringify(parsed);
    } else {
      line = platformText(requestId, parsed);
    }
    this.options.logs.publish({
      kind: 'platform',
      ...this.options.ref,
      requestId,
      logStreamName,
      line,
      parsed,
      time: Date.now(),
    });
  }
}

/** The runtime version the lab reports in `platform.initStart` (Lambda's form: `nodejs:24.v<N>`). */
const RUNTIME_VERSION = 'nodejs:24.v0';
/** Its ARN (`platform.initStart`, and GetFunction's `RuntimeVersionConfig`). */
export const RUNTIME_VERSION_ARN =
  'arn:aws:lambda:us-east-1::runtime:0000000000000000000000000000000000000000000000000000000000000000';

/** The level Lambda gives each system event; with the default system level INFO, `platform.runtimeDone` is not sent. */
const PLATFORM_EVENT_LEVELS: Record<PlatformEvent['type'], 'DEBUG' | 'INFO'> = {
  'platform.initStart': 'INFO',
  'platform.initReport': 'INFO',
  'platform.start': 'INFO',
  'platform.runtimeDone': 'DEBUG',
  'platform.report': 'INFO',
};
const SYSTEM_LEVEL_RANK: Record<LambdaLogging['systemLogLevel'], number> = { DEBUG: 0, INFO: 1, WARN: 2 };

/** The Text format's system line for an event. */
function platformText(requestId: string, event: PlatformEvent): string {
  switch (event.type) {
    case 'platform.initStart':
      return `INIT_START Runtime Version: ${RUNTIME_VERSION}\tRuntime Version ARN: ${RUNTIME_VERSION_ARN}`;
    case 'platform.initReport': {
      const { metrics, errorType } = event.record as { metrics: { durationMs: number }; errorType: string };
      return `INIT_REPORT Init Duration: ${metrics.durationMs.toFixed(2)} ms\tPhase: init\tStatus: error\tError Type: ${errorType}`;
    }
    case 'platform.start':
      return `START RequestId: ${requestId} Version: $LATEST`;
    case 'platform.runtimeDone':
      return `END RequestId: ${requestId}`;
    case 'platform.report':
      return reportText(requestId, event.record);
  }
}
