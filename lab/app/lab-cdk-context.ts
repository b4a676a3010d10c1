/**
 * The CDK context the lab synthesizes the app with, on top of cdk.json (a `-c` given to the lab
 * still wins): what differs between a deploy to AWS and a deploy to the lab.
 */

import { LAB_MAX_PROPAGATION_MS, type ResolvedPropagation, settleSecondsOf } from '../common/propagation';

/**
 * `queueSettleSeconds` on the lab: how long the Raise step around the Step 7 mapping waits after
 * raising the queue's visibility timeout (60 s on AWS, SQS's documented worst case). The lab's
 * simulated propagation delay of queue attributes must stay below this, as AWS's stays below 60 s:
 * 0.4 s is twice the default longest delay ({@link LAB_MAX_PROPAGATION_MS}, 200 ms), and keeps a
 * lab start short (the stack waits this long once per start).
 */
export const LAB_QUEUE_SETTLE_SECONDS = 0.4;

/**
 * The lab's settle time for a lab with this propagation: {@link LAB_QUEUE_SETTLE_SECONDS}, or
 * the longest delay when that is longer, so the Raise step still waits for it.
 */
export function labQueueSettleSeconds(propagation: ResolvedPropagation): number {
  return Math.max(LAB_QUEUE_SETTLE_SECONDS, settleSecondsOf(propagation));
}

/** The context pairs, as strings (as `cdk -c` passes them). */
export const LAB_CDK_CONTEXT: Readonly<Record<string, string>> = {
  queueSettleSeconds: String(LAB_QUEUE_SETTLE_SECONDS),
};
