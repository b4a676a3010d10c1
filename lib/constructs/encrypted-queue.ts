import { Duration } from 'aws-cdk-lib';
import { type IQueue, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { InvalidTopologyError } from '../errors';
import type { QueueSpec } from '../topology';

/** Props of {@link EncryptedQueue}. */
export interface EncryptedQueueProps {
  readonly spec: QueueSpec;
  /** The queue named by `spec.deadLetter`, already built. */
  readonly deadLetterQueue?: IQueue;
}

/**
 * A standard queue encrypted at rest (SQS-managed keys) and in transit (its policy denies plain
 * HTTP), with retention, timeout and redrive from the topology: every queue of both stacks,
 * dead-letter queues included. When the spec has
 * `createVisibilityTimeoutSeconds`, that is the template value: {@link LoweredVisibilityTimeout}
 * lowers it after the event source mapping exists. Deleted with the stack (the default).
 */
export class EncryptedQueue extends Queue {
  constructor(scope: Construct, id: string, props: EncryptedQueueProps) {
    const { spec, deadLetterQueue } = props;
    if (spec.deadLetter !== undefined && deadLetterQueue === undefined) {
      throw new InvalidTopologyError(
        `queue ${spec.id} redrives to ${spec.deadLetter.queueId}; build that queue first and pass it.`,
      );
    }
    super(scope, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.seconds(spec.retentionSeconds),
      visibilityTimeout: Duration.seconds(spec.createVisibilityTimeoutSeconds ?? spec.visibilityTimeoutSeconds),
      ...(spec.delaySeconds === undefined ? {} : { deliveryDelay: Duration.seconds(spec.delaySeconds) }),
      ...(spec.deadLetter && deadLetterQueue
        ? { deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: spec.deadLetter.maxReceiveCount } }
        : {}),
    });
  }
}
