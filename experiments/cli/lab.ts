/**
 * `npm run lab`: synthesizes the CDK app, deploys both stacks to the local lab (printing the
 * stack events as `cdk deploy` does), serves them until Ctrl-C and writes
 * `cdk-outputs.local.json`, so the tutorial's commands work with the file name swapped.
 * `npm run lab:deploy` (or `--watch`, on every save) applies later edits to the running lab.
 *
 *   npm run lab -- --batch-size 1 --report-batch-item-failures false
 *   npm run lab -- --batch-formation full      (always full batches; default AWS-like, seed printed)
 *   npm run lab -- --inspect                   (a debugger on the handlers; function timeouts suspended)
 *   npm run lab -- --app ../my-sqs-app         (your own CDK app: the lab package's sqs-lab serves it)
 */
import { watch } from 'node:fs';
import { join } from 'node:path';
import {
  batchFormationLine,
  extraOriginsFrom,
  formatStackEvent,
  inspectorRefusal,
  type Lab,
  type LabOutputs,
  type Language,
  LOCAL_LAB_KEY,
  LOCAL_OUTPUTS_FILE,
  openLabInspector,
  previousPorts,
  stopRequest,
  readCommand,
  REPOSITORY_ROOT,
  resolveLanguage,
  StackOperationFailedError,
  withInspectDefault,
  writeLabOutputs,
} from '@sqs-lab/lab';
import { MESSAGES } from '../locales/messages';
import { LAB_OPTIONS, labCommand } from './lab-args';

let language: Language = resolveLanguage(undefined);

async function main(): Promise<void> {
  // Your own app: the lab package's command serves it (it reads the same command line).
  if (process.argv.slice(2).some((arg) => arg === '--app' || arg.startsWith('--app='))) {
    await import('@sqs-lab/lab/serve');
    return;
  }
  const read = readCommand(withInspectDefault(process.argv.slice(2)), LAB_OPTIONS, (line) => {
    const command = labCommand(line);
    // A bad entry fails here, in one sentence, not on the first cross-origin request.
    extraOriginsFrom(process.env);
    return command;
  });
  language = read.language;
  const say = MESSAGES[language].lab;
  if (read.mistake !== undefined) {
    process.stderr.write(`${say.error(read.mistake)}\n\n${say.usage}`);
    process.exitCode = 2;
    return;
  }
  const { command } = read;
  if (command.help) {
    process.stdout.write(say.usage);
    return;
  }
  // Before the lab starts, so a debugger attached early sees every function's first environment.
  const labInspector = command.inspect === undefined ? undefined : openLabInspector(command.inspect, language);
  if (labInspector !== undefined) process.stdout.write(MESSAGES[language].inspect.open(labInspector.address));
  // The tutorial's side loads only to start a lab: help and mistakes answer at once.
  const [
    { startTutorialLab },
    { TUTORIAL_CONSOLE_EXPERIMENTS },
    { TUTORIAL_SEND_FORM },
    { TUTORIAL_IN_FLIGHT_LINES },
    { startConsole, startDeployEndpoint, LabBus, printLogs, onEmulatorThreadLost },
  ] = await Promise.all([
    import('../tutorial-app'),
    import('../console-experiments'),
    import('../console-send-form'),
    import('../console-in-flight-lines'),
    import('@sqs-lab/lab'),
  ]);
  onEmulatorThreadLost(({ kind, error }) => {
    process.stderr.write(say.threadLost(kind, error.message));
    process.exit(1);
  });
  const printEvent = (event: Parameters<typeof formatStackEvent>[0]): void => {
    process.stdout.write(`${formatStackEvent(event)}\n`);
  };
  const outputsPath = command.outputs ?? join(REPOSITORY_ROOT, LOCAL_OUTPUTS_FILE);
  const ports = previousPorts(outputsPath);
  // The CLI prints; the lab only publishes. Attached before the deploy, so its lines print live.
  const bus = new LabBus();
  if (!command.quiet) printLogs(bus, undefined, command.logFormat);
  bus.on('stack-event', printEvent);
  bus.on('alarm', ({ alarmName, state, reason }) => process.stdout.write(say.alarm(alarmName, state, reason)));
  bus.on('alarm-action', ({ alarmName, succeeded, summary }) => {
    if (!succeeded) process.stdout.write(say.alarmActionFailed(alarmName, summary));
  });
  const lab = await startTutorialLab({
    preferredPorts: ports.lab,
    batchOptions: command.batchOptions,
    context: command.context,
    bus,
    batchFormation: command.batchFormation,
    deployOnStart: !command.empty,
    debugging: labInspector !== undefined,
    onLabNotes: (notes) => {
      for (const { properties, note } of notes) process.stdout.write(say.labNote(properties, note[language]));
    },
  });
  const endpoint = await startDeployEndpoint(
    (context, onEvent) => lab.deploy({ context: { ...command.context, ...context }, onEvent }),
    ports.deploy,
  );
  // The tutorial's experiments, send form and worker lines register with the console, which imports none.
  const labConsole = await startConsole(lab, {
    language,
    experiments: TUTORIAL_CONSOLE_EXPERIMENTS,
    sendForm: TUTORIAL_SEND_FORM,
    inFlightLines: TUTORIAL_IN_FLIGHT_LINES,
    ...(ports.console === undefined ? {} : { port: ports.console }),
  });
  const writeOutputs = (): Promise<void> =>
    writeLabOutputs(outputsPath, withLabEndpoints(lab.outputs(), endpoint.url, labConsole.url));
  await writeOutputs();
  const outputs = lab.outputs();
  // Listening for Ctrl-C before saying the lab is ready (stop-request.ts).
  const stopRequested = stopRequest((signal) => process.stdout.write(say.stopping(signal)));
  // The seed line first: a run can only be replayed if it was printed.
  process.stdout.write(`${batchFormationLine(lab.batchFormation, language)}\n`);
  if (command.empty)
    process.stdout.write(
      say.readyEmpty({
        startupMs: lab.startupMs,
        outputsPath,
        endpointUrl: lab.endpointUrl,
        consoleUrl: labConsole.url,
      }),
    );
  else
    process.stdout.write(
      say.ready({
        startupMs: lab.startupMs,
        outputsPath,
        visibilityApi: lab.stack('VisibilityDupStack').apiEndpoint,
        batchApi: lab.stack('BatchPartialStack').apiEndpoint,
        batchSize: command.batchOptions.batchSize,
        reportBatchItemFailures: command.batchOptions.reportBatchItemFailures,
        logsEndpoint: lab.logsEndpoint,
        consoleUrl: labConsole.url,
        // The tutorial's example: how many messages Step 8's DLQ holds, through the lab's one endpoint.
        awsCliExample:
          `${outputs[LOCAL_LAB_KEY]?.AwsCliEnvironment ?? ''} aws sqs get-queue-attributes ` +
          `--queue-url "$(jq -r '.BatchPartialStack.DlqUrl' ${LOCAL_OUTPUTS_FILE})" --attribute-names ApproximateNumberOfMessages`,
        awsCliEnvironment: outputs[LOCAL_LAB_KEY]?.AwsCliEnvironment ?? '',
        workerLogGroup: outputs.VisibilityDupStack?.WorkerLogGroup ?? '',
        endpointUrl: lab.endpointUrl,
      }),
    );
  const stopWatching = command.watch ? watchSources(lab, command.context, writeOutputs) : () => undefined;
  await stopRequested;
  stopWatching();
  await labConsole.stop();
  await endpoint.stop();
  await lab.stop();
  labInspector?.close();
  process.stdout.write(say.stopped);
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
    process.stdout.write(MESSAGES[language].lab.changeDetected);
    running = lab
      .deploy({ context })
      .then(async () => {
        await afterDeploy();
        process.stdout.write(MESSAGES[language].lab.deployed);
      })
      .catch((error: unknown) => {
        const why = error instanceof StackOperationFailedError ? `${error.logicalId}: ${error.reason}` : String(error);
        process.stdout.write(MESSAGES[language].lab.deployFailed(why));
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
    watch(join(REPOSITORY_ROOT, folder), { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(deploy, 300);
    }),
  );
  process.stdout.write(MESSAGES[language].lab.watching(`${WATCHED.join('/, ')}/`));
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}

main().catch((error: unknown) => {
  const refusal = inspectorRefusal(error);
  if (refusal !== undefined) {
    process.stderr.write(refusal);
    process.exitCode = 1;
    return;
  }
  process.stderr.write(
    MESSAGES[language].lab.failed(error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
  );
  process.exitCode = 1;
});
