#!/usr/bin/env node
/**
 * The CDK app: reads the deploy-time switches from context and creates the two stacks.
 * `npx cdk deploy --all -c batchSize=1 -c reportBatchItemFailures=false` changes Step 8.
 */
import { App } from 'aws-cdk-lib';
import { addSqsLabStacks } from '../lib/app';

const app = new App();
addSqsLabStacks(app);
app.synth();
