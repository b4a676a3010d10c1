/** The command line of the lab package's own command, `sqs-lab` (lab/cli/serve.ts). */
import { join, resolve } from 'node:path';
import { LOCAL_OUTPUTS_FILE } from '../outputs';
import { MESSAGES } from '../locales/messages';
import { type CommandLine, HELP_OPTION, LANGUAGE_OPTION, type OptionTable } from './command-line';
import { UsageError } from './usage-error';

/** Every option of `sqs-lab`. */
export const SERVE_OPTIONS = {
  ...LANGUAGE_OPTION,
  ...HELP_OPTION,
  app: { type: 'string' },
  context: { type: 'string', short: 'c', multiple: true },
  outputs: { type: 'string' },
  quiet: { type: 'boolean', default: false },
} as const satisfies OptionTable;

/** Parsed command line. */
export interface ServeCommand {
  readonly help: boolean;
  /** `--app <dir>`: the CDK app to synthesize and deploy at start (absolute); none: an empty lab for the CDK CLI. */
  readonly app: string | undefined;
  /** Every `-c name=value`, as `cdk deploy` takes them, over the app's cdk.json context. */
  readonly context: Readonly<Record<string, string>>;
  /** Where the outputs go: `--outputs`, else cdk-outputs.local.json in the app's directory (or here). */
  readonly outputs: string;
  /** No function or platform lines on the terminal. */
  readonly quiet: boolean;
}

/** The command a read line asks for; throws UsageError on a bad flag or `-c` pair, in the line's language. */
export function serveCommand(line: CommandLine<typeof SERVE_OPTIONS>, cwd: string = process.cwd()): ServeCommand {
  const say = MESSAGES[line.language].serve;
  const { values } = line.check();
  const context: Record<string, string> = {};
  for (const pair of values.context ?? []) {
    const separator = pair.indexOf('=');
    if (separator < 1) throw new UsageError(say.contextNeedsPair(pair));
    context[pair.slice(0, separator)] = pair.slice(separator + 1);
  }
  const app = values.app === undefined ? undefined : resolve(cwd, values.app);
  return {
    help: values.help,
    app,
    context,
    outputs: values.outputs === undefined ? join(app ?? cwd, LOCAL_OUTPUTS_FILE) : resolve(cwd, values.outputs),
    quiet: values.quiet,
  };
}
