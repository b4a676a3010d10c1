/**
 * The CDK app's content, shared by `bin/sqs-lab.ts` (what `cdk synth` and `cdk deploy` run) and
 * the local lab, which synthesizes the same app in-process and deploys what it renders.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { parseBatchPartialOptions, parseEventFilterOption } from './batch-partial-options';
import { BatchPartialStack } from './batch-partial-stack';
import { InvalidSettingError } from './errors';
import { PROJECT_ROOT } from './project-root';
import { parseVisibilityDupOptions } from './visibility-dup-options';
import { VisibilityDupStack } from './visibility-dup-stack';

/** The `context` block of cdk.json: what the CLI hands the app before any `-c` switch. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return cdkJson.context;
}

/**
 * Adds both stacks, with the deploy-time switches read from the app's context
 * (`-c batchSize=1 -c reportBatchItemFailures=false -c eventFilter=true -c visibilityManager=true`), and the cdk-nag AwsSolutions checks.
 */
export function addSqsLabStacks(app: App): void {
  const options = {
    ...parseBatchPartialOptions({
      batchSize: app.node.tryGetContext('batchSize'),
      reportBatchItemFailures: app.node.tryGetContext('reportBatchItemFailures'),
    }),
    eventFilter: parseEventFilterOption({ eventFilter: app.node.tryGetContext('eventFilter') }),
  };
  const visibilityOptions = parseVisibilityDupOptions({
    visibilityManager: app.node.tryGetContext('visibilityManager'),
  });
  const alarmEmail = app.node.tryGetContext('alarmEmail') as unknown;
  if (alarmEmail !== undefined && (typeof alarmEmail !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(alarmEmail)))
    throw new InvalidSettingError(`alarmEmail must be an e-mail address, got ${JSON.stringify(alarmEmail)}`);
  const email = alarmEmail === undefined ? {} : { alarmEmail };
  new VisibilityDupStack(app, 'VisibilityDupStack', { options: visibilityOptions, ...email });
  new BatchPartialStack(app, 'BatchPartialStack', { options, ...email });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}
