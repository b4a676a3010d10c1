/**
 * The CDK context the lab synthesizes the app with, on top of cdk.json (a `-c` given to the lab
 * still wins): what differs between a deploy to AWS and a deploy to the lab.
 */

/**
 * `queueSettleSeconds` on the lab: how long the Raise step around the Step 7 mapping waits after
 * raising the queue's visibility timeout (60 s on AWS, SQS's documented worst case). The lab's
 * simulated propagation delay of queue attributes must stay below this, as AWS's stays below 60 s.
 */
export const LAB_QUEUE_SETTLE_SECONDS = 1;

/** The context pairs, as strings (as `cdk -c` passes them). */
export const LAB_CDK_CONTEXT: Readonly<Record<string, string>> = {
  queueSettleSeconds: String(LAB_QUEUE_SETTLE_SECONDS),
};
