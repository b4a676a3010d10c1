/**
 * The real CDK CLI run against a lab's one endpoint as `npm run cdk:lab` runs it (the wrapper's
 * environment and arguments, lab/cli/cdk-lab-environment.ts), without the wrapper's own process,
 * and without blocking the caller's event loop (the lab answering the CLI may share it).
 */
import { CDK_CLI_SCRIPT, cdkLabArguments, cdkLabEnvironment } from '../cli/cdk-lab-environment';
import { type CommandResult, runCommand } from './run-command';

/** Runs `cdk <args>` in `cwd` against the lab at `endpointUrl`; killed after `timeoutMs`. */
export function runCdkOnLab(
  endpointUrl: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly timeoutMs: number },
): Promise<CommandResult> {
  return runCommand(process.execPath, [CDK_CLI_SCRIPT, ...cdkLabArguments(args)], {
    cwd: options.cwd,
    env: cdkLabEnvironment(endpointUrl, process.env),
    timeoutMs: options.timeoutMs,
  });
}
