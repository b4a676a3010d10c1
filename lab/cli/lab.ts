/**
 * `npm run lab`: synthesizes the CDK app, deploys both stacks to the local lab (printing the
 * stack events as `cdk deploy` does), serves them until Ctrl-C and writes
 * `cdk-outputs.local.json`, so the tutorial's commands work with the file name swapped.
 * `npm run lab:deploy` (or `--watch`, on every save) applies later edits to the running lab.
 *
 *   npm run lab -- --batch-size 1 --report-batch-item-failures false
 */
import { watch } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../lib/project-root';
import type { BatchPartialOptions } from '../../lib/topology';
import { type Lab, startLab } from '../lab';
import { LAB_USAGE, type LabCommand, parseLabArgs, UsageError } from './lab-args';
import { LOCAL_LAB_KEY, LOCAL_OUTPUTS_FILE, type LabOutputs, writeLabOutputs } from '../outputs';
import { startConsole } from '../console/console-server';
import { startDeployEndpoint } from '../services/cloudformation/deploy-endpoint';
import { StackOperationFailedError } from '../services/cloudformation/errors';
import { formatStackEvent } from '../services/cloudformation/stack-event-format';

function readyText(lab: Lab, outputsPath: string, batchOptions: BatchPartialOptions): string {
  const visibility = lab.stack('VisibilityDupStack');
  const batch = lab.stack('BatchPartialStack');
  const cli = lab.outputs()[LOCAL_LAB_KEY] ?? {};
  return `
Lab ready in ${lab.startupMs} ms. Outputs: ${outputsPath}
  VisibilityDupStack  API ${visibility.apiEndpoint}
  BatchPartialStack   API ${batch.apiEndpoint}  (batchSize ${batchOptions.batchSize}, reportBatchItemFailures ${batchOptions.reportBatchItemFailures})
  CloudWatch Logs     ${lab.logsEndpoint}  (the stacks' log groups: the …LogGroup outputs)

In a second terminal:
  API=$(jq -r '.VisibilityDupStack.ApiEndpoint' ${LOCAL_OUTPUTS_FILE})
  curl -X POST "\${API}enqueue" -H "Content-Type: application/json" -d '{"id":"msg-1","sleep":8}'

  API=$(jq -r '.BatchPartialStack.ApiEndpoint' ${LOCAL_OUTPUTS_FILE})
  curl -X POST "\${API}enqueue" -H "Content-Type: application/json" -d '{"count":10,"failEvery":3}'

  ${cli.AwsCliExample ?? ''}

  # the functions' lines, as CloudWatch Logs holds them (the local twin of aws logs tail):
  ${cli.AwsCliEnvironment ?? ''} aws logs tail ${lab.outputs().VisibilityDupStack?.WorkerLogGroup ?? ''} --follow --endpoint-url ${lab.logsEndpoint}

Ctrl-C stops the lab.
`;
}

async function main(): Promise<void> {
  let command: LabCommand;
  try {
    command = parseLabArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`error: ${error.message}\n\n${LAB_USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (command.help) {
    process.stdout.write(LAB_USAGE);
    return;
  }
  const printEvent = (event: Parameters<typeof formatStackEvent>[0]): void => {
    process.stdout.write(`${formatStackEvent(event)}\n`);
  };
  const lab = await startLab({
    batchOptions: command.batchOptions,
    context: command.context,
    quiet: command.quiet,
    logFormat: command.logFormat,
    onStackEvent: printEvent,
  });
  const outputsPath = join(PROJECT_ROOT, LOCAL_OUTPUTS_FILE);
  const endpoint = await startDeployEndpoint((context, onEvent) =>
    lab.deploy({ context: { ...command.context, ...context }, onEvent }),
  );
  const labConsole = await startConsole(lab);
  const writeOutputs = (): Promise<void> =>
    writeLabOutputs(outputsPath, withLabEndpoints(lab.outputs(), endpoint.url, labConsole.url));
  await writeOutputs();
  process.stdout.write(readyText(lab, outputsPath, command.batchOptions));
  process.stdout.write(`Console: ${labConsole.url}  (queues, messages in flight, DLQ, table, experiments, logs)\n\n`);
  const stopWatching = command.watch ? watchSources(lab, command.context, writeOutputs) : () => undefined;
  await new Promise<void>((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.stdout.write(
        `\n${signal}: stopping the lab (batches in flight finish first; Ctrl-C again to quit at once)\n`,
      );
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.once('SIGINT', () => process.exit(130));
      resolve();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  stopWatching();
  await labConsole.stop();
  await endpoint.stop();
  await lab.stop();
  process.stdout.write('Lab stopped.\n');
}

function withLabEndpoints(outputs: LabOutputs, deployUrl: string, consoleUrl: string): LabOutputs {
  return {
    ...outputs,
    [LOCAL_LAB_KEY]: { ...outputs[LOCAL_LAB_KEY], DeployEndpointUrl: deployUrl, ConsoleUrl: consoleUrl },
  };
}

/** The folders `cdk watch` watches for this app (cdk.json's `watch.include`). */
const WATCHED = ['bin', 'lib', 'lambda'];

/** Redeploys after every burst of saves, one deploy at a time, as `cdk watch` does. */
function watchSources(
  lab: Lab,
  context: Readonly<Record<string, string>>,
  afterDeploy: () => Promise<void>,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const deploy = (): void => {
    if (running !== undefined) {
      again = true;
      return;
    }
    process.stdout.write('\nChange detected: synthesizing and deploying to the lab...\n');
    running = lab
      .deploy({ context })
      .then(async () => {
        await afterDeploy();
        process.stdout.write('Deployed. The lab runs the new code.\n');
      })
      .catch((error: unknown) => {
        const why = error instanceof StackOperationFailedError ? `${error.logicalId}: ${error.reason}` : String(error);
        process.stdout.write(`Deploy failed, the lab keeps the previous version (${why}).\n`);
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          deploy();
        }
      });
  };
  const watchers = WATCHED.map((folder) =>
    watch(join(PROJECT_ROOT, folder), { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(deploy, 300);
    }),
  );
  process.stdout.write(`Watching ${WATCHED.join('/, ')}/ for changes.\n`);
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`lab failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
  process.exitCode = 1;
});
