import { ChangeMessageVisibilityCommand, type SQSClient } from '@aws-sdk/client-sqs';

/** A running naive heartbeat. */
export interface NaiveHeartbeat {
  stop(): void;
}

/**
 * The tutorial's heartbeat: one `setInterval` per message, each tick one
 * ChangeMessageVisibility per message, not awaited (a failure is swallowed here only so the
 * bench cannot crash; the tutorial leaves it unhandled).
 */
export function startNaiveHeartbeat(
  client: SQSClient,
  queueUrl: string,
  receiptHandles: readonly string[],
  intervalMs: number,
  extensionSeconds: number,
): NaiveHeartbeat {
  const timers = receiptHandles.map((receiptHandle) =>
    setInterval(() => {
      client
        .send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: queueUrl,
            ReceiptHandle: receiptHandle,
            VisibilityTimeout: extensionSeconds,
          }),
        )
        .catch(() => undefined);
    }, intervalMs),
  );
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
    },
  };
}
