import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { type BatchPartialOptions, batchPartialTopology, DEFAULT_BATCH_PARTIAL_OPTIONS } from './topology';
import { TopologyStack } from './topology-stack';

/** Props of {@link BatchPartialStack}. */
export interface BatchPartialStackProps extends StackProps {
  /** The deploy-time switches (CDK context `batchSize`, `reportBatchItemFailures`). */
  readonly options?: BatchPartialOptions;
  /** Where the DLQ alarm's topic sends e-mail (CDK context `alarmEmail`). */
  readonly alarmEmail?: string;
}

/** Step 8: batches, partial batch responses and a DLQ after `maxReceiveCount` receives. */
export class BatchPartialStack extends TopologyStack {
  constructor(scope: Construct, id = 'BatchPartialStack', props: BatchPartialStackProps = {}) {
    const { options = DEFAULT_BATCH_PARTIAL_OPTIONS, ...stackProps } = props;
    super(scope, id, {
      description: `sqs-lab Step 8: batch size ${options.batchSize}, reportBatchItemFailures ${options.reportBatchItemFailures}, DLQ`,
      ...stackProps,
      topology: batchPartialTopology(options),
    });
  }
}
