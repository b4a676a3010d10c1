/** The command line of `npm run lab:deploy`. */
import { join } from 'node:path';
import {
  type CommandLine,
  HELP_OPTION,
  LANGUAGE_OPTION,
  LOCAL_OUTPUTS_FILE,
  type OptionTable,
  REPOSITORY_ROOT,
} from '@sqs-lab/lab';
import { CONTEXT_OPTION, parseContextPairs } from './lab-args';

/** Every option of `npm run lab:deploy`. */
export const DEPLOY_OPTIONS = {
  ...LANGUAGE_OPTION,
  ...CONTEXT_OPTION,
  ...HELP_OPTION,
  outputs: { type: 'string' },
} as const satisfies OptionTable;

/** Parsed command line. */
export interface DeployCommand {
  readonly help: boolean;
  /** Every `-c name=value`, as given. */
  readonly context: Record<string, string>;
  /** The running lab's outputs file (default `cdk-outputs.local.json` at the project root). */
  readonly outputsFile: string;
}

/** The command a read line asks for; throws UsageError on a bad flag or `-c` pair, in the line's language. */
export function deployCommand(line: CommandLine<typeof DEPLOY_OPTIONS>): DeployCommand {
  const { values } = line.check();
  const outputsFile = values.outputs ?? join(REPOSITORY_ROOT, LOCAL_OUTPUTS_FILE);
  // The help is shown whatever the -c pairs say.
  if (values.help) return { help: true, context: {}, outputsFile };
  return { help: false, context: parseContextPairs(values.context ?? [], line.language), outputsFile };
}
