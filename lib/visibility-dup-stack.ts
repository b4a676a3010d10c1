import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { visibilityDupTopology } from './topology';
import { TopologyStack } from './topology-stack';

/**
 * Step 7: a 5 s queue behind a 30 s worker, the heartbeat and the idempotency table.
 * The queue is created at 30 s and lowered after the mapping exists (see LoweredVisibilityTimeout).
 */
export class VisibilityDupStack extends TopologyStack {
  constructor(scope: Construct, id = 'VisibilityDupStack', props: StackProps & { readonly alarmEmail?: string } = {}) {
    super(scope, id, {
      description: 'sqs-lab Step 7: visibility-timeout duplicates, heartbeat and idempotency guard',
      ...props,
      topology: visibilityDupTopology(),
    });
  }
}
