#!/usr/bin/env node
/**
 * The CDK app: reads the deploy-time switches from context and creates the two stacks.
 * `npx cdk deploy --all -c batchSize=1 -c reportBatchItemFailures=false` changes Step 8.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { parseBatchPartialOptions } from '../lib/batch-partial-options';
import { BatchPartialStack } from '../lib/batch-partial-stack';
import { VisibilityDupStack } from '../lib/visibility-dup-stack';

const app = new App();
const options = parseBatchPartialOptions({
  batchSize: app.node.tryGetContext('batchSize'),
  reportBatchItemFailures: app.node.tryGetContext('reportBatchItemFailures'),
});
new VisibilityDupStack(app, 'VisibilityDupStack');
new BatchPartialStack(app, 'BatchPartialStack', { options });
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
