/**
 * The command line of `npm run lab`: flags named after the stacks' CDK context switches.
 */
import { parseBatchPartialOptions, parseEventFilterOption } from '../../lib/batch-partial-options';
import { InvalidBatchPartialOptionError } from '../../lib/errors';
import { BATCH_PARTIAL } from '../../lib/settings';
import type { BatchPartialOptions } from '../../lib/topology';
import { parseVisibilityDupOptions } from '../../lib/visibility-dup-options';
import {
  BATCH_FORMATION_OPTIONS,
  type BatchFormation,
  type CommandLine,
  HELP_OPTION,
  INSPECT_OPTION,
  type InspectTarget,
  type Language,
  LANGUAGE_OPTION,
  LOG_PRINT_FORMATS,
  type LogPrintFormat,
  type OptionTable,
  parseBatchFormation,
  parseInspectTarget,
  readCommandLine,
  UsageError,
  withInspectDefault,
} from '@sqs-lab/lab';
import { MESSAGES } from '../locales/messages';

export { UsageError };

/** `-c name=value`, repeated, as `cdk deploy` takes it: `npm run lab` and `npm run lab:deploy`. */
export const CONTEXT_OPTION = {
  context: { type: 'string', short: 'c', multiple: true },
} as const satisfies OptionTable;

/** Every option of `npm run lab`. */
export const LAB_OPTIONS = {
  ...LANGUAGE_OPTION,
  ...CONTEXT_OPTION,
  ...BATCH_FORMATION_OPTIONS,
  ...HELP_OPTION,
  ...INSPECT_OPTION,
  'batch-size': { type: 'string' },
  'report-batch-item-failures': { type: 'string' },
  quiet: { type: 'boolean', default: false },
  outputs: { type: 'string' },
  empty: { type: 'boolean', default: false },
  watch: { type: 'boolean', default: false },
  'log-format': { type: 'string', default: 'pretty' },
} as const satisfies OptionTable;

/** Parsed command line. */
export interface LabCommand {
  readonly help: boolean;
  readonly quiet: boolean;
  /** Start without deploying the stacks: the learner deploys them with `npm run cdk:lab`. */
  readonly empty: boolean;
  readonly watch: boolean;
  readonly logFormat: LogPrintFormat;
  readonly batchOptions: BatchPartialOptions;
  /** Every `-c name=value`, as given (the batch switches included). */
  readonly context: Readonly<Record<string, string>>;
  readonly batchFormation: BatchFormation;
  /** `--inspect`: where the Node inspector listens (undefined: no inspector, function timeouts enforced). */
  readonly inspect: InspectTarget | undefined;
  /** `--outputs FILE`: where the outputs go (default `cdk-outputs.local.json` at the project root). */
  readonly outputs: string | undefined;
}

/**
 * Parses `argv` (without node and script); throws UsageError on a bad flag or value, worded in
 * `language` unless `--lang` says otherwise, and NotLoopbackInspectHostError for `--inspect` off loopback.
 */
export function parseLabArgs(argv: readonly string[], language: Language = 'en'): LabCommand {
  return labCommand(readCommandLine(withInspectDefault(argv), LAB_OPTIONS, language));
}

/** The command a read line asks for; throws UsageError on a bad flag or value, in the line's language. */
export function labCommand(line: CommandLine<typeof LAB_OPTIONS>): LabCommand {
  const { language } = line;
  const say = MESSAGES[language].lab;
  const { values } = line.check();
  const context = parseContextPairs(values.context ?? [], language);
  const logFormat = values['log-format'];
  if (!(LOG_PRINT_FORMATS as readonly string[]).includes(logFormat)) {
    throw new UsageError(say.badLogFormat(LOG_PRINT_FORMATS, logFormat));
  }
  const batchFormation = parseBatchFormation(values, language);
  const inspect = parseInspectTarget(values.inspect, language);
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
    empty: values.empty,
    watch: values.watch,
    context,
    logFormat: logFormat as LogPrintFormat,
    batchFormation,
    batchOptions: { batchSize: size, reportBatchItemFailures: report },
    inspect,
    outputs: values.outputs,
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
  const say = MESSAGES[language].lab;
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
