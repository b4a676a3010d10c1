/**
 * `sqs-lab`, the lab package's own command: starts a lab on this machine and serves it until
 * Ctrl-C. With `--app <dir>` it synthesizes that CDK app with its own cdk.json command (as the
 * CDK CLI does) and deploys every stack, printing the stack events as `cdk deploy` does; without
 * it the lab starts empty, for the real CDK CLI (`cdk bootstrap`, `cdk deploy`) pointed at its one
 * endpoint. It writes the outputs file (the stacks' outputs and the lab's `LocalLab` entry) and
 * starts the console.
 *
 *   npx sqs-lab --app ../my-sqs-app -c stage=dev
 *   npx sqs-lab                                  (then AWS_ENDPOINT_URL=… npx cdk deploy)
 */
import { cdkAppDirectory, NotACdkAppError } from '../app/cdk-app-directory';
import { resolveLanguage, type Language } from '../common/language';
import { MESSAGES } from '../locales/messages';
import { readCommand } from './command-line';
import { SERVE_OPTIONS, serveCommand } from './serve-args';
import { previousPorts } from './previous-ports';
import { stopRequest } from './stop-request';

let language: Language = resolveLanguage(undefined);

async function main(): Promise<number> {
  // Paths are the user's: npm run sets the package's directory as cwd, and says where they were in INIT_CWD.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const read = readCommand(process.argv.slice(2), SERVE_OPTIONS, (line) => serveCommand(line, cwd));
  language = read.language;
  const say = MESSAGES[language].serve;
  if (read.mistake !== undefined) {
    process.stderr.write(`${say.error(read.mistake)}\n\n${say.usage}`);
    return 2;
  }
  const { command } = read;
  if (command.help) {
    process.stdout.write(say.usage);
    return 0;
  }
  let app;
  try {
    app = command.app === undefined ? undefined : cdkAppDirectory(command.app, { context: command.context });
  } catch (error) {
    if (!(error instanceof NotACdkAppError)) throw error;
    process.stderr.write(`${say.error(error.message)}\n`);
    return 2;
  }
  // The lab loads only to start one: help and mistakes answer at once.
  const [{ startLab }, { startConsole }, { LabBus }, { printLogs }, { formatStackEvent }, outputs, environment] =
    await Promise.all([
      import('../lab'),
      import('../console/console-server'),
      import('../bus/lab-bus'),
      import('../terminal/print-logs'),
      import('../services/cloudformation/cdk-client/stack-event-format'),
      import('../outputs'),
      import('./cdk-lab-environment'),
    ]);
  // A restart keeps the last run's ports when they are free: the exports a learner pasted, the
  // console's URL and the app's API URLs stay valid (the queues and tables start empty).
  const ports = previousPorts(command.outputs);
  const bus = new LabBus();
  if (!command.quiet) printLogs(bus, undefined, 'pretty');
  bus.on('stack-event', (event) => process.stdout.write(`${formatStackEvent(event)}\n`));
  const lab = await startLab({
    ...(app === undefined ? {} : { app }),
    bus,
    preferredPorts: ports.lab,
    onLabNotes: (notes) => {
      for (const { properties, note } of notes) process.stdout.write(say.labNote(properties, note[language]));
    },
  });
  const labConsole = await startConsole(lab, {
    language,
    ...(ports.console === undefined ? {} : { port: ports.console }),
  });
  const written = lab.outputs();
  await outputs.writeLabOutputs(command.outputs, {
    ...written,
    [outputs.LOCAL_LAB_KEY]: { ...written[outputs.LOCAL_LAB_KEY], ConsoleUrl: labConsole.url },
  });
  const cliEnvironment = environment.cdkLabEnvironment(lab.endpointUrl, {});
  // Listening before saying so (stop-request.ts).
  const stopRequested = stopRequest((signal) => process.stdout.write(say.stopping(signal)));
  process.stdout.write(
    say.ready({
      startupMs: lab.startupMs,
      stacks: [...lab.deployed.keys()],
      endpointUrl: lab.endpointUrl,
      consoleUrl: labConsole.url,
      outputsPath: command.outputs,
      // The endpoint first: the one a reader looks for.
      exports: Object.entries({ AWS_ENDPOINT_URL: lab.endpointUrl, ...cliEnvironment })
        .map(([name, value]) => `${name}=${value}`)
        .join(' '),
      appDir: command.app,
    }),
  );
  await stopRequested;
  await labConsole.stop();
  await lab.stop();
  process.stdout.write(say.stopped);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      MESSAGES[language].serve.failed(error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
    );
    process.exitCode = 1;
  },
);
