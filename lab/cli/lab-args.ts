/**
 * The command line of `npm run lab`: flags named after the stacks' CDK context switches.
 */
import { parseBatchPartialOptions, parseEventFilterOption } from '../../lib/batch-partial-options';
import { InvalidBatchPartialOptionError } from '../../lib/errors';
import { parseVisibilityDupOptions } from '../../lib/visibility-dup-options';
import type { BatchPartialOptions } from '../../lib/topology';
import { LOG_PRINT_FORMATS, type LogPrintFormat } from '../services/logs/lab-logs';
import { LAB_MESSAGES } from './lab-messages';
import { parseFlags } from './parse-flags';
import type { Language } from '../common/language';
import { BATCH_PARTIAL } from '../../lib/settings';

/** The help text (English; `LAB_MESSAGES.ja.usage` in Japanese). */
export const LAB_USAGE = LAB_MESSAGES.en.usage;
import type { BatchFormation } from '../services/lambda/event-source-mapping/batch-formation';
import { parseBatchFormation } from './batch-formation-args';
import { UsageError } from './usage-error';

export { UsageError };

/** Parsed command line. */
export interface LabCommand {
  readonly help: boolean;
  readonly quiet: boolean;
  readonly watch: boolean;
  readonly logFormat: LogPrintFormat;
  readonly batchOptions: BatchPartialOptions;
  /** Every `-c name=value`, as given (the batch switches included). */
  readonly context: Readonly<Record<string, string>>;
  readonly batchFormation: BatchFormation;
}

/** Parses `argv` (without node and script); throws UsageError on a bad flag or value, worded in `language`. */
export function parseLabArgs(argv: readonly string[], language: Language = 'en'): LabCommand {
  const say = LAB_MESSAGES[language];
  const { values } = parseFlags(
    argv,
    {
      'batch-size': { type: 'string' },
      'report-batch-item-failures': { type: 'string' },
      context: { type: 'string', short: 'c', multiple: true },
      quiet: { type: 'boolean', default: false },
      watch: { type: 'boolean', default: false },
      'log-format': { type: 'string', default: 'pretty' },
      'batch-formation': { type: 'string' },
      'batch-seed': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    language,
  );
  const context = parseContextPairs(values.context ?? [], language);
  const logFormat = values['log-format'];
  if (!(LOG_PRINT_FORMATS as readonly string[]).includes(logFormat)) {
    throw new UsageError(say.badLogFormat(LOG_PRINT_FORMATS, logFormat));
  }
  const batchFormation = parseBatchFormation(values['batch-formation'], values['batch-seed'], language);
  const batchSize = values['batch-size'] ?? context.batchSize;
  const reportBatchItemFailures = values['report-batch-item-failures'] ?? context.reportBatchItemFailures;
  // Each switch alone, so the error names the one that is wrong, in `language`.
  const checked = <V>(parse: () => V, sentence: () => string): V => {
    try {
      return parse();
    } catch (error) {
      if (error instanceof InvalidBatchPartialOptionError) throw new UsageError(sentence(), { cause: error });
      throw error;
    }
  };
  const size = checked(
    () => parseBatchPartialOptions({ batchSize }).batchSize,
    () => say.badBatchSize(BATCH_PARTIAL.maxBatchSize, JSON.stringify(batchSize)),
  );
  const report = checked(
    () => parseBatchPartialOptions({ reportBatchItemFailures }).reportBatchItemFailures,
    () => say.badReportBatchItemFailures(JSON.stringify(reportBatchItemFailures)),
  );
  checked(
    () => parseVisibilityDupOptions({ visibilityManager: context.visibilityManager }),
    () => say.badVisibilityManager(JSON.stringify(context.visibilityManager)),
  );
  checked(
    () => parseEventFilterOption({ eventFilter: context.eventFilter }),
    () => say.badEventFilter(JSON.stringify(context.eventFilter)),
  );
  return {
    help: values.help,
    quiet: values.quiet,
    watch: values.watch,
    context,
    logFormat: logFormat as LogPrintFormat,
    batchFormation,
    batchOptions: { batchSize: size, reportBatchItemFailures: report },
  };
}

/** The context names the stacks read (lib/app.ts). */
const KNOWN_CONTEXT = ['batchSize', 'reportBatchItemFailures', 'eventFilter', 'visibilityManager'] as const;

/** `-c batchSize=1 -c reportBatchItemFailures=false`, exactly as `cdk deploy` takes them. */
export function parseContextPairs(
  pairs: readonly string[],
  language: Language = 'en',
): Record<string, string> & {
  readonly batchSize?: string;
  readonly reportBatchItemFailures?: string;
  readonly eventFilter?: string;
  readonly visibilityManager?: string;
} {
  const say = LAB_MESSAGES[language];
  const context: Record<string, string> = {};
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    if (separator < 1) throw new UsageError(say.contextNeedsPair(pair));
    const name = pair.slice(0, separator);
    const meant = KNOWN_CONTEXT.find((known) => known !== name && known.toLowerCase() === name.toLowerCase());
    if (meant !== undefined) throw new UsageError(say.contextCase(name, meant));
    context[name] = pair.slice(separator + 1);
  }
  return context;
}
