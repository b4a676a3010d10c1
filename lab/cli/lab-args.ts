/**
 * The command line of `npm run lab`: flags named after BatchPartialStack's CDK context switches.
 */
import { parseArgs } from 'node:util';
import { parseBatchPartialOptions } from '../../lib/batch-partial-options';
import { InvalidBatchPartialOptionError } from '../../lib/errors';
import type { BatchPartialOptions } from '../../lib/topology';
import { LOCAL_OUTPUTS_FILE } from '../outputs';
import type { BatchFormation } from '../services/lambda/event-source-mapping/batch-formation';
import { BATCH_FORMATION_USAGE, parseBatchFormation } from './batch-formation-args';
import { UsageError } from './usage-error';

/** The help text. */
export const LAB_USAGE = `Usage: npm run lab -- [options]

Serves VisibilityDupStack and BatchPartialStack on this machine (SQS and DynamoDB
emulators, the real handlers, Lambda's event source mapping rules) until Ctrl-C,
and writes ${LOCAL_OUTPUTS_FILE} in the shape of cdk deploy --outputs-file.

Options (named after the CDK context switches of BatchPartialStack):
  --batch-size N                          records per worker invocation, 1-10 (default 10)
  --report-batch-item-failures true|false partial batch responses (default true)
  -c batchSize=N -c reportBatchItemFailures=true|false
                                          the same, spelled as cdk deploy's context
${BATCH_FORMATION_USAGE}
  --quiet                                 do not print function logs
  --help                                  show this help
`;

export { UsageError };

/** Parsed command line. */
export interface LabCommand {
  readonly help: boolean;
  readonly quiet: boolean;
  readonly batchOptions: BatchPartialOptions;
  readonly batchFormation: BatchFormation;
}

/** Parses `argv` (without node and script); throws UsageError on a bad flag or value. */
export function parseLabArgs(argv: readonly string[]): LabCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        'batch-size': { type: 'string' },
        'report-batch-item-failures': { type: 'string' },
        context: { type: 'string', short: 'c', multiple: true },
        quiet: { type: 'boolean', default: false },
        'batch-formation': { type: 'string' },
        'batch-seed': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const context = parseContextPairs(values.context ?? []);
  const batchFormation = parseBatchFormation(values['batch-formation'], values['batch-seed']);
  try {
    return {
      help: values.help,
      quiet: values.quiet,
      batchFormation,
      batchOptions: parseBatchPartialOptions({
        batchSize: values['batch-size'] ?? context.batchSize,
        reportBatchItemFailures: values['report-batch-item-failures'] ?? context.reportBatchItemFailures,
      }),
    };
  } catch (error) {
    if (error instanceof InvalidBatchPartialOptionError) throw new UsageError(error.message);
    throw error;
  }
}

/** The CDK context names the lab understands in `-c name=value`. */
const CONTEXT_NAMES = ['batchSize', 'reportBatchItemFailures'] as const;

/** `-c batchSize=1 -c reportBatchItemFailures=false`, exactly as `cdk deploy` takes them. */
function parseContextPairs(pairs: readonly string[]): Partial<Record<(typeof CONTEXT_NAMES)[number], string>> {
  const context: Partial<Record<(typeof CONTEXT_NAMES)[number], string>> = {};
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    const name = separator === -1 ? pair : pair.slice(0, separator);
    if (separator === -1 || !(CONTEXT_NAMES as readonly string[]).includes(name)) {
      throw new UsageError(`-c takes name=value with name one of ${CONTEXT_NAMES.join(', ')}; got "${pair}"`);
    }
    context[name as (typeof CONTEXT_NAMES)[number]] = pair.slice(separator + 1);
  }
  return context;
}
