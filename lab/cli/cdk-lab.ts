/**
 * `npm run cdk:lab -- <cdk arguments>`: the project's own CDK CLI (the pinned devDependency,
 * unmodified) against the running lab (`npm run lab`): `cdk bootstrap`, `cdk deploy`, `cdk diff`,
 * `cdk watch`, `cdk destroy`. The lab is found through its outputs file (`LocalLab.EndpointUrl`;
 * `--lab-outputs <file>` names another); the CLI runs in cdk-lab-environment.ts's environment and
 * with `--no-notices`. Exits with the CLI's code, or 1 with one sentence when there is no lab.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../common/lab-work-dir';
import { resolveLanguage } from '../common/language';
import { MESSAGES } from '../locales/messages';
import { LOCAL_OUTPUTS_FILE, readLocalLabEntry } from '../outputs';
import { CDK_CLI_SCRIPT, cdkLabArguments, cdkLabEnvironment, NotLoopbackEndpointError } from './cdk-lab-environment';

const LAB_OUTPUTS_OPTION = '--lab-outputs';

async function main(): Promise<number> {
  const say = MESSAGES[resolveLanguage(undefined)].cdkLab;
  const args = process.argv.slice(2);
  let outputsFile = join(REPOSITORY_ROOT, LOCAL_OUTPUTS_FILE);
  const at = args.indexOf(LAB_OUTPUTS_OPTION);
  if (at >= 0) {
    const file = args[at + 1];
    if (file === undefined) {
      process.stderr.write(say.missingOutputsFile);
      return 2;
    }
    outputsFile = file;
    args.splice(at, 2);
  }
  const endpointUrl = await readLocalLabEntry(outputsFile, 'EndpointUrl');
  if (endpointUrl === undefined) {
    process.stderr.write(say.noLab(outputsFile));
    return 1;
  }
  let environment: Record<string, string>;
  try {
    environment = cdkLabEnvironment(endpointUrl, process.env);
  } catch (error) {
    if (!(error instanceof NotLoopbackEndpointError)) throw error;
    process.stderr.write(say.notLoopback(endpointUrl, outputsFile));
    return 1;
  }
  try {
    await fetch(endpointUrl, { signal: AbortSignal.timeout(3000) });
  } catch {
    process.stderr.write(say.notAnswering(endpointUrl));
    return 1;
  }
  const cli = spawn(process.execPath, [CDK_CLI_SCRIPT, ...cdkLabArguments(args)], {
    stdio: 'inherit',
    env: environment,
  });
  return new Promise<number>((resolve) => {
    cli.on('error', (error) => {
      process.stderr.write(say.cliFailed(error.message));
      resolve(1);
    });
    cli.on('exit', (code, signal) => resolve(code ?? 128 + (signal === null ? 0 : constants.signals[signal])));
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
