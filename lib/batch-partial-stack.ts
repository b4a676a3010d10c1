import { CfnOutput, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import {
  type BatchPartialOptions,
  batchPartialTopology,
  DEFAULT_BATCH_PARTIAL_OPTIONS,
  eventFilterOutputOf,
} from './topology';
import { TopologyStack } from './topology-stack';

/** Props of {@link BatchPartialStack}. */
export interface BatchPartialStackProps extends StackProps {
  /** The deploy-time switches (CDK context `batchSize`, `reportBatchItemFailures`, `eventFilter`). */
  readonly options?: BatchPartialOptions;
  /** Where the DLQ alarm's topic sends e-mail (CDK context `alarmEmail`). */
  readonly alarmEmail?: string;
}

/**
 * Step 8: batches, partial batch responses and a DLQ after `maxReceiveCount` receives. With
 * `-c eventFilter=true` the mapping filters out messages marked `shouldFail`; output
 * `EventFilter` shows the pattern deployed (`none` without the switch).
 */
export class BatchPartialStack extends TopologyStack {
  constructor(scope: Construct, id = 'BatchPartialStack', props: BatchPartialStackProps = {}) {
    const { options = DEFAULT_BATCH_PARTIAL_OPTIONS, ...stackProps } = props;
    super(scope, id, {
      description: `sqs-lab Step 8: batch size ${options.batchSize}, reportBatchItemFailures ${options.reportBatchItemFailures}${options.eventFilter === true ? ', event filter' : ''}, DLQ`,
      ...stackProps,
      topology: batchPartialTopology(options),
    });
    new CfnOutput(this, 'EventFilter', {
      value: eventFilterOutputOf(options),
      description: "The worker mapping's FilterCriteria pattern: none unless deployed with -c eventFilter=true",
    });
  }
}
