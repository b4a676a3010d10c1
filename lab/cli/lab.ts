/**
 * `npm run lab`: serves both stacks locally until Ctrl-C and writes `cdk-outputs.local.json`,
 * so the tutorial's commands work with the file name swapped.
 *
 *   npm run lab -- --batch-size 1 --report-batch-item-failures false
 *   npm run lab -- --batch-formation full      (always full batches; default AWS-like, seed printed)
 */
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../lib/project-root';
import type { BatchPartialOptions } from '../../lib/topology';
import { type Lab, startLab } from '../lab';
import { LAB_USAGE, type LabCommand, parseLabArgs, UsageError } from './lab-args';
import { LOCAL_LAB_KEY, LOCAL_OUTPUTS_FILE, writeLabOutputs } from '../outputs';
import { batchFormationLine } from './batch-formation-args';

function readyText(lab: Lab, outputsPath: string, batchOptions: BatchPartialOptions): string {
  // The seed line comes first: a run can only be replayed if it was printed.
  const visibility = lab.stack('VisibilityDupStack');
  const batch = lab.stack('BatchPartialStack');
  const cli = lab.outputs()[LOCAL_LAB_KEY] ?? {};
  return `
Lab ready in ${lab.startupMs} ms. Outputs: ${outputsPath}
  ${batchFormationLine(lab.batchFormation)}
  VisibilityDupStack  API ${visibility.apiEndpoint}
  BatchPartialStack   API ${batch.apiEndpoint}  (batchSize ${batchOptions.batchSize}, reportBatchItemFailures ${batchOptions.reportBatchItemFailures})

In a second terminal:
  API=$(jq -r '.VisibilityDupStack.ApiEndpoint' ${LOCAL_OUTPUTS_FILE})
  curl -X POST "\${API}enqueue" -H "Content-Type: application/json" -d '{"id":"msg-1","sleep":8}'

  API=$(jq -r '.BatchPartialStack.ApiEndpoint' ${LOCAL_OUTPUTS_FILE})
  curl -X POST "\${API}enqueue" -H "Content-Type: application/json" -d '{"count":10,"failEvery":3}'

  ${cli.AwsCliExample ?? ''}

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
  const lab = await startLab({
    batchOptions: command.batchOptions,
    batchFormation: command.batchFormation,
    quiet: command.quiet,
  });
  const outputsPath = join(PROJECT_ROOT, LOCAL_OUTPUTS_FILE);
  await writeLabOutputs(outputsPath, lab.outputs());
  process.stdout.write(readyText(lab, outputsPath, command.batchOptions));
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
  await lab.stop();
  process.stdout.write('Lab stopped.\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`lab failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
  process.exitCode = 1;
});
