import { CfnOutput, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import {
  DEFAULT_VISIBILITY_DUP_OPTIONS,
  heartbeatModeOf,
  type VisibilityDupOptions,
  visibilityDupTopology,
} from './topology';
import { TopologyStack } from './topology-stack';

/** Props of {@link VisibilityDupStack}. */
export interface VisibilityDupStackProps extends StackProps {
  /** The deploy-time switch (CDK context `visibilityManager`). */
  readonly options?: VisibilityDupOptions;
  readonly alarmEmail?: string;
}

/**
 * Step 7: a 5 s queue behind a 30 s worker, the heartbeat and the idempotency table.
 * The queue is created at 30 s and lowered after the mapping exists (see LoweredVisibilityTimeout).
 * With `-c visibilityManager=true` the worker takes batches of 10 under one visibility manager
 * each; output `HeartbeatMode` says which worker is deployed.
 */
export class VisibilityDupStack extends TopologyStack {
  constructor(scope: Construct, id = 'VisibilityDupStack', props: VisibilityDupStackProps = {}) {
    const { options = DEFAULT_VISIBILITY_DUP_OPTIONS, ...rest } = props;
    super(scope, id, {
      description: options.visibilityManager
        ? 'sqs-lab Step 7: visibility-timeout duplicates, visibility manager (batch size 10) and idempotency guard'
        : 'sqs-lab Step 7: visibility-timeout duplicates, heartbeat and idempotency guard',
      ...rest,
      topology: visibilityDupTopology(options),
    });
    new CfnOutput(this, 'HeartbeatMode', {
      value: heartbeatModeOf(options),
      description: "The worker's HEARTBEAT_MODE: batch-manager with -c visibilityManager=true",
    });
  }
}
