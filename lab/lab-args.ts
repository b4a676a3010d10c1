/**
 * The command line of `npm run lab`: flags named after BatchPartialStack's CDK context switches.
 */
import { parseArgs } from 'node:util';
import { parseBatchPartialOptions } from '../lib/batch-partial-options';
import { InvalidBatchPartialOptionError } from '../lib/errors';
import type { BatchPartialOptions } from '../lib/topology';
import { LOCAL_OUTPUTS_FILE } from './outputs';

/** The help text. */
export const LAB_USAGE = `Usage: npm run lab -- [options]

Serves VisibilityDupStack and BatchPartialStack on this machine (SQS and DynamoDB
emulators, the real handlers, Lambda's event source mapping rules) until Ctrl-C,
and writes ${LOCAL_OUTPUTS_FILE} in the shape of cdk deploy --outputs-file.

Options (named after the CDK context switches of BatchPartialStack):
  --batch-size N                          records per worker invocation, 1-10 (default 10)
  --report-batch-item-failures true|false partial batch responses (default true)
  --quiet                                 do not print function logs
  --help                                  show this help
`;

/** A command-line mistake: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Parsed command line. */
export interface LabCommand {
  readonly help: boolean;
  readonly quiet: boolean;
  readonly batchOptions: BatchPartialOptions;
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
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  try {
    return {
      help: values.help,
      quiet: values.quiet,
      batchOptions: parseBatchPartialOptions({
        batchSize: values['batch-size'],
        reportBatchItemFailures: values['report-batch-item-failures'],
      }),
    };
  } catch (error) {
    if (error instanceof InvalidBatchPartialOptionError) throw new UsageError(error.message);
    throw error;
  }
}
