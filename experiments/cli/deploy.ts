/**
 * `npm run lab:deploy -- [-c name=value]…`: synthesizes again and applies the difference to the
 * running lab (`npm run lab` in another terminal), as `cdk deploy` applies a change set. Prints
 * the stack events; exits 0 on `UPDATE_COMPLETE`, 1 naming the failed resource and the reason.
 */
import { type DeployStreamLine, formatStackEvent, readCommand, readLocalLabEntry, type StackEvent } from '@sqs-lab/lab';
import { MESSAGES } from '../locales/messages';
import { DEPLOY_OPTIONS, deployCommand } from './deploy-args';

async function main(): Promise<number> {
  const read = readCommand(process.argv.slice(2), DEPLOY_OPTIONS, deployCommand);
  const { language } = read;
  const say = MESSAGES[language].lab;
  if (read.mistake !== undefined) {
    process.stderr.write(`${say.error(read.mistake)}\n\n${say.deployUsage}`);
    return 2;
  }
  const { command } = read;
  if (command.help) {
    process.stdout.write(say.deployUsage);
    return 0;
  }
  const { context, outputsFile } = command;
  const url = await readLocalLabEntry(outputsFile, 'DeployEndpointUrl');
  if (url === undefined) {
    process.stderr.write(say.noLab(outputsFile));
    return 1;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ context }),
    });
  } catch {
    process.stderr.write(say.notAnswering(url));
    return 1;
  }
  if (!response.ok || response.body === null) {
    const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
    process.stderr.write(say.refused(body.error?.message ?? response.statusText));
    return 1;
  }
  let outcome = 1;
  let buffered = '';
  // A stack with no event in this deploy had nothing to change: its change set was empty.
  const changed = new Set<string>();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += Buffer.from(chunk).toString('utf8');
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as DeployStreamLine;
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      if ('event' in line) {
        changed.add(line.event.stackName);
        process.stdout.write(
          `${formatStackEvent({ ...line.event, timestamp: new Date(line.event.timestamp) } as StackEvent)}\n`,
        );
      } else if ('result' in line) {
        for (const { properties, note } of line.result.notes)
          process.stdout.write(say.labNote(properties, note[language]));
        for (const stack of line.result.stacks)
          process.stdout.write(
            changed.has(stack.stackName)
              ? say.stackDone(stack.stackName, stack.status)
              : say.stackUnchanged(stack.stackName),
          );
        outcome = 0;
      } else {
        const { error } = line;
        process.stderr.write(
          say.deployError(
            `${error.logicalId === undefined ? error.message : `${error.logicalId} failed: ${error.reason ?? ''}`}${error.status === undefined ? '' : ` (${error.status})`}`,
          ),
        );
        outcome = 1;
      }
    }
  }
  return outcome;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`lab:deploy failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
