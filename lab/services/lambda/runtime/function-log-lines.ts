/**
 * What a function's environment writes to stdout and stderr, as the lab's log records: cut into
 * lines, each published with the request id of the invocation it belongs to; with the JSON log
 * format, lines below the application log level are dropped, as Lambda drops them before
 * CloudWatch sees them.
 */
import { parseJsonObject } from '../../../common/parse-json-object';
import { keepsApplicationLine } from './console-format';
import type { LocalFunctionOptions } from './local-function-options';
import type { LambdaLogging } from './lambda-environment';
import { loggingConfig } from './logging-config';

/** One environment's output streams, line by line. */
export class FunctionLogLines {
  private readonly partialLines = { stdout: '', stderr: '' };
  private requestId: string | undefined;
  /** The function's LoggingConfig, fixed for an environment's life (a new configuration starts new environments). */
  private readonly logging: LambdaLogging;

  constructor(
    private readonly options: Pick<LocalFunctionOptions, 'ref' | 'logs' | 'environment' | 'systemLogLevel'>,
    private readonly logStreamName: string,
  ) {
    this.logging = loggingConfig(options);
  }

  /** Lines from now on belong to the invocation `requestId`. */
  beginRequest(requestId: string): void {
    this.requestId = requestId;
  }

  /** Takes a chunk of output; publishes every line it completes. */
  write(stream: 'stdout' | 'stderr', text: string): void {
    const lines = (this.partialLines[stream] + text).split('\n');
    this.partialLines[stream] = lines.pop() ?? '';
    for (const line of lines) this.publishLine(stream, line);
  }

  /** Publishes what is left of a line on each stream (an invocation has ended). */
  flush(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      const rest = this.partialLines[stream];
      this.partialLines[stream] = '';
      if (rest !== '') this.publishLine(stream, rest);
    }
  }

  private publishLine(stream: 'stdout' | 'stderr', line: string): void {
    if (line.trim() === '') return;
    const parsed = parseJsonObject(line);
    const { logging } = this;
    // Lambda drops what is below the application log level before CloudWatch sees it.
    if (logging.format === 'JSON' && !keepsApplicationLine(parsed, logging.applicationLogLevel)) return;
    this.options.logs.publish({
      kind: 'function',
      ...this.options.ref,
      requestId: this.requestId,
      logStreamName: this.logStreamName,
      stream,
      line,
      parsed,
      time: Date.now(),
    });
  }
}
