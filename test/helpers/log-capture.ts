import { Logger } from '#lambda/commons/logger';

/** A parsed log line. */
export interface CapturedLine {
  readonly level: string;
  readonly event: string;
  readonly message: string;
  readonly id?: string;
  readonly messageId?: string;
  readonly [field: string]: unknown;
}

/** A Logger writing into an array, and the lines it wrote, parsed. */
export function captureLogs(): { logger: Logger; lines: CapturedLine[]; events: () => string[] } {
  const lines: CapturedLine[] = [];
  const logger = new Logger({}, (line) => {
    lines.push(JSON.parse(line) as CapturedLine);
  });
  return { logger, lines, events: () => lines.map((line) => line.event) };
}

/** Collects what is written to process.stdout while `run` runs (for handlers' own loggers). */
export async function captureStdout<T>(run: () => Promise<T>): Promise<{ result: T; lines: CapturedLine[] }> {
  const chunks: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stdout.write;
  try {
    const result = await run();
    const lines = chunks
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as CapturedLine);
    return { result, lines };
  } finally {
    process.stdout.write = original;
  }
}
